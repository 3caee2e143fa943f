/// What renders and actions did: rows configured, heights measured, cells
/// and header/footer views created and reused. Reset with
/// `TableView.resetStatistics()`.
public struct RenderStatistics: Hashable, Sendable {
    public struct Counts: Hashable, Sendable {
        public var created = 0
        public var reused = 0
        public init() {}
    }
    /// cellForRowAt calls (rows whose cell was configured).
    public var rowsConfigured = 0
    /// Rows whose height was measured from their laid-out content.
    public var heightsMeasured = 0
    public var cellsCreated = 0
    public var cellsReused = 0
    public var headerFootersCreated = 0
    public var headerFootersReused = 0
    public var perIdentifier: [String: Counts] = [:]
    public init() {}

    /// `key: value` lines, as `cellar render --stats` prints them.
    public var lines: [String] {
        var out = [
            "rows_configured: \(rowsConfigured)",
            "heights_measured: \(heightsMeasured)",
            "cells_created: \(cellsCreated)",
            "cells_reused: \(cellsReused)",
        ]
        for id in perIdentifier.keys.sorted() {
            let c = perIdentifier[id] ?? Counts()
            out.append("cells_created[\(id)]: \(c.created)")
            out.append("cells_reused[\(id)]: \(c.reused)")
        }
        return out
    }
}
