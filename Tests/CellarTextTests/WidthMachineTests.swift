import Testing

@testable import CellarText

/// `WidthMachine` (short strings) against the full path it stands in for.
@Suite struct WidthMachineTests {
    /// Scalars of every class the machine handles, and some it leaves to
    /// the full path (controls, spacing marks, jamo, virama, conjuncts).
    static let handled: [String] = [
        "a", "Z", " ", "1", "#", "*", "~", "é", "Ж", "α", "±", "°", "…", "①", "→", "©", "®", "™",
        "한", "글", "가", "漢", "。", "ｶ", "Ａ", "\u{3000}", "😀", "👩", "🔬", "👍", "❤", "✔", "☺", "⌚",
        "\u{2764}", "\u{2603}", "\u{1F004}", "\u{1F170}", "\u{1F1E6}", "\u{1F1F0}", "\u{1F1F7}",
        "\u{301}", "\u{303}", "\u{20E3}", "\u{FE0F}", "\u{FE0E}", "\u{200D}", "\u{200C}",
        "\u{1F3FB}", "\u{1F3FD}", "\u{1F3FF}", "\u{E0061}", "\u{10000}", "\u{16FE0}", "\u{FF9E}",
    ]
    static let leftToFullPath: [String] = [
        "\u{1}", "\u{7F}", "\t", "\n", "\r", "\u{85}", "\u{200B}", "\u{AD}", "\u{93F}", "\u{94D}", "\u{915}",
        "\u{1100}", "\u{1161}", "\u{11A8}", "\u{E33}", "\u{600}", "\u{2060}",
    ]

    static func fullPath(_ s: String, ambiguousWide: Bool) -> Int {
        DisplayWidth.ofConstant(s, ambiguousWide: ambiguousWide)
    }

    static func machine(_ s: String, ambiguousWide: Bool) -> Int? {
        var copy = s
        return copy.withUTF8 { p -> Int? in
            let table = propertyTable
            guard let base = p.baseAddress, p.count >= 4, p.count < 64,
                let m = ambiguousWide ? wideWidthMachine : narrowWidthMachine
            else { return nil }
            return DisplayWidth.ofShort(base, count: p.count, machine: m, table: table)
        }
    }

    @Test func isBuiltForBothAmbiguousWidths() {
        #expect(narrowWidthMachine != nil)
        #expect(wideWidthMachine != nil)
    }

    @Test func commonTextIsMeasuredByTheMachine() {
        for s in [
            "hello", "테이블 셀", "😀 ok", "👩\u{200D}🔬x", "🇰🇷🇯🇵", "👍🏽abc", "e\u{301}e\u{301}", "❤\u{FE0F}",
            "1\u{FE0F}\u{20E3} keycap", String(repeating: "x", count: 63),
        ] {
            #expect(Self.machine(s, ambiguousWide: false) == Self.fullPath(s, ambiguousWide: false), "\(s)")
        }
        #expect(Self.machine(String(repeating: "가", count: 21), ambiguousWide: true) == 42)
    }

    @Test func givesUpOnWhatItDoesNotHandle() {
        for s in Self.leftToFullPath {
            #expect(Self.machine("abcd" + s, ambiguousWide: false) == nil, "\(s.unicodeScalars.map { $0.value })")
        }
    }

    /// The first, the last and two random scalars of each class of the
    /// machine (planes 0-2 and 14): all members of a class must measure alike.
    static func classSamples(_ rng: inout MixedStrings.SplitMix64) -> [String] {
        var members: [Int: [Unicode.Scalar]] = [:]
        for cp in Array(0..<UInt32(0x30000)) + Array(0xE0000..<UInt32(0xE1000)) {
            guard let scalar = Unicode.Scalar(cp) else { continue }
            members[propertyTable.lookup(cp).machineClass, default: []].append(scalar)
        }
        #expect(members.count == UnicodeTables.machineClassRepresentatives.count)
        return members.values.flatMap { m in
            [m[0], m[m.count - 1], m[rng.below(m.count)], m[rng.below(m.count)]].map { String(Character($0)) }
        }
    }

    @Test func agreesWithTheFullPathOnRandomStrings() {
        var rng = MixedStrings.SplitMix64(state: 0x3A7E)
        let pool = Self.handled + Self.handled + Self.leftToFullPath + Self.classSamples(&rng)
        var machineCount = 0
        for _ in 0..<100_000 {
            var s = ""
            for _ in 0..<(1 + rng.below(12)) { s += rng.pick(pool) }
            for ambiguousWide in [false, true] {
                let full = Self.fullPath(s, ambiguousWide: ambiguousWide)
                if let m = Self.machine(s, ambiguousWide: ambiguousWide) {
                    machineCount += 1
                    #expect(m == full, "\(s.unicodeScalars.map { String($0.value, radix: 16) }) wide: \(ambiguousWide)")
                    if m != full { return }
                }
                #expect(DisplayWidth.of(s, ambiguousWide: ambiguousWide) == full)
            }
        }
        #expect(machineCount > 50_000)
    }

    @Test func malformedUTF8GivesUp() {
        let cases: [[UInt8]] = [
            [0x61, 0x62, 0x63, 0x80], [0x80, 0x61, 0x62, 0x63], [0x61, 0xE0, 0xB0, 0x61, 0x62],
            [0x61, 0x62, 0x63, 0xF0, 0x9F], [0xC3, 0xA9, 0xA9, 0x61], [0xF8, 0x80, 0x80, 0x80, 0x61],
            [0xE0, 0x80, 0xC0, 0x80, 0x80, 0x61], [0x61, 0x62, 0x80, 0x63, 0x64],
            [0x61, 0x62, 0x63, 0x64, 0x65, 0x66, 0x67, 0x68, 0xA9],
            [0xE2, 0x9C, 0x94, 0x94, 0x61, 0x62, 0x63, 0x64, 0x65], [0x61, 0x01, 0x80, 0x62],
            [0xF0] + Array(repeating: 0xBF, count: 12) + [0x61, 0x62], [0x61, 0xF8, 0x88, 0x80, 0x80, 0x80, 0x62],
        ]
        let table = propertyTable
        for bytes in cases {
            bytes.withUnsafeBufferPointer { p in
                guard let base = p.baseAddress, let m = narrowWidthMachine else { return }
                #expect(DisplayWidth.ofShort(base, count: p.count, machine: m, table: table) == nil, "\(bytes)")
                #expect(
                    DisplayWidth.of(utf8: p) == DisplayWidth.ofAnyLength(base, count: p.count, ambiguousWide: false))
            }
        }
    }
}
