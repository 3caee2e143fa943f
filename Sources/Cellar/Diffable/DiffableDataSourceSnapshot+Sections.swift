/// The snapshot's section mutations, as NSDiffableDataSourceSnapshot's.
///
/// A section that is already in the snapshot when it is appended or
/// inserted again is moved into place with its items (UIKit logs a warning
/// and does the same). Deleting a section deletes its items; deleting a
/// section the snapshot does not hold does nothing. A mutation that throws
/// leaves the snapshot as it was.
extension DiffableDataSourceSnapshot {
    /// Adds sections at the end.
    public mutating func appendSections(_ identifiers: [SectionIdentifierType]) throws {
        try checkUniqueSections(identifiers)
        let moving = detachSections(identifiers)
        attachSections(identifiers, moving, at: sections.count)
    }

    /// Adds sections just before another section.
    public mutating func insertSections(
        _ identifiers: [SectionIdentifierType], beforeSection toIdentifier: SectionIdentifierType
    ) throws {
        try insertSections(identifiers, next: toIdentifier, after: false)
    }

    /// Adds sections just after another section.
    public mutating func insertSections(
        _ identifiers: [SectionIdentifierType], afterSection toIdentifier: SectionIdentifierType
    ) throws {
        try insertSections(identifiers, next: toIdentifier, after: true)
    }

    /// Removes sections and every item in them; those the snapshot does not hold are passed over.
    public mutating func deleteSections(_ identifiers: [SectionIdentifierType]) {
        for id in identifiers {
            guard let s = sectionPositions[id] else { continue }
            reloadedSections.unmark(id)
            for item in rows[s] {
                places[item] = nil
                reloadedItems.unmark(item)
                reconfiguredItems.unmark(item)
            }
        }
        _ = detachSections(identifiers)
    }

    /// Moves a section, with its items, just before another section.
    public mutating func moveSection(
        _ identifier: SectionIdentifierType, beforeSection toIdentifier: SectionIdentifierType
    ) throws {
        try moveSection(identifier, next: toIdentifier, after: false)
    }

    /// Moves a section, with its items, just after another section.
    public mutating func moveSection(
        _ identifier: SectionIdentifierType, afterSection toIdentifier: SectionIdentifierType
    ) throws {
        try moveSection(identifier, next: toIdentifier, after: true)
    }

    /// Marks sections for the next `apply` to reload: every row of theirs
    /// is made again by the cell provider, and their titles are read again.
    public mutating func reloadSections(_ identifiers: [SectionIdentifierType]) throws {
        for id in identifiers where sectionPositions[id] == nil {
            throw DiffableSnapshotError.markedSectionMissing(id)
        }
        for id in identifiers { reloadedSections.mark(id) }
    }

    // MARK: Parts

    func checkUniqueSections(_ identifiers: [Section]) throws {
        guard identifiers.count > 1 else { return }
        let repeated = DiffableSnapshotError.duplicates(in: identifiers)
        if !repeated.isEmpty { throw DiffableSnapshotError.duplicateSections(repeated) }
    }

    private mutating func insertSections(_ identifiers: [Section], next destination: Section, after: Bool) throws {
        try checkUniqueSections(identifiers)
        if identifiers.contains(destination) {
            throw DiffableSnapshotError.sectionDestinationInserted(destination)
        }
        _ = try position(ofSection: destination)
        let moving = detachSections(identifiers)
        let s = try position(ofSection: destination)
        attachSections(identifiers, moving, at: s + (after ? 1 : 0))
    }

    private mutating func moveSection(_ identifier: Section, next destination: Section, after: Bool) throws {
        if identifier == destination { throw DiffableSnapshotError.sectionMoveOntoItself(identifier) }
        _ = try position(ofSection: identifier)
        _ = try position(ofSection: destination)
        let moving = detachSections([identifier])
        let s = try position(ofSection: destination)
        attachSections([identifier], moving, at: s + (after ? 1 : 0))
    }

    /// Takes sections out of the order and returns the items they held
    /// (whose places still name them, so they can be put back elsewhere).
    mutating func detachSections(_ identifiers: [Section]) -> [Section: [Item]] {
        var gone: [Section: [Item]] = [:]
        for id in identifiers {
            guard let s = sectionPositions[id] else { continue }
            gone[id] = rows[s]
        }
        guard !gone.isEmpty else { return [:] }
        let first = gone.keys.compactMap { sectionPositions[$0] }.min() ?? 0
        var keptSections: [Section] = []
        var keptRows: [[Item]] = []
        for s in first..<sections.count where gone[sections[s]] == nil {
            keptSections.append(sections[s])
            keptRows.append(rows[s])
        }
        sections.replaceSubrange(first..., with: keptSections)
        rows.replaceSubrange(first..., with: keptRows)
        for id in gone.keys { sectionPositions[id] = nil }
        reindexSections(from: first)
        return gone
    }

    /// Puts sections (with the items `held` gives them, none for a new
    /// section) into the order at position `s`.
    mutating func attachSections(_ identifiers: [Section], _ held: [Section: [Item]], at s: Int) {
        guard !identifiers.isEmpty else { return }
        sections.insert(contentsOf: identifiers, at: s)
        rows.insert(contentsOf: identifiers.map { held[$0] ?? [] }, at: s)
        reindexSections(from: s)
    }
}
