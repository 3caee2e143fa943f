/// Display width in terminal columns, from the generated Unicode tables
/// (see `unicodeVersion`).
///
/// Intentional differences from `wcwidth.wcswidth` (0.7.0), checked by the
/// differential test:
/// - Control characters (C0, C1, DEL) count 0 here, where wcswidth gives -1
///   for the whole string: they never reach the screen raw, `Sanitizer`
///   turns them into visible pictures, which are measured instead.
/// - A ZWJ that is not followed by a pictograph ends its cluster; wcswidth
///   hides the next character anyway, the terminal shows it, so we count it.
/// - wcswidth's virama/conjunct context can reach across a grapheme
///   boundary; ours stays inside one cluster.
public enum DisplayWidth {
    /// The Unicode version the width tables were generated from.
    public static var unicodeVersion: String { UnicodeTables.unicodeVersion }

    /// Columns taken by a whole string, summing its grapheme clusters.
    public static func of(_ text: some StringProtocol, ambiguousWide: Bool = false) -> Int {
        withUTF8Bytes(text) { of(utf8: $0, ambiguousWide: ambiguousWide) }
    }

    /// Columns taken by one grapheme cluster.
    public static func of(_ cluster: Character, ambiguousWide: Bool = false) -> Int {
        if let a = cluster.asciiValue { return (a >= 0x20 && a != 0x7F) ? 1 : 0 }
        var s = String(cluster)
        return s.withUTF8 { of(utf8: $0, ambiguousWide: ambiguousWide) }
    }

    /// Columns taken by UTF-8 bytes. Printable ASCII is counted eight bytes
    /// at a time; the grapheme scanner only runs around non-ASCII bytes.
    public static func of(utf8 p: UnsafeBufferPointer<UInt8>, ambiguousWide: Bool = false) -> Int {
        let n = p.count
        guard let base = p.baseAddress else { return 0 }
        var total = 0
        var i = 0
        var asciiCounted = false  // was p[i-1] counted by the ASCII loop?
        while i < n {
            // Eight printable ASCII bytes at once: no high bit, none below
            // 0x20, none equal to 0x7F.
            while i + 8 <= n {
                let w = UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self)
                let high = w & 0x8080_8080_8080_8080
                let low = (w &- 0x2020_2020_2020_2020) & ~w & 0x8080_8080_8080_8080
                let x = w ^ 0x7F7F_7F7F_7F7F_7F7F
                let del = (x &- 0x0101_0101_0101_0101) & ~x & 0x8080_8080_8080_8080
                if high | low | del != 0 { break }
                total += 8
                i += 8
                asciiCounted = true
            }
            guard i < n else { break }
            let b = p[i]
            if b < 0x80 {
                if b >= 0x20 && b != 0x7F { total += 1 }
                i += 1
                asciiCounted = true
                continue
            }
            // A non-ASCII scalar may extend the cluster of the ASCII
            // character before it (a combining accent, a spacing mark):
            // measure that cluster again from its start.
            var start = i
            if asciiCounted && i > 0 {
                let prev = p[i - 1]
                if prev >= 0x20 && prev != 0x7F { total -= 1 }
                start = i - 1
            }
            var scanner = GraphemeScanner(p, from: start, ambiguousWide: ambiguousWide)
            // Scan on while clusters end before non-ASCII bytes.
            repeat {
                let c = scanner.scanCluster(from: scanner.position)
                total += c.width
            } while scanner.position < n && p[scanner.position] >= 0x80
            i = scanner.position
            asciiCounted = false
        }
        return total
    }
}
