/// Display width in terminal columns.
///
/// Seed implementation: a small hand-written range check. The text-engine
/// issue replaces it with tables generated from Unicode data.
public enum DisplayWidth {
    /// Columns taken by a whole string, summing its grapheme clusters.
    public static func of(_ text: some StringProtocol, ambiguousWide: Bool = false) -> Int {
        var total = 0
        for ch in text { total += of(ch, ambiguousWide: ambiguousWide) }
        return total
    }

    /// Columns taken by one grapheme cluster: 0, 1 or 2.
    public static func of(_ cluster: Character, ambiguousWide: Bool = false) -> Int {
        if cluster.isASCII { return (cluster.asciiValue ?? 0) >= 0x20 ? 1 : 0 }
        var width = 0
        for scalar in cluster.unicodeScalars {
            width = max(width, scalarWidth(scalar.value))
            if scalar.value == 0xFE0F { width = 2 }
        }
        return width
    }

    static func scalarWidth(_ v: UInt32) -> Int {
        switch v {
        case 0x0300...0x036F, 0x200B...0x200F, 0xFE00...0xFE0F: return 0
        case 0x1100...0x115F, 0x2E80...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF,
             0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6,
             0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x3FFFD:
            return 2
        default: return 1
        }
    }
}
