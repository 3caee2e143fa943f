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

    /// Adds `later`'s rows, its row 0 becoming row `first`.
    mutating func insert(_ later: RowBits, from first: Int) {
        for (w, word) in later.words.enumerated() where word != 0 {
            for bit in 0..<64 where word & (1 << UInt64(bit)) != 0 { insert(first + w * 64 + bit) }
        }
    }

    @inline(__always)
    func contains(_ row: Int) -> Bool {
        let word = row >> 6
        return row >= 0 && word < words.count && words[word] & (1 << UInt64(row & 63)) != 0
    }
}
