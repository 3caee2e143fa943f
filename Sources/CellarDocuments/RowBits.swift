/// A set of rows (by their place among the document's rows) as one bit
/// each, up to the highest row in it: a key every row of a table may have
/// (a CSV's `editable` column) costs 125 KB for a million rows, where a
/// hash set of the rows takes over a hundred times that.
struct RowBits: Sendable {
    private var words: [UInt64] = []

    var isEmpty: Bool { words.isEmpty }

    init() {}

    /// The bits as kept, for the load index to write.
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

    @inline(__always)
    func contains(_ row: Int) -> Bool {
        let word = row >> 6
        return row >= 0 && word < words.count && words[word] & (1 << UInt64(row & 63)) != 0
    }
}
