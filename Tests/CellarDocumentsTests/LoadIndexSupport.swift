import Cellar
import CellarTestSupport
import Foundation

@testable import CellarDocuments

/// Files, caches and comparisons the load index tests share.
enum LoadIndexSupport {
    /// A cache in `dir` that keeps an index of any file (the tests' files are small).
    static func cache(_ dir: ScratchDirectory) -> LoadIndexCache {
        LoadIndexCache(directory: dir.path + "/cache", minimumSize: 0)
    }

    /// Writes `text` to `name` in `dir`, last written `age` seconds ago (an index is kept only of a file
    /// not written in the last two seconds: `FileIdentity.isRacy`).
    @discardableResult
    static func write(_ dir: ScratchDirectory, _ name: String, _ text: String, age: Double = 60) throws -> String {
        let path = try dir.write(name, text)
        try setAge(path, age)
        return path
    }

    static func setAge(_ path: String, _ age: Double) throws {
        try FileManager.default.setAttributes(
            [.modificationDate: Date(timeIntervalSinceNow: -age)], ofItemAtPath: path)
    }

    /// Loads `path` through `cache`.
    static func load(_ path: String, _ cache: LoadIndexCache?, options: TableOptions = TableOptions()) throws
        -> StreamedDocument
    {
        let input = try DocumentInput.read(path, sizeLimit: 1 << 30)
        return try StreamedDocument.load(input, options: options, indexCache: cache)
    }

    /// Loads the YAML file at `path` through `cache`, its JSON form spooled however small
    /// (and so kept by the cache).
    static func loadYAML(_ path: String, _ cache: LoadIndexCache?, options: TableOptions = TableOptions()) throws
        -> StreamedDocument
    {
        try StreamedDocument.load(yamlFile: path, sizeLimit: 1 << 30, options: options, spoolFrom: 0, indexCache: cache)
    }

    /// The index file of the file at `path`.
    static func indexFile(_ cache: LoadIndexCache, of path: String) -> String {
        cache.file(for: PathName.real(path) ?? path)
    }

    /// Everything a load leaves in a document that the table reads: two loads of the same
    /// state give the table the same document.
    struct State: Equatable {
        var text: String
        /// Section views' data are mappings, whose order a description does not keep: compared as values.
        var views: [[DocumentSectionView?]]
    }

    static func state(_ d: StreamedDocument) -> State {
        State(text: text(d), views: d.sections.map { [$0.headerView, $0.footerView] })
    }

    private static func text(_ d: StreamedDocument) -> String {
        let keySets = d.found.rowKeySets
        let entries = keySets.entries.sorted { ($0.identifier, $0.keys) < ($1.identifier, $1.keys) }
        return [
            "\(d.style) \(d.separatorStyle) \(d.ambiguousWide) \(d.sectionHeights)",
            "\(String(describing: d.rowHeight)) \(String(describing: d.rowHeightOffset))",
            "\(d.sectionHeightOffsets.sorted { $0.key < $1.key }) \(String(describing: d.estimatedRowHeight))",
            "\(d.selection) \(String(describing: d.indexTitles))",
            "\(d.sections.map { [$0.header, $0.footer, $0.indexTitle] })",
            "\(d.sections.map { [$0.firstRow, $0.rowCount, $0.offset] })",
            "\(Array(d.found.rowOffsets))",
            "\(d.found.selectedRows) \(d.found.highlightedRows) \(d.found.declaredHeights.storedCodes) \(d.found.editingRows.storedWords)",
            "\(d.found.identifiers.sorted { $0.key < $1.key })",
            "\(keySets.names) \(keySets.identifiers) \(entries) \(keySets.complete) \(keySets.rows)",
            "\(d.registrations) \(d.columns)",
        ].joined(separator: "\n")
    }

    /// `sectionedJSON`'s table in YAML's block style.
    static let sectionedYAML = """
        style: grouped
        allowsMultipleSelection: true
        sections:
          - header: Fruit
            indexTitle: F
            rows:
              - {text: Apple 🍎, selected: true}
              - cell: subtitle
                text: Pear
                secondaryText: green 한글
                height: 3
              - {text: Plum, highlighted: true, editingStyle: delete}
          - header: Empty
            footer: nothing here
            rows: []
          - footer: no rows key
          - header: Grain
            indexTitle: G
            footer: the end
            rows:
              - {cell: value1, text: Rice, secondaryText: 2 kg, selected: true}
              - {text: Oats, accessory: checkmark}
        indexTitles: [F, G]
        rowHeight: automatic

        """

    /// A table of a few sections with titles, a footer, selected and highlighted rows, heights and editing keys.
    static let sectionedJSON = """
        {"style": "grouped", "allowsMultipleSelection": true,
         "sections": [
          {"header": "Fruit", "indexTitle": "F", "rows": [
            {"text": "Apple 🍎", "selected": true},
            {"cell": "subtitle", "text": "Pear", "secondaryText": "green 한글", "height": 3},
            {"text": "Plum", "highlighted": true, "editingStyle": "delete"}]},
          {"header": "Empty", "footer": "nothing here", "rows": []},
          {"footer": "no rows key"},
          {"header": "Grain", "indexTitle": "G", "footer": "the end", "rows": [
            {"cell": "value1", "text": "Rice", "secondaryText": "2 kg", "selected": true},
            {"text": "Oats", "accessory": "checkmark"}]}],
         "indexTitles": ["F", "G"], "rowHeight": "automatic"}
        """
}
