import Testing

@testable import CellarText

/// Each `SWAR` word function against the same question asked one byte at a
/// time, on words built from the bytes around every boundary the functions
/// test (0x00, 0x1F/0x20, 0x7E/0x7F/0x80, 0xC2, 0xE2, 0xFF …) and on random words.
@Suite struct SWARTests {
    static let edgeBytes: [UInt8] = [
        0x00, 0x01, 0x1F, 0x20, 0x21, 0x41, 0x5F, 0x60, 0x7E, 0x7F, 0x80, 0x81, 0x9F,
        0xA0, 0xC1, 0xC2, 0xC3, 0xE1, 0xE2, 0xE3, 0xFE, 0xFF,
    ]

    /// Edge words (each byte drawn from `edgeBytes`) and fully random ones.
    static func words(count: Int) -> [UInt64] {
        var rng = MixedStrings.SplitMix64(state: 2024)
        return (0..<count).map { k in
            if k % 2 == 0 { return rng.next() }
            var w: UInt64 = 0
            for b in 0..<8 { w |= UInt64(rng.pick(edgeBytes)) << (8 * UInt64(b)) }
            return w
        }
    }

    static func bytes(_ w: UInt64) -> [UInt8] { (0..<8).map { UInt8(truncatingIfNeeded: w >> (8 * UInt64($0))) } }

    /// A mask with the high bit of each byte where `flag` holds.
    static func mask(_ w: UInt64, _ flag: (UInt8) -> Bool) -> UInt64 {
        var m: UInt64 = 0
        for (k, b) in bytes(w).enumerated() where flag(b) { m |= 0x80 << (8 * UInt64(k)) }
        return m
    }

    static func isPrintable(_ b: UInt8) -> Bool { b >= 0x20 && b < 0x7F }

    @Test func controlOrUnsafeLeadFlagsExactlyThoseBytes() {
        for w in Self.words(count: 100_000) {
            let expected = Self.mask(w) { $0 < 0x20 || $0 == 0x7F || $0 == 0xC2 || $0 == 0xE2 }
            #expect(SWAR.controlOrUnsafeLead(w) == expected, "\(String(w, radix: 16))")
        }
    }

    @Test func zeroBytesFlagsExactlyTheZeroBytes() {
        for w in Self.words(count: 50_000) {
            #expect(SWAR.zeroBytes(w) == Self.mask(w) { $0 == 0 }, "\(String(w, radix: 16))")
        }
    }

    @Test func nonPrintableASCIIIsNonzeroExactlyWhenSomeByteIsAndItsFirstFlagIsExact() {
        for w in Self.words(count: 100_000) {
            let expected = Self.mask(w) { !Self.isPrintable($0) }
            let got = SWAR.nonPrintableASCII(w)
            #expect((got != 0) == (expected != 0), "\(String(w, radix: 16))")
            if expected != 0 { #expect(got.trailingZeroBitCount == expected.trailingZeroBitCount) }
            #expect(got & expected == expected)  // over-flags, never under-flags
        }
    }

    @Test func nonPrintableOrJSONStopIsNonzeroExactlyWhenSomeByteIsAndItsFirstFlagIsExact() {
        for w in Self.words(count: 100_000) + Self.quoteWords(count: 50_000) {
            let expected = Self.mask(w) { !Self.isPrintable($0) || $0 == 0x22 || $0 == 0x5C }
            let got = SWAR.nonPrintableOrJSONStop(w)
            #expect((got != 0) == (expected != 0), "\(String(w, radix: 16))")
            if expected != 0 { #expect(got.trailingZeroBitCount == expected.trailingZeroBitCount) }
            #expect(got & expected == expected)
        }
    }

    /// Words of printable ASCII with quotes, backslashes and their neighbours
    /// (0x21, 0x23, 0x5B, 0x5D) among them.
    static func quoteWords(count: Int) -> [UInt64] {
        var rng = MixedStrings.SplitMix64(state: 34)
        let near: [UInt8] = [0x20, 0x21, 0x22, 0x23, 0x41, 0x5B, 0x5C, 0x5D, 0x7E, 0x7F, 0x00, 0xA2, 0xDC]
        return (0..<count).map { _ in
            var w: UInt64 = 0
            for b in 0..<8 { w |= UInt64(rng.pick(near)) << (8 * UInt64(b)) }
            return w
        }
    }

    @Test func asciiPrefixAndPrintableCountMatchAByteLoop() {
        for w in Self.words(count: 50_000) {
            let b = Self.bytes(w)
            for available in 0...8 {
                let prefix = b.prefix(available).prefix { $0 < 0x80 }.count
                #expect(SWAR.asciiPrefixLength(w, available: available) == prefix)
                #expect(
                    SWAR.printableASCIICount(w, bytes: prefix) == b.prefix(prefix).filter(Self.isPrintable).count,
                    "\(String(w, radix: 16)) \(prefix)")
            }
        }
    }

    @Test func eightCellsAndLeadingCellsMatchComparingEachCell() {
        var rng = MixedStrings.SplitMix64(state: 7)
        let values: [UInt32] = [0x20, 0x41, 0x20 | 1 << 22, 0x3F_FFFF, 0xFFFF_FFFF, 0]
        for _ in 0..<20_000 {
            let cells = (0..<10).map { _ in rng.pick(values) }
            let expected = rng.pick(values)
            let mask = rng.pick([UInt32.max, 0x3F_FFFF, ~UInt32(0x7F)])
            let at = rng.below(3)
            let same = cells[at..<(at + 8)].allSatisfy { $0 & mask == expected & mask }
            cells.withUnsafeBytes { raw in
                guard let base = raw.baseAddress else {
                    Issue.record("no storage")
                    return
                }
                #expect(SWAR.eightCells(base, at: at, match: expected, in: mask) == same)
                let leading = cells[at..<(at + 8)].prefix { $0 & mask == expected & mask }.count
                #expect(SWAR.leadingCells(base, at: at, match: expected, in: mask) == leading)
            }
        }
    }
}
