import CellarDocuments
import CellarTestSupport
import CellarText
import Testing

@testable import Cellar

/// A style whose cells carry a "badge" that one row sets and others do not:
/// the classic leak that prepareForReuse exists to prevent.
final class BadgeStyle: CellStyle {
    final class Storage { var badge: String? }
    let reuseIdentifier = "badge"
    let resets: Bool
    var prepareCalls = 0
    init(resets: Bool) { self.resets = resets }
    func makeCell() throws -> Cell {
        let c = Cell(reuseIdentifier: reuseIdentifier)
        c.storage = Storage()
        return c
    }
    func prepareForReuse(_ cell: Cell) throws {
        prepareCalls += 1
        Cell.resetNonContent(cell)
        if resets { (cell.storage as? Storage)?.badge = nil }
    }
    func configure(_ cell: Cell, row: Value, at indexPath: IndexPath) throws {
        cell.contentConfiguration = ListContentConfiguration(text: row["text"]?.stringValue)
        // Only some rows set the badge; the rest rely on a clean cell.
        if let b = row["badge"]?.stringValue { (cell.storage as? Storage)?.badge = b }
    }
    func content(for cell: Cell, state: CellState, context: LayoutContext) throws -> ViewNode {
        let badge = (cell.storage as? Storage)?.badge.map { " [\($0)]" } ?? ""
        return .label(Label((cell.listContentConfiguration?.text ?? "") + badge))
    }
}

@Suite struct ReuseTests {
    func table(resets: Bool) throws -> (TableView, BadgeStyle) {
        let registry = Registry()
        let style = BadgeStyle(resets: resets)
        try registry.register(style, forCellReuseIdentifier: "badge")
        var rows: [Value] = []
        for i in 0..<6 {
            rows.append(row("badge", "row \(i)", nil, i == 0 ? ["badge": .string("NEW")] : [:]))
        }
        let ds = ArrayDataSource([rows])
        let t = ds.makeTable(width: 30, height: 2, registry: registry)
        t.estimatedRowHeight = 1
        t.retainedDataSource = ds
        return (t, style)
    }

    @Test func propertyLeaksToALaterRowWithoutPrepareForReuse() throws {
        let (t, _) = try table(resets: false)
        #expect(lines(try t.renderText()) == [" row 0 [NEW]", " row 1"])
        try t.scroll(toOffset: 2)
        // Row 2 gets row 0's cell back from the queue, badge and all.
        #expect(lines(try t.renderText()) == [" row 2 [NEW]", " row 3"])
    }

    @Test func prepareForReuseStopsTheLeak() throws {
        let (t, style) = try table(resets: true)
        #expect(lines(try t.renderText()) == [" row 0 [NEW]", " row 1"])
        try t.scroll(toOffset: 2)
        #expect(lines(try t.renderText()) == [" row 2", " row 3"])
        #expect(style.prepareCalls == 2)
        #expect(t.statistics.cellsCreated == 2)
        #expect(t.statistics.cellsReused == 2)
    }

    @Test func cellsLeavingTheViewportReturnToTheirQueue() throws {
        let (t, _) = try table(resets: true)
        _ = try t.renderText()
        #expect(t.visibleIndexPaths == [IndexPath(0, 0), IndexPath(0, 1)])
        #expect(t.queuedCellCount(withIdentifier: "badge") == 0)
        try t.scroll(toOffset: 1)
        _ = try t.renderText()
        #expect(t.visibleIndexPaths == [IndexPath(0, 1), IndexPath(0, 2)])
        // Row 1 kept its cell; row 0's went back and came out again for row 2.
        #expect(t.statistics.cellsCreated == 2)
        #expect(t.queuedCellCount(withIdentifier: "badge") == 0)
        t.viewportHeight = 1
        _ = try t.renderText()
        #expect(t.queuedCellCount(withIdentifier: "badge") == 1)
    }

    @Test func unregisteredIdentifierUsesUIKitsWording() throws {
        let ds = ArrayDataSource([[row("nope", "x")]])
        let t = ds.makeTable()
        #expect(throws: CellarError(Registry.unknownIdentifierMessage("nope"))) {
            try t.renderText()
        }
    }

    @Test func identifiersRegisterOnce() throws {
        let registry = Registry()
        #expect(registry.identifiers == ["default", "subtitle", "value1", "value2"])
        #expect(throws: CellarError.self) {
            try registry.register(BadgeStyle(resets: true), forCellReuseIdentifier: "value1")
        }
        try registry.register(BadgeStyle(resets: true), forCellReuseIdentifier: "badge")
        #expect(registry.style(for: "badge") != nil)
    }

    @Test func fullScrollCreatesAtMostVisiblePlusOnePerIdentifier() throws {
        let rows = (0..<2000).map { i in row(i % 2 == 0 ? "value1" : "subtitle", "r\(i)", "d") }
        let ds = ArrayDataSource([rows])
        let t = ds.makeTable(width: 30, height: 15)
        t.estimatedRowHeight = 1
        var offset = 0
        while offset < t.contentHeight {
            try t.scroll(toOffset: offset)
            _ = try t.renderText()
            offset += 7
        }
        // 15 lines hold at most 8 value1 rows and 8 subtitle rows at a time.
        for id in ["value1", "subtitle"] {
            #expect((t.statistics.perIdentifier[id]?.created ?? 99) <= 8 + 1)
        }
        #expect(t.statistics.rowsConfigured >= 2000)
    }

    @Test func streamingRendersReuseOneCellPerIdentifier() throws {
        let rows = (0..<500).map { i in row(i % 2 == 0 ? "value1" : "default", "r\(i)", i % 2 == 0 ? "d" : nil) }
        let ds = ArrayDataSource([rows])
        let t = ds.makeTable(width: 30)
        t.keepsCellsWhenStreaming = false
        let out = lines(try t.renderText())
        #expect(out.count == 500)
        #expect(t.statistics.cellsCreated == 2)
        #expect(t.statistics.cellsReused == 498)
        #expect(t.statistics.rowsConfigured == 500)
        #expect(t.visibleCells.isEmpty)
    }

    /// Kept or not, a whole-table render draws the same lines (the switch's
    /// differential test); kept, every row is on screen with its own cell
    /// and a second render asks the data source for nothing.
    @Test func keptStreamedCellsDrawTheSame() throws {
        let rows = (0..<300).map { i in
            row(i % 3 == 0 ? "subtitle" : i % 3 == 1 ? "value1" : "default", "r\(i)", i % 2 == 0 ? "d\(i)" : nil)
        }
        let ds = ArrayDataSource([Array(rows[..<100]), Array(rows[100...])])
        ds.headers = ["A", "B"]
        let t = ds.makeTable(style: .insetGrouped, width: 30)
        t.separatorStyle = .singleLine
        t.selectRow(at: IndexPath(1, 3))
        t.keepsCellsWhenStreaming = false
        let plain = try t.renderText()
        t.keepsCellsWhenStreaming = true
        #expect(try t.renderText() == plain)
        #expect(t.visibleCells.count == 300)
        #expect(t.statistics.perIdentifier["subtitle"]?.created == 100)
        ds.cellForRowCalls = 0
        #expect(try t.renderText() == plain)
        #expect(ds.cellForRowCalls == 0)
        #expect(t.cellForRow(at: IndexPath(1, 3))?.state.isSelected == true)
    }

    /// A whole-table render of a table longer than `keptCellLimit` keeps no
    /// cell per row (its memory would grow with the table), and draws the same.
    @Test func aLongTableKeepsNoCellPerRow() throws {
        let n = TableView.keptCellLimit + 1
        let ds = ArrayDataSource([(0..<n).map { i in row("default", "r\(i)", nil) }])
        let t = ds.makeTable(width: 20)
        let kept = try t.renderText()
        #expect(t.visibleCells.isEmpty)
        #expect(t.statistics.cellsCreated == 1)
        t.keepsCellsWhenStreaming = false
        #expect(try t.renderText() == kept)
    }

    @Test func headersAndFootersAreReused() throws {
        let ds = ArrayDataSource((0..<20).map { s in [row("default", "row \(s)")] })
        ds.headers = (0..<20).map { "Header \($0)" }
        let t = ds.makeTable(width: 30, height: 4)
        t.rowHeight = .fixed(1)
        for offset in stride(from: 0, to: 40, by: 4) {
            try t.scroll(toOffset: offset)
            _ = try t.renderText()
        }
        #expect(t.statistics.headerFootersCreated <= 3)
        #expect(t.statistics.headerFootersReused >= 15)
    }
}

/// A style whose taps change its row data (what a Lua style's on_select does).
final class TapCounterStyle: CellStyle {
    let reuseIdentifier = "taps"
    func makeCell() throws -> Cell { Cell(reuseIdentifier: reuseIdentifier) }
    func configure(_ cell: Cell, row: Value, at indexPath: IndexPath) throws {
        cell.contentConfiguration = ListContentConfiguration(
            text: "\(row["text"]?.stringValue ?? "") \(row["taps"]?.intValue ?? 0)")
        cell.accessory = .type(.detailButton)
    }
    func content(for cell: Cell, state: CellState, context: LayoutContext) throws -> ViewNode {
        .label(Label(cell.listContentConfiguration?.text ?? ""))
    }
    func bump(_ row: inout Value, by n: Int) {
        if case .object(var o) = row {
            o["taps"] = .int((o["taps"]?.intValue ?? 0) + n)
            row = .object(o)
        }
    }
    func didSelect(_ cell: Cell, row: inout Value, at: IndexPath) throws { bump(&row, by: 1) }
    func accessoryTapped(_ cell: Cell, row: inout Value, at: IndexPath) throws { bump(&row, by: 10) }
}

@Suite struct StyleHookTests {
    @Test func hooksChangeDocumentRowData() throws {
        let registry = Registry()
        try registry.register(TapCounterStyle(), forCellReuseIdentifier: "taps")
        let yaml =
            "separatorStyle: none\nsections:\n  - rows: [{cell: taps, text: a}, {cell: taps, text: b, taps: 5}]\n"
        let (out, t) = try render(yaml, width: 16, registry: registry)
        #expect(lines(out) == [" a 0          ⓘ", " b 5          ⓘ"])
        try t.userSelectRow(at: IndexPath(0, 1))
        try t.tapAccessory(at: IndexPath(0, 0))
        // Rows whose data a hook changed are configured again at the next render.
        #expect(lines(try t.renderText()) == [" a 10         ⓘ", "▌b 6          ⓘ"])
        t.reloadData()  // and reloadData drops the selection, as in UIKit
        #expect(lines(try t.renderText()) == [" a 10         ⓘ", " b 6          ⓘ"])
    }

    @Test func duplicateRegistrationNamesBothSources() {
        final class FileStyle: CellStyle {
            let reuseIdentifier = "value1"
            var source: String { "Styles/value1.lua" }
            func makeCell() throws -> Cell { Cell(reuseIdentifier: reuseIdentifier) }
            func configure(_ cell: Cell, row: Value, at indexPath: IndexPath) throws {}
            func content(for cell: Cell, state: CellState, context: LayoutContext) throws -> ViewNode { .empty }
        }
        #expect(
            throws: CellarError(
                "reuse identifier 'value1' is already registered by built-in; cannot register it again from Styles/value1.lua"
            )
        ) {
            try Registry().register(FileStyle(), forCellReuseIdentifier: "value1")
        }
    }
}

@Suite struct DisabledRowTests {
    /// A document whose second row is disabled, in a style that counts taps
    /// in its row data, so a hook that ran shows in the text.
    func table() throws -> (TableView, StreamedDataSource) {
        let registry = Registry()
        try registry.register(TapCounterStyle(), forCellReuseIdentifier: "taps")
        let yaml = """
            separatorStyle: none
            sections:
              - rows: [{cell: taps, text: a}, {cell: taps, text: b, disabled: true}]
            """
        let doc = try streamedDocument(yaml, path: "t.yaml")
        let ds = StreamedDataSource(document: doc)
        let t = ds.makeTableView(registry: registry)
        t.width = 16
        _ = try t.renderText()
        return (t, ds)
    }

    @Test func tapsOnADisabledRowDoNothing() throws {
        let (t, ds) = try table()
        let b = IndexPath(0, 1)
        try t.highlightRow(at: b)
        try t.userSelectRow(at: b)
        #expect(t.indexPathsForSelectedRows.isEmpty)
        #expect(try t.tapAccessory(at: b) == false)
        // Neither on_select (+1) nor the accessory hook (+10) ran.
        #expect(ds.rowValue(at: b)?["taps"] == nil)
        let l = lines(try t.renderText())
        #expect(l[1].hasPrefix(" b 0"))  // no ▌ or ▸ marker
        // The enabled row still responds.
        try t.userSelectRow(at: IndexPath(0, 0))
        #expect(try t.tapAccessory(at: IndexPath(0, 0)))
        #expect(ds.rowValue(at: IndexPath(0, 0))?["taps"] == .int(11))
    }

    @Test func tapsWhileEditingSelectOnlyWhenAllowed() throws {
        let (t, ds) = try table()
        let a = IndexPath(0, 0)
        t.setEditing(true)
        try t.highlightRow(at: a)
        try t.userSelectRow(at: a)
        // UIKit's allowsSelectionDuringEditing is false by default: no selection, no hook.
        #expect(t.indexPathsForSelectedRows.isEmpty)
        #expect(ds.rowValue(at: a)?["taps"] == nil)
        t.allowsSelectionDuringEditing = true
        try t.userSelectRow(at: a)
        #expect(t.indexPathsForSelectedRows == [a])
        #expect(ds.rowValue(at: a)?["taps"] == .int(1))
        // Ending editing restores taps under allowsSelection.
        t.setEditing(false)
        try t.userSelectRow(at: IndexPath(0, 0))
        #expect(t.indexPathsForSelectedRows == [a])
    }

    @Test func delegateHearsNothingFromDisabledRows() throws {
        final class Disabling: TableViewDataSource, TableViewDelegate {
            var events: [String] = []
            func tableView(_ t: TableView, numberOfRowsInSection s: Int) -> Int { 3 }
            func tableView(_ t: TableView, cellForRowAt ip: IndexPath) throws -> Cell {
                let cell = try t.dequeueReusableCell(withIdentifier: "default", for: ip)
                try cell.configure(
                    with: row("default", "r\(ip.row)", nil, ["accessory": .string("detailButton")]), at: ip)
                cell.state.isDisabled = ip.row == 1
                return cell
            }
            func tableView(_ t: TableView, shouldHighlightRowAt ip: IndexPath) -> Bool {
                events.append("should \(ip)")
                return true
            }
            func tableView(_ t: TableView, willSelectRowAt ip: IndexPath) -> IndexPath? {
                // Row 2 redirects to the disabled row 1.
                ip.row == 2 ? IndexPath(0, 1) : ip
            }
            func tableView(_ t: TableView, didSelectRowAt ip: IndexPath) throws { events.append("select \(ip)") }
            func tableView(_ t: TableView, didDeselectRowAt ip: IndexPath) throws { events.append("deselect \(ip)") }
            func tableView(_ t: TableView, accessoryButtonTappedForRowWith ip: IndexPath) throws {
                events.append("accessory \(ip)")
            }
        }
        let ds = Disabling()
        let t = TableView(registry: Registry())
        t.dataSource = ds
        t.delegate = ds
        t.width = 20
        t.viewportHeight = 1  // row 1 is off screen: its cell is configured to ask
        _ = try t.renderText()
        try t.userSelectRow(at: IndexPath(0, 1))
        try t.tapAccessory(at: IndexPath(0, 1))
        try t.userDeselectRow(at: IndexPath(0, 1))
        #expect(ds.events.isEmpty)
        try t.userSelectRow(at: IndexPath(0, 2))  // redirected to a disabled row: cancelled
        #expect(ds.events == ["should [0, 2]"])
        #expect(t.indexPathsForSelectedRows.isEmpty)
        // A disabled row selected in code is still deselected when the user selects another.
        t.selectRow(at: IndexPath(0, 1))
        try t.userSelectRow(at: IndexPath(0, 0))
        #expect(ds.events.suffix(2) == ["deselect [0, 1]", "select [0, 0]"])
    }
}
