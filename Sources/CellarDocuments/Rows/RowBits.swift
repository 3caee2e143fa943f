/// A set of rows as one bit each, up to the highest: a hundredth of a hash set's memory.
struct RowBits: Sendable {
    private var words: [UInt64] = []

    var isEmpty: Bool { words.isEmpty }

    init() {}

    var storedWords: [UInt64] { words }

    /// Bits read back from a load index: nil when they reach past row `rows - 1`.
    init?(words: [UInt64], rows: Int) {
        guard words.count <= (rows + 63) / 64 else { return nil }
        if let last = words.last, words.count == (rows + 63) / 64, rows % 64 != 0,
            last >> UInt64(rows % 64) != 0
        {
            return nil
        }
        self.words = words
    }

    mutating func insert(_ row: Int) {
        let word = row >> 6
        if word >= words.count { words.append(contentsOf: repeatElement(0, count: word + 1 - words.count)) }
        words[word] |= 1 << UInt64(row & 63)
    }

    /// Adds `later`'s rows among `rows`, its row `rows.lowerBound` becoming row `first`.
    mutating func insert(_ later: RowBits, rows: Range<Int>, from first: Int) {
        let kept = rows.clamped(to: 0..<later.words.count * 64)
        guard !kept.isEmpty else { return }
        for w in (kept.lowerBound >> 6)...((kept.upperBound - 1) >> 6) {
            var word = later.words[w]
            while word != 0 {
                let row = w << 6 | word.trailingZeroBitCount
                word &= word - 1
                if kept.contains(row) { insert(first + row - rows.lowerBound) }
            }
        }
    }

    @inline(__always)
    func contains(_ row: Int) -> Bool {
        let word = row >> 6
        return row >= 0 && word < words.count && words[word] & (1 << UInt64(row & 63)) != 0
    }
}
