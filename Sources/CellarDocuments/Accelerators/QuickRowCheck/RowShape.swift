/// The gaps between a JSON row's values as the last rows wrote them, so
/// the quick check reads a key the way the row before wrote it with a
/// few word compares instead of scanning it: a table's rows mostly repeat
/// one shape (`{"cell": `, `, "text": `, …).
///
/// Gap `k` is the bytes from where member `k` begins (the row's `{` for
/// the first, else just past the value before) to its value: for the first
/// member `{`, spaces, the key, spaces, `:`, spaces; for the others spaces,
/// `,`, spaces, the key, spaces, `:`, spaces. A gap is recorded only after
/// the check has read those bytes and found them valid (the key unescaped,
/// its UTF-8 checked), so the same bytes at the same place in a later row
/// are valid too and name the same key; only the duplicate check remains.
struct RowShape {
    struct Gap {
        var length: Int
        /// The key's bytes, relative to the gap's start.
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

    /// Keeps the checked bytes `gap` as gap `k` (when `k` follows the gaps
    /// kept, and the gap fits in four words the buffer holds).
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
