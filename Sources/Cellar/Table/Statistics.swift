/// What renders and actions did: rows configured, heights measured, cells
/// and header/footer views created and reused. Reset with
/// `TableView.resetStatistics()`.
public struct RenderStatistics: Hashable, Sendable {
    /// Cells or views created and reused for one reuse identifier.
    public struct Counts: Hashable, Sendable {
        /// Made new because none was waiting in the queue.
        public var created = 0
        /// Taken from the queue instead of made new.
        public var reused = 0
        /// Creates zero counts.
        public init() {}
        init(created: Int, reused: Int) {
            self.created = created
            self.reused = reused
        }
    }
    /// cellForRowAt calls (rows whose cell was configured).
    public var rowsConfigured = 0
    /// Rows whose height was measured from their laid-out content.
    public var heightsMeasured = 0
    /// Cells made new because none was waiting in the reuse queue.
    public var cellsCreated = 0
    /// Cells taken from the reuse queue (dequeueReusableCell returned a used cell).
    public var cellsReused = 0
    /// Header/footer views made new because none was waiting in the queue.
    public var headerFootersCreated = 0
    /// Header/footer views taken from the reuse queue.
    public var headerFootersReused = 0
    /// Cells created and reused, by reuse identifier.
    public var perIdentifier: [String: Counts] = [:]
    /// Registered header/footer views created and reused, by reuse identifier.
    public var perHeaderFooterIdentifier: [String: Counts] = [:]
    /// Creates statistics with every count at zero.
    public init() {}

    /// Both tables' counts added up, identifier by identifier: what a render
    /// shared by two tables did in all (each part keeps its own cells).
    public static func + (a: RenderStatistics, b: RenderStatistics) -> RenderStatistics {
        func add(_ x: [String: Counts], _ y: [String: Counts]) -> [String: Counts] {
            x.merging(y) { Counts(created: $0.created + $1.created, reused: $0.reused + $1.reused) }
        }
        var s = a
        s.rowsConfigured += b.rowsConfigured
        s.heightsMeasured += b.heightsMeasured
        s.cellsCreated += b.cellsCreated
        s.cellsReused += b.cellsReused
        s.headerFootersCreated += b.headerFootersCreated
        s.headerFootersReused += b.headerFootersReused
        s.perIdentifier = add(a.perIdentifier, b.perIdentifier)
        s.perHeaderFooterIdentifier = add(a.perHeaderFooterIdentifier, b.perHeaderFooterIdentifier)
        return s
    }

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
        // Only tables with registered header/footer views print these (title views are not counted here).
        for id in perHeaderFooterIdentifier.keys.sorted() {
            let c = perHeaderFooterIdentifier[id] ?? Counts()
            out.append("views_created[\(id)]: \(c.created)")
            out.append("views_reused[\(id)]: \(c.reused)")
        }
        return out
    }
}
