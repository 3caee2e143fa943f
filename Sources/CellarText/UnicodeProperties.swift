import Synchronization

/// Per-scalar Unicode properties from the generated two-stage table.
///
/// Bit layout of a property word (written by Scripts/gen-width-tables):
/// bits 0-1 width class (0, 1, 2; 3 = control), bit 2 East Asian Ambiguous,
/// bits 4-7 Grapheme_Cluster_Break, bit 8 Extended_Pictographic, bit 9 turned
/// wide by VS16, bit 10 spacing mark (Mc), bit 11 virama, bit 12 Indic
/// consonant, bits 13-14 InCB, bit 15 ideograph/kana (break anywhere),
/// bit 16 no break before, bit 17 no break after, bit 18 breaking space,
/// bit 19 simple base, bit 20 joins previous, bits 24-31 class of the width
/// state machine (`WidthMachine`; 0 = left to the full rules).
@usableFromInline
struct ScalarProps: Hashable, Sendable {
    @usableFromInline let raw: UInt32
    @inlinable init(_ raw: UInt32) { self.raw = raw }

    @inlinable var widthClass: Int { Int(raw & 3) }
    @inlinable var isAmbiguous: Bool { raw & (1 << 2) != 0 }
    @inlinable var gcb: GCB { GCB(UInt8(truncatingIfNeeded: (raw >> 4) & 15)) }
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
    /// Starts a cluster and is measured alone unless the next scalar joins it.
    @inlinable var isSimpleBase: Bool { raw & (1 << 19) != 0 }
    /// May belong to the cluster of the scalar before it (Extend, ZWJ,
    /// SpacingMark, Hangul V/T, any Mc).
    @inlinable var joinsPrevious: Bool { raw & (1 << 20) != 0 }
    /// Column of `WidthMachine`'s transition table.
    @inlinable var machineClass: Int { Int(raw >> 24) }

    /// Columns of the scalar on its own; controls count 0 here (they are
    /// sanitised to visible pictures before anything is drawn).
    @inlinable func columns(ambiguousWide: Bool) -> Int {
        let w = widthClass
        if w == 3 { return 0 }
        if w == 1 && ambiguousWide && isAmbiguous { return 2 }
        return w
    }
}

/// Grapheme_Cluster_Break values, numbered as wcwidth numbers them. A
/// plain byte (not an enum) so comparisons compile to integer compares.
@usableFromInline
struct GCB: Hashable, Sendable {
    @usableFromInline let raw: UInt8
    @inlinable init(_ raw: UInt8) { self.raw = raw }
    @inlinable static var other: GCB { GCB(0) }
    @inlinable static var cr: GCB { GCB(1) }
    @inlinable static var lf: GCB { GCB(2) }
    @inlinable static var control: GCB { GCB(3) }
    @inlinable static var extend: GCB { GCB(4) }
    @inlinable static var zwj: GCB { GCB(5) }
    @inlinable static var regionalIndicator: GCB { GCB(6) }
    @inlinable static var prepend: GCB { GCB(7) }
    @inlinable static var spacingMark: GCB { GCB(8) }
    @inlinable static var l: GCB { GCB(9) }
    @inlinable static var v: GCB { GCB(10) }
    @inlinable static var t: GCB { GCB(11) }
    @inlinable static var lv: GCB { GCB(12) }
    @inlinable static var lvt: GCB { GCB(13) }
}

/// The decoded lookup table: raw buffers allocated once for the whole
/// process and never written afterwards. A struct of pointers so the hot
/// loops copy it without reference counting.
@usableFromInline
struct PropertyTable {
    let stage1: UnsafeMutablePointer<UInt16>
    /// stage2 with the property words themselves (not indices): one
    /// dependent load less per scalar.
    let stage2: UnsafeMutablePointer<UInt32>
    /// stage1 covers every value a 4-byte UTF-8 sequence can decode to
    /// (< 0x200000); beyond U+10FFFF it points at a block of "not a
    /// scalar" words (width 1, nothing else), so lookups need no range check.
    static let stage1Count = 0x2000

    static func load() -> PropertyTable {
        let blocks = max(1, UnicodeTables.blockCount)
        let stage1 = UnsafeMutablePointer<UInt16>.allocate(capacity: stage1Count)
        stage1.initialize(repeating: UInt16(blocks), count: stage1Count)
        UnicodeTables.stage1Symbols.withUTF8Buffer { text in
            var i = 0
            var high: Int?
            for c in text {
                guard let v = TableSymbols.value(c) else { continue }
                guard let h = high else {
                    high = v
                    continue
                }
                high = nil
                guard i < 0x1100 else { break }
                let block = h * TableSymbols.count + v
                // A corrupt entry maps to block 0 rather than outside stage2.
                stage1[i] = block < blocks ? UInt16(block) : 0
                i += 1
            }
        }
        // A terminal that draws VS16 one column wide: no base widens (`EmojiVariation`).
        let props = EmojiVariation.vs16Widens ? UnicodeTables.props : UnicodeTables.props.map { $0 & ~(1 << 9) }
        let capacity = blocks * 256
        let stage2 = UnsafeMutablePointer<UInt32>.allocate(capacity: capacity + 256)
        var written = 0
        // Each symbol's property word (0: no symbol; no word is 0), so that a code point is one look-up.
        var wordBySymbol = (0..<128).map { c in
            TableSymbols.value(UInt8(c)).map { $0 < props.count ? props[$0] : 1 } ?? 0
        }
        wordBySymbol.withUnsafeMutableBufferPointer { words in
            UnicodeTables.stage2Symbols.withUTF8Buffer { text in
                for c in text where c < 128 {
                    let word = words[Int(c)]
                    guard word != 0 else { continue }
                    guard written < capacity else { break }
                    (stage2 + written).initialize(to: word)
                    written &+= 1
                }
            }
        }
        // The block of "not a scalar" words beyond U+10FFFF (width 1, nothing else), and any the text lacked.
        (stage2 + written).initialize(repeating: 1, count: capacity + 256 - written)
        return PropertyTable(stage1: stage1, stage2: stage2)
    }

    /// Properties of any value below 0x200000 (what UTF-8 decoding yields).
    @inline(__always)
    func lookupDecoded(_ cp: UInt32) -> UInt32 {
        stage2[Int(stage1[Int(cp &>> 8)]) &<< 8 | Int(cp & 0xFF)]
    }

    @inline(__always)
    func lookup(_ cp: UInt32) -> ScalarProps {
        guard cp < 0x110000 else { return ScalarProps(1) }
        let block = Int(stage1[Int(cp >> 8)])
        return ScalarProps(stage2[block << 8 | Int(cp & 0xFF)])
    }
}

/// Read-only after its one-time initialisation, so safe to share.
nonisolated(unsafe) let propertyTable = PropertyTable.load()
/// The width rules of short strings as a table (ambiguous characters
/// narrow); nil if it could not be built, or with the accelerators off
/// (every text then takes the full rules, `DisplayWidth.ofAnyLength`).
/// Built on first use, as `wideWidthMachine` is: a table whose text is
/// printable ASCII never needs it.
nonisolated(unsafe) let narrowWidthMachine =
    Accelerators.enabled ? WidthMachine.build(propertyTable, ambiguousWide: false) : nil
/// `narrowWidthMachine` for East Asian Ambiguous counted wide.
nonisolated(unsafe) let wideWidthMachine =
    Accelerators.enabled ? WidthMachine.build(propertyTable, ambiguousWide: true) : nil

/// When short texts start to go through a `WidthMachine`: once the process
/// has measured `afterTexts` of them by the full rules. A machine costs as
/// much to build as some thousands of texts measured without it, so a
/// process that measures a few (a one-row table, its titles) never builds one.
enum WidthMachineUse {
    static let afterTexts = 4096
    /// Short texts counted so far; once it reaches `afterTexts` it is only read.
    private static let measured = Atomic<Int>(0)

    /// Whether a short text is measured by a machine now; counts it when not.
    /// (The machines themselves are built once, under `swift_once`, by whichever thread asks first.)
    @inline(__always)
    static func now() -> Bool {
        measured.load(ordering: .relaxed) >= afterTexts
            || measured.wrappingAdd(1, ordering: .relaxed).newValue >= afterTexts
    }
}

/// The symbols the generated tables are written in: one printable ASCII
/// character a value (`Scripts/gen-width-tables`), from '#' up, the backslash
/// left out so a string literal holds them as they are. Anything else in the
/// text (line breaks, indentation) is no symbol.
enum TableSymbols {
    /// Values a symbol can hold: 0 to 90.
    static let count = 91

    /// The value of symbol `c`, or nil when it is none.
    @inline(__always)
    static func value(_ c: UInt8) -> Int? {
        guard c >= 0x23, c <= 0x7E, c != 0x5C else { return nil }
        return Int(c) - 0x23 - (c > 0x5C ? 1 : 0)
    }
}
