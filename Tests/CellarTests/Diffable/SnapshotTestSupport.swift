import Testing

@testable import Cellar

typealias Snap = DiffableDataSourceSnapshot<String, String>

/// A snapshot with `sections`, each with its items, built by appends.
func snapshot<S, I>(_ sections: [(S, [I])]) throws -> DiffableDataSourceSnapshot<S, I> {
    var s = DiffableDataSourceSnapshot<S, I>()
    for (section, items) in sections {
        try s.appendSections([section])
        try s.appendItems(items, toSection: section)
    }
    return s
}

/// The snapshot as sections and their items, read through the public queries.
func layout<S, I>(_ s: DiffableDataSourceSnapshot<S, I>) throws -> [[I]] {
    try s.sectionIdentifiers.map { try s.itemIdentifiers(inSection: $0) }
}

/// Checks every index the snapshot keeps against its ordered sections and
/// rows, recomputed plainly: what makes its lookups O(1) must agree with
/// what it holds.
func expectConsistent<S, I>(
    _ s: DiffableDataSourceSnapshot<S, I>, sourceLocation: Testing.SourceLocation = #_sourceLocation
) {
    #expect(s.rows.count == s.sections.count, sourceLocation: sourceLocation)
    #expect(s.sectionPositions.count == s.sections.count, sourceLocation: sourceLocation)
    var flat = 0
    var itemCount = 0
    for (i, section) in s.sections.enumerated() {
        #expect(s.sectionPositions[section] == i, sourceLocation: sourceLocation)
        #expect(s.starts[i] == flat, sourceLocation: sourceLocation)
        for (r, item) in s.rows[i].enumerated() {
            #expect(s.places[item] == .init(section: section, row: r), sourceLocation: sourceLocation)
            #expect(s.indexOfItem(item) == flat + r, sourceLocation: sourceLocation)
        }
        flat += s.rows[i].count
        itemCount += s.rows[i].count
    }
    #expect(s.starts.count == s.sections.count + 1, sourceLocation: sourceLocation)
    #expect(s.numberOfItems == itemCount, sourceLocation: sourceLocation)
    #expect(s.places.count == itemCount, sourceLocation: sourceLocation)
}

/// The message of the error `body` throws, or nil when it throws none.
func message(_ body: () throws -> Void) -> String? {
    do {
        try body()
        return nil
    } catch let error as CellarError {
        return error.message
    } catch {
        return "\(error)"
    }
}
