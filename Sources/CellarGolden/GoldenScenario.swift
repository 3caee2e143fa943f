import Cellar
import CellarDocuments
import CellarText

/// Plays a case against a real `TableView` and produces its golden text: the
/// initial frame, then one frame after every step. Row updates go through the
/// document's data source first and then the table, so the table's count check
/// sees them exactly as it sees an app's updates.
public enum GoldenScenario {
    /// Plays the case and returns its golden text: the initial frame, then a
    /// frame after each step. The table is read as the CLI reads it
    /// (`StreamedDocument`), so a case draws what `cellar render` draws.
    public static func play(_ scenario: GoldenCase, registry: Registry) throws -> String {
        let document = try loadDocument(scenario)
        let documentRegistry = try document.registry(over: registry)
        try checkStyles(scenario, document: document, registry: documentRegistry)
        try document.checkRowHeights(width: scenario.width)

        let source = StreamedDataSource(document: document)
        return try play(
            scenario, table: source.makeTableView(registry: documentRegistry), source: source, styles: registry)
    }

    /// Plays the case against a table made elsewhere (e.g. over the same
    /// rows streamed from another format), its row updates going through
    /// `source`; the case's own table document is not read. A `reload`
    /// step's document registers its own identifiers over `styles` (the
    /// registry before the case's document added its own), else over the
    /// table's. Without a `source` (a table built in Swift, whose rows are
    /// the app's) the steps that change rows or the document are refused.
    package static func play(
        _ scenario: GoldenCase, table first: TableView, source firstSource: StreamedDataSource?,
        styles: Registry? = nil
    ) throws -> String {
        // A `reload` with a table replaces both; the old ones stay alive
        // until the end, as the table's data source is held weakly.
        var (table, source) = (first, firstSource)
        var replaced: [(TableView, StreamedDataSource)] = []
        table.width = scenario.width
        table.viewportHeight = scenario.height
        table.contentOffset = scenario.offset
        table.showsFocusMark = scenario.focusMark

        var out = ""
        // Cases without `styles` keep the plain text path, byte for byte.
        let marks = scenario.styles ? GoldenStyleWriter() : nil
        func frame(_ index: Int, _ title: String) throws {
            out += GoldenFormat.header(index: index, title: title)
            let text: String
            if let marks {
                try table.render(to: marks)
                text = marks.takeText()
            } else {
                text = try table.renderText()
            }
            out += text
            if !text.isEmpty && !text.hasSuffix("\n") { out += "\n" }
            if scenario.stats { out += GoldenFormat.statsLines(table.statistics.lines) }
            if let marks { out += marks.takeLegend() }
        }

        let viewport = scenario.height.map { "height \($0), " } ?? ""
        table.resetStatistics()
        do {
            try frame(0, "initial (width \(scenario.width), \(viewport)offset \(scenario.offset))")
        } catch {
            throw locate(error, doing: "initial render", at: scenario.table.location)
        }
        for (i, step) in scenario.steps.enumerated() {
            table.resetStatistics()
            do {
                if case .reloadTable(let text, let then) = step.action, let current = source {
                    replaced.append((table, current))
                    let (newTable, newSource) = try reloaded(
                        table, text: text, then: then, styles: styles ?? table.registry, scenario)
                    (table, source) = (newTable, newSource)
                } else {
                    try apply(step, table: table, source: source)
                }
                try frame(i + 1, step.title)
            } catch {
                throw locate(error, doing: step.title, at: step.location)
            }
        }
        return withExtendedLifetime((source, replaced)) { out }
    }

    /// The case's table: an inline one is the case file's text with all
    /// but the table blanked (so its lines and columns are the case's), read
    /// as YAML; a file is read in the format its name says (YAML when it
    /// says none), within `sizeLimit` bytes (unless the case's tree reads it).
    package static func loadDocument(
        _ scenario: GoldenCase, sizeLimit: Int = InputFile.defaultSizeLimit
    ) throws -> StreamedDocument {
        switch scenario.table {
        case .inline(let text, _):
            return try StreamedDocument.load(DocumentInput(path: scenario.path, bytes: Array(text.utf8), format: .yaml))
        case .text(let text, _):
            return try textDocument(text, scenario, "table text")
        case .file(let path, let location):
            let read: [UInt8]?
            do {
                read = try scenario.tree.map { try $0.readTable(path) } ?? GoldenFiles.readBytes(path, limit: sizeLimit)
            } catch let e as CellarError {
                throw e.located(location)
            }
            guard let bytes = read else { throw CellarError("no such table document: \(path)", at: location) }
            let format = InputFormat.from(path: path) ?? .yaml
            return try StreamedDocument.load(DocumentInput(path: path, bytes: bytes, format: format))
        case .swift(let name, let location):
            throw CellarError(swiftTableElsewhere(name), at: location)
        }
    }

    /// A case naming a style, or a row naming a cell, that the registry does
    /// not know fails here, located, rather than deep in a render.
    static func checkStyles(_ scenario: GoldenCase, document: StreamedDocument, registry: Registry) throws {
        try checkStyle(scenario, registry: registry)
        try document.validate(against: registry)
    }

    /// The case's `style`, when it names one, is registered.
    static func checkStyle(_ scenario: GoldenCase, registry: Registry) throws {
        func known() -> String { registry.identifiers.sorted().joined(separator: ", ") }
        if let style = scenario.style, registry.style(for: style.value) == nil,
            !registry.headerFooterRegistration(for: style.value).registered
        {
            throw CellarError(
                "style '\(Sanitizer.excerpt(style.value))' is not registered (registered: \(known())); "
                    + "cellar test loads the Styles folder its cases are in: give the folder of its file with --styles DIR",
                at: style.location)
        }
    }

    static func apply(_ step: GoldenStep, table: TableView, source: StreamedDataSource?) throws {
        if let refused = refusedWithoutDocument(step.action), source == nil { throw CellarError(refused) }
        guard let source else { return try applyToAnyTable(step, table: table) }
        // Row actions are checked by the table itself; updates are checked
        // here first because the data source changes before the table hears of it.
        func existing(_ p: IndexPath) throws { try check(p, table: table, source: source, insertion: false) }
        switch step.action {
        case .render, .reloadTable, .user, .resize:
            try applyToAnyTable(step, table: table)
        case .delete(let paths):
            for p in paths { try existing(p) }
            guard Set(paths).count == paths.count else {
                throw CellarError("delete names the same row twice")
            }
            // Highest first, so earlier removals do not shift later ones.
            for p in paths.sorted(by: >) { try source.remove(at: p) }
            try table.deleteRows(at: paths)
        case .insert(let rows):
            // Lowest first: each index path names the row's final place.
            let ordered = rows.sorted { $0.at < $1.at }
            for item in ordered {
                try check(item.at, table: table, source: source, insertion: true)
                try checkInsertedHeight(item.row, width: table.width)
                try source.insert(item.row, at: item.at, checkedAgainst: table.registry)
            }
            try table.insertRows(at: ordered.map(\.at))
            for item in ordered { source.mark(added: item.row, at: item.at, in: table) }
        case .move(let from, let to):
            try existing(from)
            try checkMoveTarget(to, from: from, table: table, source: source)
            try source.move(from: from, to: to)
            try table.moveRow(at: from, to: to)
        }
    }

    /// An inserted row's height, read as a stored row's and checked against the width as one is.
    static func checkInsertedHeight(_ row: Value, width: Int) throws {
        if case .fixed(let h)? = try StreamedDataSource.checkedHeight(row["height"]) {
            try TableDocument.checkRowHeight(h, width: width, at: nil)
        }
    }

    /// The steps any table takes, whoever fills its rows: a user's action,
    /// a resize, a render.
    static func applyToAnyTable(_ step: GoldenStep, table: TableView) throws {
        switch step.action {
        case .user(let action):
            if case .tapInsertControl(_, let row?) = action { try checkInsertedHeight(row, width: table.width) }
            try table.perform(action)
        case .resize(let width, let height):
            // A viewport from here on: rows are drawn into its canvas, never
            // one of their own, so row heights need no check at the new width.
            table.width = width
            table.viewportHeight = height
            if let target = table.offsetRevealingFocusedRow() { try table.scroll(toOffset: target) }
        case .render, .reloadTable, .delete, .insert, .move:
            break
        }
    }

    /// "no row 9 in section 0 (it has 5 rows)". An insertion may also name
    /// the place just after the last row.
    /// Counts come from the data source: during a multi-row insert it is
    /// already ahead of the table.
    static func check(_ p: IndexPath, table: TableView, source: StreamedDataSource, insertion: Bool) throws {
        let sections = source.numberOfSections(in: table)
        guard p.section < sections else {
            throw CellarError("no section \(p.section) (the table has \(plural(sections, "section")))")
        }
        let rows = source.tableView(table, numberOfRowsInSection: p.section)
        let limit = insertion ? rows + 1 : rows
        guard p.row < limit else {
            let what = insertion ? "cannot insert at row \(p.row)" : "no row \(p.row)"
            throw CellarError("\(what) in section \(p.section) (it has \(plural(rows, "row")))")
        }
    }

    static func checkMoveTarget(
        _ to: IndexPath, from: IndexPath, table: TableView,
        source: StreamedDataSource
    ) throws {
        let sections = source.numberOfSections(in: table)
        guard to.section < sections else {
            throw CellarError("no section \(to.section) (the table has \(plural(sections, "section")))")
        }
        // After taking the row out, the target section has one row fewer if it is the same one.
        let rows = source.tableView(table, numberOfRowsInSection: to.section) - (to.section == from.section ? 1 : 0)
        guard to.row <= rows else {
            throw CellarError(
                "cannot move to row \(to.row) in section \(to.section) "
                    + "(at most \(rows) there)")
        }
    }

    static func plural(_ n: Int, _ word: String) -> String { n == 1 ? "1 \(word)" : "\(n) \(word)s" }

    /// Errors while playing point at the step (or the table, for the first
    /// frame) in the case; an error that has its own place (a Lua style's
    /// file:line) keeps it in the message.
    static func locate(_ error: Error, doing what: String, at location: SourceLocation) -> CellarError {
        if let e = error as? CellarError {
            if e.location == nil { return CellarError("\(what): \(e.message)", at: location) }
            return CellarError("\(what): \(e.description)", at: location)
        }
        return CellarError("\(what): \(error)", at: location)
    }
}
