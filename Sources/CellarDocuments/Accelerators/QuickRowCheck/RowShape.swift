/// The gaps between a JSON row's values as the last rows wrote them
/// (`{"cell": `, `, "text": `…), matched in a few word compares: rows mostly
/// repeat one shape. Gap `k` runs from where member `k` begins (the `{`, or
/// just past the value before) to its value.
///
/// Invariant: a gap is recorded only once its bytes were checked valid, so
/// the same bytes in a later row are valid and name the same key.
struct RowShape {
    struct Gap {
        var length: Int
        var keyStart: Int
        var keyEnd: Int
        /// The key's index in `QuickRowCheck.names`, or -1.
        var name: Int
        var words: (UInt64, UInt64, UInt64, UInt64)
        var masks: (UInt64, UInt64, UInt64, UInt64)
    }

    static let maximumLength = 32
    static let maximumGaps = 16
    private var gaps: [Gap] = []

    init() { gaps.reserveCapacity(Self.maximumGaps) }

    /// Gap `k`, when the bytes at `p` are its bytes.
    @inline(__always)
    func match(_ k: Int, _ scanner: WordScanner, at p: Int) -> Gap? {
        guard k < gaps.count else { return nil }
        let g = gaps[k]
        guard let w0 = scanner.word(at: p), w0 & g.masks.0 == g.words.0 else { return nil }
        if g.length <= 8 { return g }
        guard let w1 = scanner.word(at: p &+ 8), w1 & g.masks.1 == g.words.1 else { return nil }
        if g.length <= 16 { return g }
        guard let w2 = scanner.word(at: p &+ 16), w2 & g.masks.2 == g.words.2 else { return nil }
        if g.length <= 24 { return g }
        guard let w3 = scanner.word(at: p &+ 24), w3 & g.masks.3 == g.words.3 else { return nil }
        return g
    }

    /// Keeps the checked bytes `gap` as gap `k`, when they fit in four words.
    mutating func record(_ k: Int, _ scanner: WordScanner, gap: Range<Int>, key: Range<Int>, name: Int) {
        guard k <= gaps.count, k < Self.maximumGaps, !gap.isEmpty, gap.count <= Self.maximumLength else { return }
        var words: [UInt64] = [0, 0, 0, 0]
        var masks: [UInt64] = [0, 0, 0, 0]
        for i in 0..<4 where i * 8 < gap.count {
            guard let w = scanner.word(at: gap.lowerBound + i * 8) else { return }
            let bytes = min(8, gap.count - i * 8)
            masks[i] = bytes == 8 ? ~0 : (1 << UInt64(8 * bytes)) - 1
            words[i] = w & masks[i]
        }
        let g = Gap(
            length: gap.count, keyStart: key.lowerBound - gap.lowerBound, keyEnd: key.upperBound - gap.lowerBound,
            name: name, words: (words[0], words[1], words[2], words[3]),
            masks: (masks[0], masks[1], masks[2], masks[3]))
        if k == gaps.count { gaps.append(g) } else { gaps[k] = g }
    }
}
