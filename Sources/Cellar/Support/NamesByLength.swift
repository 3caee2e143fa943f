#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A few names found by their bytes: grouped by length, then compared, so a
/// key read from a document is matched with no string made and nothing hashed.
package struct NamesByLength: Sendable {
    package let names: [String]
    private let byLength: [[(bytes: [UInt8], place: Int)]]

    package init(_ names: [String]) {
        self.names = names
        let longest = names.map(\.utf8.count).max() ?? 0
        var byLength = [[(bytes: [UInt8], place: Int)]](repeating: [], count: longest + 1)
        for (place, name) in names.enumerated() { byLength[name.utf8.count].append((Array(name.utf8), place)) }
        self.byLength = byLength
    }

    package func contains(_ key: UnsafeBufferPointer<UInt8>) -> Bool { place(key) != nil }

    /// The place in `names` of the name these bytes spell, or nil.
    @inline(__always)
    package func place(_ key: UnsafeBufferPointer<UInt8>) -> Int? {
        guard key.count < byLength.count, let k = key.baseAddress else { return nil }
        return byLength[key.count].first { entry in
            entry.bytes.withUnsafeBytes { n in n.baseAddress.map { memcmp($0, k, key.count) == 0 } ?? false }
        }?.place
    }
}
