import Cellar

/// The cell keys of the rows read lately, with the values they were made
/// from: rows share a few (one background, one selection style), and values
/// met again compare in a few loads (`RecentValues` hands a mapping met
/// before on as the same storage, which `==` looks at first). With the
/// accelerators off, each row makes its own.
struct RecentCellRowKeys: Sendable {
    private struct Kept: Sendable {
        var values: CellKeyValues
        var keys: CellRowKeys
    }

    static var capacity: Int { 4 }
    private var kept = FewKept<Kept>(capacity: Self.capacity)
    let enabled: Bool

    init(enabled: Bool) { self.enabled = enabled }

    /// `CellRowKeys(values)`, or the one made before from equal values.
    mutating func keys(_ values: CellKeyValues) -> CellRowKeys {
        guard enabled else { return CellRowKeys(values) }
        // By index: a loop's copy of each entry would retain its values.
        for i in kept.elements.indices where kept.elements[i].values == values { return kept.elements[i].keys }
        let keys = CellRowKeys(values)
        kept.add(Kept(values: values, keys: keys))
        return keys
    }
}
