import Cellar

/// Rows that can be deleted and moved and whose values a reload can look
/// rows up by (`TableViewRowData`), as a document's. Drawn by the style
/// registered as `look` (`Look`), else the built-in default.
final class EditableRows: TableViewDataSource, TableViewDelegate, TableViewRowData {
    var rows: [Value]
    init(_ texts: [String]) { rows = texts.map { .object(["text": .string($0)]) } }
    func numberOfSections(in tableView: TableView) -> Int { 1 }
    func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { rows.count }
    func tableView(_ tableView: TableView, cellForRowAt ip: IndexPath) throws -> Cell {
        let cell = try tableView.dequeueReusableCell(withIdentifier: "look", for: ip)
        try cell.configure(with: rows[ip.row], at: ip)
        return cell
    }
    func tableView(_ tableView: TableView, canEditRowAt indexPath: IndexPath) -> Bool { true }
    func tableView(_ tableView: TableView, commit editingStyle: EditingStyle, forRowAt ip: IndexPath) throws {
        rows.remove(at: ip.row)
        try tableView.deleteRows(at: [ip])
    }
    func tableView(_ tableView: TableView, canMoveRowAt indexPath: IndexPath) -> Bool { true }
    func tableView(_ tableView: TableView, moveRowAt from: IndexPath, to: IndexPath) throws {
        rows.insert(rows.remove(at: from.row), at: to.row)
    }
    var texts: [String] { rows.map { $0["text"]?.stringValue ?? "" } }
    func rowValue(at ip: IndexPath) -> Value? { ip.row < rows.count ? rows[ip.row] : nil }
    func setRowValue(_ value: Value, at ip: IndexPath) { rows[ip.row] = value }

    func table() -> TableView {
        let registry = Registry()
        try? registry.register(BuiltinCellStyle(.default), forCellReuseIdentifier: "look")
        let t = TableView(registry: registry)
        t.retainedDataSource = self
        t.dataSource = self
        t.delegate = self
        t.separatorStyle = .none
        t.width = 30
        t.viewportHeight = 4
        return t
    }
}
