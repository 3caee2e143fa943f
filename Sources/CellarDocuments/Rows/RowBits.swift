/// A set of rows as one bit each, up to the highest: a hundredth of a hash set's memory.
struct RowBits: Sendable {
    var words: [UInt64] = []

    var isEmpty: Bool { words.isEmpty }

    init() {}

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
