import CellarTestSupport

@testable import Cellar

/// A data source over sections of strings, as a UIKit developer writes one:
/// it dequeues a `default` cell and sets its text. It records every row it
/// is asked a cell for, so tests see which rows a render or an update asked
/// for.
final class ModelSource: TableViewDataSource {
    var sections: [[String]]
    /// Rows asked for by cellForRowAt, in order.
    var asked: [IndexPath] = []
    /// The cells cellForRowAt returned, by row, most recent last.
    var returned: [IndexPath: Cell] = [:]

    init(_ sections: [[String]]) { self.sections = sections }

    func numberOfSections(in tableView: TableView) -> Int { sections.count }
    func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { sections[section].count }
    func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) throws -> Cell {
        asked.append(indexPath)
        let cell = try tableView.dequeueReusableCell(withIdentifier: "default", for: indexPath)
        cell.contentConfiguration = ListContentConfiguration(text: sections[indexPath.section][indexPath.row])
        returned[indexPath] = cell
        return cell
    }

    /// A table over this source, `height` lines tall (nil: the whole table).
    func makeTable(width: Int = 20, height: Int? = nil) -> TableView {
        let t = TableView(style: .plain, registry: Registry())
        t.dataSource = self
        t.width = width
        t.viewportHeight = height
        t.separatorStyle = .none
        return t
    }

    /// What the table should show: every row's text, section by section.
    var expectedLines: [String] { sections.flatMap { $0.map { " " + $0 } } }
    /// Every row's text, section by section.
    var texts: [String] { sections.flatMap { $0 } }

    /// Forgets the rows asked so far.
    func takeAsked() -> Set<IndexPath> {
        defer { asked = [] }
        return Set(asked)
    }
}

/// The lines a table draws, trailing spaces and empty lines after the last row trimmed.
func drawn(_ t: TableView) throws -> [String] {
    var out = lines(try t.renderText()).map { String($0.reversed().drop { $0 == " " }.reversed()) }
    while out.last == "" { out.removeLast() }
    return out
}

/// The texts a table draws: its lines without the leading column (where the selection mark goes).
func drawnTexts(_ t: TableView) throws -> [String] {
    try drawn(t).map { String($0.dropFirst()) }
}
