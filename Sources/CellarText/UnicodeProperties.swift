/// Per-scalar Unicode properties from the generated two-stage table.
///
/// Bit layout of a property word (written by Scripts/gen-width-tables):
/// bits 0-1 width class (0, 1, 2; 3 = control), bit 2 East Asian Ambiguous,
/// bits 4-7 Grapheme_Cluster_Break, bit 8 Extended_Pictographic, bit 9 turned
/// wide by VS16, bit 10 spacing mark (Mc), bit 11 virama, bit 12 Indic
/// consonant, bits 13-14 InCB, bit 15 ideograph/kana (break anywhere),
/// bit 16 no break before, bit 17 no break after, bit 18 breaking space.
@usableFromInline
struct ScalarProps: Sendable {
    @usableFromInline let raw: UInt32
    @inlinable init(_ raw: UInt32) { self.raw = raw }

    @inlinable var widthClass: Int { Int(raw & 3) }
    @inlinable var isAmbiguous: Bool { raw & (1 << 2) != 0 }
    @inlinable var gcb: GCB { GCB(rawValue: UInt8((raw >> 4) & 15)) ?? .other }
    @inlinable var isExtendedPictographic: Bool { raw & (1 << 8) != 0 }
    @inlinable var widensWithVS16: Bool { raw & (1 << 9) != 0 }
    @inlinable var isSpacingMark: Bool { raw & (1 << 10) != 0 }
    @inlinable var isVirama: Bool { raw & (1 << 11) != 0 }
    @inlinable var isIndicConsonant: Bool { raw & (1 << 12) != 0 }
    @inlinable var incb: UInt32 { (raw >> 13) & 3 }
    @inlinable var breaksAnywhere: Bool { raw & (1 << 15) != 0 }
    @inlinable var noBreakBefore: Bool { raw & (1 << 16) != 0 }
    @inlinable var noBreakAfter: Bool { raw & (1 << 17) != 0 }
    @inlinable var isBreakingSpace: Bool { raw & (1 << 18) != 0 }

    /// Columns of the scalar on its own; controls count 0 here (they are
    /// sanitised to visible pictures before anything is drawn).
    @inlinable func columns(ambiguousWide: Bool) -> Int {
        let w = widthClass
        if w == 3 { return 0 }
        if w == 1 && ambiguousWide && isAmbiguous { return 2 }
        return w
    }
}

/// Grapheme_Cluster_Break values, numbered as wcwidth numbers them.
@usableFromInline
enum GCB: UInt8, Sendable {
    case other, cr, lf, control, extend, zwj, regionalIndicator, prepend, spacingMark, l, v, t, lv, lvt
}

/// The decoded lookup table. Its buffers live for the whole process and are
/// never written after construction, hence `@unchecked Sendable`.
final class PropertyTable: @unchecked Sendable {
    static let shared = PropertyTable()
    static var unicodeVersion: String { UnicodeTables.unicodeVersion }

    let stage1: UnsafeMutableBufferPointer<UInt16>
    let stage2: UnsafeMutableBufferPointer<UInt8>
    let props: UnsafeMutableBufferPointer<UInt32>

    private init() {
        let s1 = Base64.decode(UnicodeTables.stage1Base64)
        let s2 = Base64.decode(UnicodeTables.stage2Base64)
        stage1 = .allocate(capacity: 0x1100)
        stage1.initialize(repeating: 0)
        for i in 0..<min(0x1100, s1.count / 2) {
            stage1[i] = UInt16(s1[2 * i]) | UInt16(s1[2 * i + 1]) << 8
        }
        // Every stage1 entry must point inside stage2; a corrupt table maps to block 0.
        let blocks = s2.count / 256
        for i in 0..<stage1.count where Int(stage1[i]) >= blocks { stage1[i] = 0 }
        stage2 = .allocate(capacity: max(256, s2.count))
        stage2.initialize(repeating: 0)
        for (i, b) in s2.enumerated() { stage2[i] = b }
        let p = UnicodeTables.props
        props = .allocate(capacity: 256)
        props.initialize(repeating: 1)
        for (i, v) in p.prefix(256).enumerated() { props[i] = v }
    }

    @inline(__always)
    func lookup(_ cp: UInt32) -> ScalarProps {
        guard cp < 0x110000 else { return ScalarProps(1) }
        let block = Int(stage1[Int(cp >> 8)])
        return ScalarProps(props[Int(stage2[block << 8 | Int(cp & 0xFF)])])
    }
}

/// Just enough base64 to unpack the generated tables (no Foundation needed).
enum Base64 {
    static func decode(_ text: String) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count * 3 / 4)
        var acc: UInt32 = 0, bits = 0
        for c in text.utf8 {
            let v: UInt32
            switch c {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): v = UInt32(c - UInt8(ascii: "A"))
            case UInt8(ascii: "a")...UInt8(ascii: "z"): v = UInt32(c - UInt8(ascii: "a")) + 26
            case UInt8(ascii: "0")...UInt8(ascii: "9"): v = UInt32(c - UInt8(ascii: "0")) + 52
            case UInt8(ascii: "+"): v = 62
            case UInt8(ascii: "/"): v = 63
            default: continue  // newlines and padding
            }
            acc = acc << 6 | v
            bits += 6
            if bits >= 8 {
                bits -= 8
                out.append(UInt8(truncatingIfNeeded: acc >> UInt32(bits)))
                acc &= (1 << UInt32(bits)) - 1
            }
        }
        return out
    }
}
