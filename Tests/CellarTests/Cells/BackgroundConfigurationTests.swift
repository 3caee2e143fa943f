import CellarTestSupport
import CellarText
import Testing

@testable import Cellar

/// A Swift data source that gives each cell a background configuration.
private final class BackgroundSource: TableViewDataSource {
    var rows: [(cell: String, text: String, detail: String?)]
    var background: (IndexPath) -> BackgroundConfiguration? = { _ in nil }
    var handler: ((Cell, CellState) -> Void)?
    init(_ rows: [(cell: String, text: String, detail: String?)]) { self.rows = rows }
    func numberOfSections(in tableView: TableView) -> Int { 1 }
    func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { rows.count }
    func tableView(_ tableView: TableView, cellForRowAt ip: IndexPath) throws -> Cell {
        let row = rows[ip.row]
        let cell = try tableView.dequeueReusableCell(withIdentifier: row.cell, for: ip)
        var data: [String: Value] = ["text": .string(row.text)]
        if let d = row.detail { data["secondaryText"] = .string(d) }
        try cell.configure(with: .object(data), at: ip)
        cell.backgroundConfiguration = background(ip)
        cell.configurationUpdateHandler = handler
        return cell
    }
    func tableView(_ tableView: TableView, canMoveRowAt indexPath: IndexPath) -> Bool { true }
    func tableView(_ tableView: TableView, moveRowAt from: IndexPath, to: IndexPath) throws {}
}

/// Keeps the one canvas a viewport render draws.
private final class CanvasCapture: CanvasWriter {
    var canvas = Canvas(width: 0, height: 0)
    func write(_ canvas: Canvas, lines: Range<Int>) throws { self.canvas = canvas }
    func flush() throws {}
}

@Suite struct BackgroundConfigurationTests {
    private func render(_ source: BackgroundSource, style: TableStyle = .plain, height: Int) throws -> (
        canvas: Canvas, text: String
    ) {
        let t = TableView(style: style, registry: Registry())
        t.dataSource = source
        t.width = 16
        t.viewportHeight = height
        let capture = CanvasCapture()
        try t.render(to: capture)
        return (capture.canvas, try t.renderText())
    }

    /// The background colours of line `y`, one per column.
    private func backgrounds(_ c: Canvas, _ y: Int) -> [Color] { (0..<c.width).map { c[$0, y].style.background } }

    @Test func aBackgroundFillsEveryLineOfTheRowAcrossItsWidthAndPlainTextIsUnchanged() throws {
        let rows: [(cell: String, text: String, detail: String?)] = [
            ("subtitle", "Inbox", "two lines"), ("default", "Sent", nil),
        ]
        let plain = try render(BackgroundSource(rows), height: 5)
        let source = BackgroundSource(rows)
        let blue = Color.rgb(0x20, 0x30, 0x40)
        source.background = { $0.row == 0 ? BackgroundConfiguration(backgroundColor: blue) : nil }
        let drawn = try render(source, height: 5)
        #expect(drawn.text == plain.text)
        // Lines 0 and 1 are the subtitle row; 2 its separator; 3 the next row.
        #expect(backgrounds(drawn.canvas, 0) == Array(repeating: blue, count: 16))
        #expect(backgrounds(drawn.canvas, 1) == Array(repeating: blue, count: 16))
        #expect(backgrounds(drawn.canvas, 2).allSatisfy { $0 == .default })
        #expect(backgrounds(drawn.canvas, 3).allSatisfy { $0 == .default })
        // Under the content: the detail keeps its own colour.
        #expect(drawn.canvas[1, 1].style.foreground == .semantic(.secondaryLabel))
    }

    @Test func selectedColourReplacesCellarsSelectionOnlyWhenSet() throws {
        let source = BackgroundSource([("default", "A", nil), ("default", "B", nil)])
        source.background = { ip in
            ip.row == 0
                ? BackgroundConfiguration(
                    backgroundColor: .semantic(.secondaryBackground), selectedBackgroundColor: .semantic(.tint))
                : BackgroundConfiguration(backgroundColor: .semantic(.secondaryBackground))
        }
        let t = TableView(registry: Registry())
        t.dataSource = source
        t.width = 16
        t.viewportHeight = 3
        t.allowsMultipleSelection = true
        t.selectRow(at: IndexPath(0, 0))
        t.selectRow(at: IndexPath(0, 1))
        let capture = CanvasCapture()
        try t.render(to: capture)
        let c = capture.canvas
        // Row 0: its selected colour, no inverse; the marker still shows.
        #expect(c[0, 0].character == "▌")
        #expect(c[3, 0].style.background == .semantic(.tint))
        #expect(!c[3, 0].style.attributes.contains(.inverse))
        // Row 1 (line 2) has no selected colour: Cellar's own selection.
        #expect(c[3, 2].style.background == .semantic(.selectedBackground))
        #expect(c[3, 2].style.attributes.contains(.inverse))
    }

    @Test func theUpdateHandlerMakesTheBackgroundFollowTheState() throws {
        let source = BackgroundSource([("default", "A", nil)])
        source.handler = { cell, state in
            cell.backgroundConfiguration =
                state.isFocused ? BackgroundConfiguration(backgroundColor: .semantic(.warning)) : nil
        }
        let t = TableView(registry: Registry())
        t.dataSource = source
        t.width = 16
        t.viewportHeight = 1
        let capture = CanvasCapture()
        try t.render(to: capture)
        #expect(capture.canvas[5, 0].style.background == .default)
        try t.perform(.focusRow(IndexPath(0, 0)))
        try t.render(to: capture)
        #expect(capture.canvas[5, 0].style.background == .semantic(.warning))
    }

    @Test func focusAndReorderingChangeNothingABuiltInStyleDraws() throws {
        let source = BackgroundSource([("subtitle", "A", "detail"), ("default", "B", nil)])
        let t = TableView(registry: Registry())
        t.dataSource = source
        t.width = 16
        t.viewportHeight = 4
        t.setEditing(true)
        func cells() throws -> [Canvas.Cell] {
            let capture = CanvasCapture()
            try t.render(to: capture)
            return (0..<4).flatMap { y in (0..<16).map { capture.canvas[$0, y] } }
        }
        let before = try cells()
        try t.perform(.focusRow(IndexPath(0, 0)))
        #expect(try cells() == before)
        try t.perform(.beginReorder(IndexPath(0, 0)))
        #expect(try cells() == before)
    }

    @Test func insetGroupedBackgroundsStayInsideTheBoxSides() throws {
        let source = BackgroundSource([("default", "A", nil)])
        source.background = { _ in BackgroundConfiguration(backgroundColor: .semantic(.secondaryBackground)) }
        let drawn = try render(source, style: .insetGrouped, height: 3)
        let line = backgrounds(drawn.canvas, 1)
        // The box side at column 1 and 14; the row between them, from column 2 to 13.
        #expect(drawn.canvas[1, 1].character == "│")
        #expect(line[1] == .default && line[14] == .default)
        #expect(line[2...13].allSatisfy { $0 == .semantic(.secondaryBackground) })
        #expect(drawn.canvas[1, 0].style.background == .default)  // ╭ keeps no background
    }

    @Test func documentBackgroundsParseUIKitNamedKeysAndRejectOthers() throws {
        let config = try BackgroundConfiguration.parse(
            .object(["color": .string("#102030"), "selectedColor": .string("tint"), "highlightedColor": .int(3)]))
        #expect(config.backgroundColor == .rgb(0x10, 0x20, 0x30))
        #expect(config.selectedBackgroundColor == .semantic(.tint))
        #expect(config.highlightedBackgroundColor == .palette(3))
        do {
            _ = try BackgroundConfiguration.parse(.object(["selectedColour": .string("tint")]))
            Issue.record("expected an error")
        } catch let e as RowDataError {
            #expect(e.keyPath == ["background", "selectedColour"])
            #expect(e.message.contains("did you mean 'selectedColor'"), "\(e.message)")
        }
    }
}
