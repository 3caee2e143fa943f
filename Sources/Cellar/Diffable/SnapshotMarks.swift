/// Identifiers a snapshot marked for the next `apply` (reloads,
/// reconfigures), in the order they were marked, each once. An identifier
/// deleted from the snapshot loses its mark; marked again, it counts from then.
struct SnapshotMarks<Identifier: Hashable & Sendable>: Sendable {
    /// Each mark with the number it was given. A mark is live while
    /// `marked` gives its identifier that number; unmarking only forgets the
    /// number, so deleting many marked items costs no scan of `order`.
    private var order: [(identifier: Identifier, number: Int)] = []
    private var marked: [Identifier: Int] = [:]
    private var issued = 0

    var isEmpty: Bool { marked.isEmpty }

    func contains(_ identifier: Identifier) -> Bool { marked[identifier] != nil }

    var identifiers: [Identifier] {
        order.filter { marked[$0.identifier] == $0.number }.map(\.identifier)
    }

    mutating func mark(_ identifier: Identifier) {
        guard marked[identifier] == nil else { return }
        issued += 1
        marked[identifier] = issued
        order.append((identifier, issued))
    }

    mutating func unmark(_ identifier: Identifier) {
        guard marked.removeValue(forKey: identifier) != nil else { return }
        // Keeps `order` from growing with identifiers marked and deleted over and over.
        if order.count > 2 * marked.count + 16 { order.removeAll { marked[$0.identifier] != $0.number } }
    }

    mutating func removeAll() {
        order.removeAll()
        marked.removeAll()
    }
}
