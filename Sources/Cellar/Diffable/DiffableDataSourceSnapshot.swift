/// NSDiffableDataSourceSnapshot: the sections and items of a table by
/// identifier, a value the app builds and hands to a diffable data source's
/// `apply`. Identifiers are unique across the whole snapshot (an item lives
/// in exactly one section).
///
/// Every lookup by identifier is O(1): beside the ordered sections and rows
/// the snapshot keeps where each section and item is (`sectionPositions`,
/// `places`) and where each section starts in the flat item order
/// (`starts`), so a snapshot of 100,000 items answers `indexPath(for:)`,
/// `indexOfItem` or `sectionIdentifier(containingItem:)` without a scan.
///
/// Mutations UIKit traps on throw here, with UIKit's message
/// (`DiffableSnapshotError`); a snapshot that threw is left as it was.
public struct DiffableDataSourceSnapshot<
    SectionIdentifierType: Hashable & Sendable, ItemIdentifierType: Hashable & Sendable
>: Sendable {
    typealias Section = SectionIdentifierType
    typealias Item = ItemIdentifierType

    /// Where an item is: its section by identifier (so a section that moves
    /// takes its items along without touching them) and its row in it.
    struct Place: Sendable, Hashable {
        var section: Section
        var row: Int
    }

    // Invariants: `sectionPositions[sections[s]] == s`; `rows.count ==
    // sections.count`; `places[rows[s][r]] == Place(sections[s], r)`;
    // `starts[s]` is the number of items before section s and
    // `starts[sections.count]` the number of items.
    var sections: [Section] = []
    var sectionPositions: [Section: Int] = [:]
    var rows: [[Item]] = []
    var places: [Item: Place] = [:]
    var starts: [Int] = [0]

    /// Items and sections marked by `reloadItems`, `reconfigureItems` and
    /// `reloadSections`, which the next `apply` reloads or reconfigures.
    var reloadedItems = SnapshotMarks<Item>()
    var reconfiguredItems = SnapshotMarks<Item>()
    var reloadedSections = SnapshotMarks<Section>()

    /// An empty snapshot: no sections, no items.
    public init() {}

    // MARK: Queries

    /// How many items the snapshot holds, in every section.
    public var numberOfItems: Int { starts[sections.count] }
    /// How many sections the snapshot holds.
    public var numberOfSections: Int { sections.count }
    /// The sections, in table order.
    public var sectionIdentifiers: [SectionIdentifierType] { sections }
    /// Every item, section by section, in table order.
    public var itemIdentifiers: [ItemIdentifierType] { Array(rows.joined()) }

    /// The items of a section, in order. Throws for a section the snapshot
    /// does not hold (UIKit traps).
    public func itemIdentifiers(inSection identifier: SectionIdentifierType) throws -> [ItemIdentifierType] {
        rows[try position(ofSection: identifier)]
    }

    /// How many items a section holds. Throws for a section the snapshot
    /// does not hold (UIKit traps).
    public func numberOfItems(inSection identifier: SectionIdentifierType) throws -> Int {
        rows[try position(ofSection: identifier)].count
    }

    /// The section that holds an item, or nil for an item not in the snapshot.
    public func sectionIdentifier(containingItem identifier: ItemIdentifierType) -> SectionIdentifierType? {
        places[identifier]?.section
    }

    /// An item's position in `itemIdentifiers`, or nil for an item not in the snapshot.
    public func indexOfItem(_ identifier: ItemIdentifierType) -> Int? {
        guard let place = places[identifier], let s = sectionPositions[place.section] else { return nil }
        return starts[s] + place.row
    }

    /// A section's position in `sectionIdentifiers`, or nil for a section not in the snapshot.
    public func indexOfSection(_ identifier: SectionIdentifierType) -> Int? {
        sectionPositions[identifier]
    }

    /// The items `reloadItems` marked, in the order they were marked.
    public var reloadedItemIdentifiers: [ItemIdentifierType] { reloadedItems.identifiers }
    /// The items `reconfigureItems` marked, in the order they were marked.
    public var reconfiguredItemIdentifiers: [ItemIdentifierType] { reconfiguredItems.identifiers }
    /// The sections `reloadSections` marked, in the order they were marked.
    public var reloadedSectionIdentifiers: [SectionIdentifierType] { reloadedSections.identifiers }

    // MARK: Index paths (the data source's lookups)

    /// Where an item is in a table showing this snapshot.
    func indexPath(for identifier: Item) -> IndexPath? {
        guard let place = places[identifier], let s = sectionPositions[place.section] else { return nil }
        return IndexPath(row: place.row, section: s)
    }

    /// The item at an index path, or nil outside the snapshot.
    func itemIdentifier(at indexPath: IndexPath) -> Item? {
        guard indexPath.section >= 0, indexPath.section < rows.count else { return nil }
        let items = rows[indexPath.section]
        guard indexPath.row >= 0, indexPath.row < items.count else { return nil }
        return items[indexPath.row]
    }

    /// The section at an index, or nil outside the snapshot.
    func sectionIdentifier(at index: Int) -> Section? {
        index >= 0 && index < sections.count ? sections[index] : nil
    }

    func position(ofSection identifier: Section) throws -> Int {
        guard let s = sectionPositions[identifier] else { throw DiffableSnapshotError.sectionNotFound(identifier) }
        return s
    }

    func place(ofItem identifier: Item) throws -> Place {
        guard let place = places[identifier] else { throw DiffableSnapshotError.itemNotFound(identifier) }
        return place
    }

    // MARK: Keeping the indexes

    /// Rows `from...` of section `s` are where they are: their places say so.
    mutating func reindexRows(ofSection s: Int, from row: Int = 0) {
        let section = sections[s]
        let items = rows[s]
        var r = row
        while r < items.count {
            places[items[r]] = Place(section: section, row: r)
            r += 1
        }
    }

    /// Section positions and starts from section `s` on, after sections
    /// were added, removed or reordered there.
    mutating func reindexSections(from s: Int = 0) {
        var i = s
        while i < sections.count {
            sectionPositions[sections[i]] = i
            i += 1
        }
        recountStarts(from: s)
    }

    /// Starts from section `s` on, counted again from the rows.
    mutating func recountStarts(from s: Int) {
        let valid = max(1, min(s + 1, starts.count))
        if starts.count > valid { starts.removeLast(starts.count - valid) }
        var i = valid - 1
        while i < sections.count {
            starts.append(starts[i] + rows[i].count)
            i += 1
        }
    }

    /// Starts after section `s`, once section `s` gained (or, negative, lost)
    /// `delta` items: integers only, so an append to the last section costs
    /// nothing here and one to the first costs a pass over the sections.
    mutating func shiftStarts(after s: Int, by delta: Int) {
        var i = s + 1
        while i < starts.count {
            starts[i] += delta
            i += 1
        }
    }
}
