import Cellar

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A few names found by their bytes: grouped by length, then compared, so a
/// key read from a document is matched with no string made and nothing hashed.
struct NamesByLength: Sendable {
    private let byLength: [[(bytes: [UInt8], name: String)]]

    init(_ names: [String]) {
        let longest = names.map(\.utf8.count).max() ?? 0
        var byLength = [[(bytes: [UInt8], name: String)]](repeating: [], count: longest + 1)
        for name in names { byLength[name.utf8.count].append((Array(name.utf8), name)) }
        self.byLength = byLength
    }

    /// The name these bytes spell, or nil.
    func name(_ key: UnsafeBufferPointer<UInt8>) -> String? {
        index(key).map { byLength[key.count][$0].name }
    }

    func contains(_ key: UnsafeBufferPointer<UInt8>) -> Bool { index(key) != nil }

    /// The place among the names of its length.
    @inline(__always)
    private func index(_ key: UnsafeBufferPointer<UInt8>) -> Int? {
        guard key.count < byLength.count, let k = key.baseAddress else { return nil }
        return byLength[key.count].firstIndex { entry in
            entry.bytes.withUnsafeBytes { n in n.baseAddress.map { memcmp($0, k, key.count) == 0 } ?? false }
        }
    }
}
