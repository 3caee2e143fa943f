/// The snapshot's item mutations, as NSDiffableDataSourceSnapshot's.
///
/// As UIKit, an item that is already in the snapshot when it is appended or
/// inserted again is moved into place (UIKit logs a warning and does the
/// same); an identifier given twice in one call is an error, as is a
/// destination that is not in the snapshot. Deleting an item the snapshot
/// does not hold does nothing, as in UIKit. Every check runs before any
/// change: a mutation that throws leaves the snapshot as it was.
extension DiffableDataSourceSnapshot {
    /// Adds items at the end of a section (nil: the last section).
    public mutating func appendItems(
        _ identifiers: [ItemIdentifierType], toSection sectionIdentifier: SectionIdentifierType? = nil
    ) throws {
        guard let last = sections.last else { throw DiffableSnapshotError.noSections }
        try checkUnique(identifiers)
        let target = sectionIdentifier ?? last
        _ = try position(ofSection: target)
        detach(identifiers)
        let s = try position(ofSection: target)
        insert(identifiers, inSection: s, at: rows[s].count)
    }

    /// Adds items just before another item, in that item's section.
    public mutating func insertItems(
        _ identifiers: [ItemIdentifierType], beforeItem beforeIdentifier: ItemIdentifierType
    ) throws {
        try insert(identifiers, next: beforeIdentifier, after: false)
    }

    /// Adds items just after another item, in that item's section.
    public mutating func insertItems(
        _ identifiers: [ItemIdentifierType], afterItem afterIdentifier: ItemIdentifierType
    ) throws {
        try insert(identifiers, next: afterIdentifier, after: true)
    }

    /// Removes items; those the snapshot does not hold are passed over.
    public mutating func deleteItems(_ identifiers: [ItemIdentifierType]) {
        for id in identifiers where places[id] != nil {
            reloadedItems.unmark(id)
            reconfiguredItems.unmark(id)
        }
        detach(identifiers)
    }

    /// Removes every item and, as UIKit's deleteAllItems, every section.
    public mutating func deleteAllItems() {
        self = Self()
    }

    /// Moves an item just before another one (possibly in another section).
    public mutating func moveItem(
        _ identifier: ItemIdentifierType, beforeItem toIdentifier: ItemIdentifierType
    ) throws {
        try move(identifier, next: toIdentifier, after: false)
    }

    /// Moves an item just after another one (possibly in another section).
    public mutating func moveItem(
        _ identifier: ItemIdentifierType, afterItem toIdentifier: ItemIdentifierType
    ) throws {
        try move(identifier, next: toIdentifier, after: true)
    }

    /// Marks items for the next `apply` to reload: their cells are made
    /// again by the cell provider (UIKit's reloadItems).
    public mutating func reloadItems(_ identifiers: [ItemIdentifierType]) throws {
        for id in identifiers where places[id] == nil {
            throw DiffableSnapshotError.markedItemMissing(id, verb: "reload")
        }
        for id in identifiers { reloadedItems.mark(id) }
    }

    /// Marks items for the next `apply` to reconfigure: the cell provider
    /// is asked for them again and its cells keep their place, as UIKit's
    /// reconfigureItems; no other row is asked for.
    public mutating func reconfigureItems(_ identifiers: [ItemIdentifierType]) throws {
        for id in identifiers where places[id] == nil {
            throw DiffableSnapshotError.markedItemMissing(id, verb: "reconfigure")
        }
        for id in identifiers { reconfiguredItems.mark(id) }
    }

    // MARK: Parts

    func checkUnique(_ identifiers: [Item]) throws {
        // One identifier cannot repeat: no set needed.
        guard identifiers.count > 1 else { return }
        let repeated = DiffableSnapshotError.duplicates(in: identifiers)
        if !repeated.isEmpty { throw DiffableSnapshotError.duplicateItems(repeated) }
    }

    private mutating func insert(_ identifiers: [Item], next destination: Item, after: Bool) throws {
        try checkUnique(identifiers)
        if identifiers.contains(destination) { throw DiffableSnapshotError.itemDestinationInserted(destination) }
        _ = try place(ofItem: destination)
        detach(identifiers)
        let place = try place(ofItem: destination)
        let s = try position(ofSection: place.section)
        insert(identifiers, inSection: s, at: place.row + (after ? 1 : 0))
    }

    private mutating func move(_ identifier: Item, next destination: Item, after: Bool) throws {
        if identifier == destination { throw DiffableSnapshotError.itemMoveOntoItself(identifier) }
        _ = try place(ofItem: identifier)
        _ = try place(ofItem: destination)
        detach([identifier])
        let place = try place(ofItem: destination)
        let s = try position(ofSection: place.section)
        insert([identifier], inSection: s, at: place.row + (after ? 1 : 0))
    }

    /// Puts items (in none of the sections) into section `s` from `row` on.
    mutating func insert(_ identifiers: [Item], inSection s: Int, at row: Int) {
        guard !identifiers.isEmpty else { return }
        rows[s].insert(contentsOf: identifiers, at: row)
        reindexRows(ofSection: s, from: row)
        shiftStarts(after: s, by: identifiers.count)
    }

    /// Takes the items the snapshot holds out of their sections (their
    /// marks stay: a detached item is on its way elsewhere, or `deleteItems`
    /// dropped them).
    mutating func detach(_ identifiers: [Item]) {
        var bySection: [Int: Set<Item>] = [:]
        for id in identifiers {
            guard let place = places[id], let s = sectionPositions[place.section] else { continue }
            bySection[s, default: []].insert(id)
        }
        for (s, gone) in bySection {
            let from = gone.compactMap { places[$0]?.row }.min() ?? 0
            if gone.count == 1 {
                rows[s].remove(at: from)
            } else {
                let kept = rows[s][from...].filter { !gone.contains($0) }
                rows[s].replaceSubrange(from..., with: kept)
            }
            for id in gone { places[id] = nil }
            reindexRows(ofSection: s, from: from)
            shiftStarts(after: s, by: -gone.count)
        }
    }
}
