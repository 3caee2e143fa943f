import CellarText

/// The kept sections whose rows an `apply` need not look at: the new
/// snapshot's item array for the section is the old one's buffer, shared
/// since `snapshot()` because nothing changed it. Its rows then all stay
/// where they were (items are unique across a snapshot, so none can come
/// in from or leave for another section), which is what the row-by-row
/// diff would find after a lookup per row. An app that changes a few
/// items of a long table diffs only the sections it touched.
///
/// An accelerator: with `CELLAR_ACCELERATORS=off` (or `enabled` false) no
/// section is skipped; `SnapshotDifferencePropertyTests` requires the same
/// difference both ways.
struct UnchangedSections {
    /// Indexes of those sections in the old snapshot and in the new one.
    private(set) var old: Set<Int> = []
    private(set) var new: Set<Int> = []

    init<S, I>(
        _ old: DiffableDataSourceSnapshot<S, I>, _ new: DiffableDataSourceSnapshot<S, I>, _ newKept: [Bool],
        enabled: Bool
    ) {
        guard enabled else { return }
        for j in new.sections.indices where newKept[j] {
            guard let i = old.sectionPositions[new.sections[j]], Self.shareStorage(old.rows[i], new.rows[j])
            else { continue }
            self.old.insert(i)
            self.new.insert(j)
        }
    }

    /// Both arrays use one buffer: both are copies of one array that neither
    /// changed since. Two live arrays never share a buffer otherwise, so this
    /// is never true of arrays that differ; equal arrays in two buffers are
    /// just diffed.
    static func shareStorage<T>(_ a: [T], _ b: [T]) -> Bool {
        guard a.count == b.count else { return false }
        return a.withUnsafeBufferPointer { pa in b.withUnsafeBufferPointer { pb in pa.baseAddress == pb.baseAddress } }
    }
}
