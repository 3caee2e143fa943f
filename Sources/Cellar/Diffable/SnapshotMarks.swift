/// Identifiers a snapshot marked for the next `apply` (reloads,
/// reconfigures), in the order they were first marked, each once. An
/// identifier deleted from the snapshot loses its mark.
struct SnapshotMarks<Identifier: Hashable & Sendable>: Sendable {
    /// Marked identifiers in marking order; may still hold unmarked ones
    /// (`marked` decides), dropped when `identifiers` is read.
    private var order: [Identifier] = []
    private(set) var marked: Set<Identifier> = []

    var isEmpty: Bool { marked.isEmpty }

    var identifiers: [Identifier] {
        var seen = Set<Identifier>()
        return order.filter { marked.contains($0) && seen.insert($0).inserted }
    }

    mutating func mark(_ identifier: Identifier) {
        if marked.insert(identifier).inserted { order.append(identifier) }
    }

    mutating func unmark(_ identifier: Identifier) {
        guard marked.remove(identifier) != nil else { return }
        // Keeps `order` from growing with identifiers marked and deleted over and over.
        if order.count > 2 * marked.count + 16 { order.removeAll { !marked.contains($0) } }
    }

    mutating func removeAll() {
        order.removeAll()
        marked.removeAll()
    }
}
