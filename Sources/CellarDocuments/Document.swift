import Cellar
import Yams

/// One section of a table document.
public struct DocumentSection: Sendable {
    /// The section's header title, as tableView(_:titleForHeaderInSection:) returns it.
    public var header: String?
    /// The section's footer title, as tableView(_:titleForFooterInSection:) returns it.
    public var footer: String?
    /// The section's entry in the section index, when the table has no `indexTitles` of its own.
    public var indexTitle: String?
    /// Each row an `.object` with "cell" and its row data (as written).
    public var rows: [Value]
    /// Where each row starts in the file.
    public var rowLocations: [SourceLocation]
    /// Where the section starts in the file.
    public var location: SourceLocation?
    /// Creates a section from its titles and rows.
    public init(
        header: String? = nil, footer: String? = nil, indexTitle: String? = nil,
        rows: [Value] = [], rowLocations: [SourceLocation] = [], location: SourceLocation? = nil
    ) {
        self.header = header
        self.footer = footer
        self.indexTitle = indexTitle
        self.rows = rows
        self.rowLocations = rowLocations
        self.location = location
    }
}

/// A static table as YAML or JSON. These key names are a contract with the documents already written: renaming one breaks them.
public struct TableDocument: Sendable {
    /// The keys a document may have at its top level; any other is an error.
    public static let topLevelKeys =
        [
            "style", "rowHeight", "estimatedRowHeight", "separatorStyle", "ambiguousWide",
            "register", "sections", "indexTitles",
        ] + DocumentSelection.keys
    /// The keys a section may have; any other is an error.
    public static let sectionKeys = ["header", "footer", "indexTitle", "rows"]
    /// Row keys the table itself reads; every other key is row data for the style.
    public static let rowTableKeys = [
        "cell", "selected", "highlighted", "disabled", "height",
        "editable", "editingStyle", "movable", "template",
        "selectionStyle", "deselectAfterSelect",
    ]

    /// The file the document came from ("<table>" when built in memory), as error messages name it.
    public var path: String
    /// Plain, grouped or inset grouped, as UITableView's style.
    public var style: TableStyle = .plain
    /// Whether rows are separated by a line, as UITableView's separatorStyle.
    public var separatorStyle: SeparatorStyle = .singleLine
    /// East Asian Ambiguous characters take two columns (`TableView.ambiguousWide`).
    public var ambiguousWide = false
    /// The document's `rowHeight`: a fixed height for every row or automatic; nil leaves the table's default.
    public var rowHeight: RowHeight?
    var rowHeightLocation: SourceLocation?
    /// The document's `estimatedRowHeight`; nil leaves estimates off.
    public var estimatedRowHeight: Int?
    /// The sections, in order.
    public var sections: [DocumentSection] = []
    /// UIKit's selection flags (default: single selection).
    public var selection = DocumentSelection()
    /// The section index for the whole table (e.g. A–Z and #); nil = the
    /// sections' own `indexTitle`s. Titles without a section of their own
    /// jump to the nearest section (see `DocumentDataSource`).
    public var indexTitles: [String]?
    /// Top-level keys given from outside; they override the document's.
    public var options = TableOptions()
    /// The document's own reuse identifiers (`register:`), in file order.
    public var registrations: [Registration] = []
    /// libyaml's nesting limit (its MAX_NESTING_LEVEL), said in Cellar's words.
    static let maximumNesting = 1000

    /// Creates a document with the given sections and defaults for everything else.
    public init(path: String = "<table>", sections: [DocumentSection] = []) {
        self.path = path
        self.sections = sections
    }

    /// Reads and parses a file (a regular file of at most `sizeLimit`
    /// bytes); every error names file:line:column.
    public static func load(path: String, sizeLimit: Int = InputFile.defaultSizeLimit) throws -> TableDocument {
        try parse(bytes: try InputFile.read(path, limit: sizeLimit), path: path)
    }

    /// Parses raw bytes: invalid UTF-8 is an error at its line and column.
    public static func parse(bytes: [UInt8], path: String, options: TableOptions = TableOptions()) throws
        -> TableDocument
    {
        if isJSONPath(path) { return try json(bytes, path: path, options: options) }
        if let (line, column) = firstInvalidUTF8(bytes) {
            throw CellarError("invalid UTF-8", at: SourceLocation(file: path, line: line, column: column))
        }
        return try parse(String(decoding: bytes, as: UTF8.self), path: path, options: options)
    }

    /// `.json` files must be strict JSON (read by the streamed reader, see
    /// `json(_:path:options:)`); anything else is read as YAML.
    public static func parse(_ text: String, path: String, options: TableOptions = TableOptions()) throws
        -> TableDocument
    {
        if isJSONPath(path) { return try json(Array(text.utf8), path: path, options: options) }
        if options.sectionBy != nil {
            throw CellarError(
                "--section-by applies to rows without sections (JSON Lines, CSV or TSV); \(path) is a table document")
        }
        var reader = NodeReader(path: path)
        reader.defaultCell = options.cell
        guard let root = try compose(text, path: path) else {
            throw CellarError("the document is empty", at: SourceLocation(file: path, line: 1, column: 1))
        }
        var doc = try reader.document(root)
        doc.options = options
        if options.indexTitles {
            let titles = TableOptions.indexTitles(
                headers: doc.sections.map(\.header), existing: doc.sections.map(\.indexTitle))
            for (i, title) in titles.enumerated() { doc.sections[i].indexTitle = title }
        }
        return doc
    }

    static func isJSONPath(_ path: String) -> Bool { path.lowercased().hasSuffix(".json") }

    /// Composes YAML into a node tree, refusing anchors and aliases: an alias
    /// is a reference, and a few of them nested ("billion laughs") expand into
    /// more row data than any memory holds. Shared by documents and cases.
    package static func compose(_ text: String, path: String) throws -> Node? {
        let parser: Parser
        let root: Node?
        do {
            parser = try Parser(yaml: text)
            root = try parser.singleRoot()
        } catch let e as YamlError {
            throw yamlError(e, path: path)
        }
        // Anchors are weak references the parser keeps alive: look while it lives.
        try withExtendedLifetime(parser) {
            if let root, let anchored = firstAnchored(root) {
                throw CellarError(
                    "anchors and aliases (&name, *name) are not supported: write the value out",
                    at: SourceLocation(
                        file: path, line: anchored.mark?.line ?? 1,
                        column: anchored.mark?.column ?? 1))
            }
        }
        return root
    }

    /// The first node, in document order, that defines an anchor. It comes
    /// before any alias to it, so the walk never enters an expansion.
    static func firstAnchored(_ node: Node) -> Node? {
        if node.anchor != nil { return node }
        switch node {
        case .scalar: return nil
        case .alias: return node
        case .sequence(let seq):
            for child in seq { if let found = firstAnchored(child) { return found } }
        case .mapping(let map):
            for (key, value) in map {
                if let found = firstAnchored(key) ?? firstAnchored(value) { return found }
            }
        }
        return nil
    }

    /// Line and column (1-based, in characters) of the first byte that is not valid UTF-8.
    package static func firstInvalidUTF8(_ bytes: [UInt8]) -> (Int, Int)? {
        var parser = Unicode.UTF8.ForwardParser()
        var it = bytes.makeIterator()
        var line = 1
        var column = 1
        while true {
            switch parser.parseScalar(from: &it) {
            case .valid(let encoded):
                if encoded.count == 1 && encoded.first == UInt8(ascii: "\n") {
                    line += 1
                    column = 1
                } else {
                    column += 1
                }
            case .error: return (line, column)
            case .emptyInput: return nil
            }
        }
    }

    package static func yamlError(_ e: YamlError, path: String) -> CellarError {
        func at(_ m: Mark) -> SourceLocation { SourceLocation(file: path, line: m.line, column: m.column) }
        switch e {
        case .scanner(let context, let problem, let mark, _),
            .parser(let context, let problem, let mark, _),
            .composer(let context, let problem, let mark, _):
            let ctx = context.map { "\($0.text); " } ?? ""
            // libyaml's own wording names a C function the user cannot call.
            if problem.contains("yaml_set_max_nest_level") || context?.text.contains("yaml_set_max_nest_level") == true
            {
                return CellarError("nested more than \(maximumNesting) levels deep", at: at(mark))
            }
            return CellarError("malformed YAML/JSON: \(ctx)\(problem)", at: at(mark))
        case .reader(let problem, _, _, _):
            return CellarError("cannot read: \(problem)", at: SourceLocation(file: path, line: 1, column: 1))
        case .duplicatedKeysInMapping(let duplicates, let context):
            return CellarError(
                "duplicate key \(duplicates.map { "'\($0)'" }.joined(separator: ", "))", at: at(context.mark))
        default:
            return CellarError("malformed YAML/JSON: \(e)", at: SourceLocation(file: path, line: 1, column: 1))
        }
    }

    /// Checks that every fixed row height can be drawn at `width`: a row is
    /// drawn into one canvas of width × height cells, bounded as a viewport is.
    public func checkRowHeights(width: Int) throws {
        if case .fixed(let h)? = options.rowHeight ?? rowHeight {
            try Self.checkRowHeight(h, width: width, at: options.rowHeight == nil ? rowHeightLocation : nil)
        }
        for section in sections {
            for (row, loc) in zip(section.rows, section.rowLocations) {
                if case .int(let h)? = row["height"] { try Self.checkRowHeight(h, width: width, at: loc) }
                if case .int(let h)? = row["template"]?["height"] { try Self.checkRowHeight(h, width: width, at: loc) }
            }
        }
    }

    package static func checkRowHeight(_ height: Int, width: Int, at location: SourceLocation?) throws {
        let (cells, overflow) = width.multipliedReportingOverflow(by: height)
        guard overflow || cells > InputLimits.viewportCells else { return }
        throw CellarError(
            "a row \(height) lines tall cannot be drawn \(width) columns wide: width × row height "
                + "is at most \(InputLimits.viewportCells) cells (at most \(InputLimits.viewportCells / max(1, width)) lines here)",
            at: location)
    }

    /// Checks every row's reuse identifier and keys against a registry (located errors).
    public func validate(against registry: Registry) throws {
        for section in sections {
            for (row, loc) in zip(section.rows, section.rowLocations) {
                let id = row["cell"]?.stringValue ?? "default"
                guard let style = registry.style(for: id) else {
                    let msg = Registry.unknownIdentifierMessage(id)
                    if let near = Suggest.closest(id, among: registry.identifiers) {
                        throw CellarError("\(msg) (did you mean '\(near)'?)", at: loc)
                    }
                    throw CellarError(msg, at: loc)
                }
                try Self.checkRowKeys(row, id: id, style: style, at: loc)
            }
        }
    }
}

/// Walks a composed YAML node tree into a document, keeping marks for errors.
package struct NodeReader {
    let path: String
    /// The reuse identifier of rows that name no `cell`.
    var defaultCell = "default"

    package init(path: String) { self.path = path }

    func loc(_ node: Node) -> SourceLocation {
        SourceLocation(file: path, line: node.mark?.line ?? 1, column: node.mark?.column ?? 1)
    }

    func fail(_ node: Node, _ message: String) -> CellarError { CellarError(message, at: loc(node)) }

    package func pairs(_ node: Node, what: String) throws -> [(key: String, keyNode: Node, value: Node)] {
        guard case .mapping(let m) = node else { throw fail(node, "\(what) must be a mapping of keys to values") }
        var out: [(String, Node, Node)] = []
        for (k, v) in m {
            guard case .scalar(let s) = k else { throw fail(k, "keys must be plain text") }
            out.append((s.string, k, v))
        }
        return out
    }

    mutating func document(_ root: Node) throws -> TableDocument {
        var doc = TableDocument(path: path)
        var sawSections = false
        for (key, keyNode, value) in try pairs(root, what: "a table document") {
            switch key {
            case "style": doc.style = try choice(value, TableStyle.self, key)
            case "separatorStyle": doc.separatorStyle = try choice(value, SeparatorStyle.self, key)
            case "ambiguousWide": doc.ambiguousWide = try flag(value, key)
            case "rowHeight":
                doc.rowHeight = try height(value, key)
                doc.rowHeightLocation = loc(value)
            case "estimatedRowHeight":
                guard let n = int(value), n >= 1, n <= TableView.maximumRowHeight else {
                    throw fail(
                        value,
                        "estimatedRowHeight must be a whole number of lines from 1 to \(TableView.maximumRowHeight)")
                }
                doc.estimatedRowHeight = n
            case "register": doc.registrations = try registrations(value)
            case "sections":
                sawSections = true
                guard case .sequence(let seq) = value else { throw fail(value, "sections must be a list") }
                for s in seq { doc.sections.append(try section(s)) }
            case "indexTitles": doc.indexTitles = try indexTitles(value)
            default:
                if DocumentSelection.keys.contains(key) {
                    try doc.selection.set(key, try flag(value, key))
                    continue
                }
                throw fail(keyNode, Suggest.unknown("key", key, among: TableDocument.topLevelKeys))
            }
        }
        if !sawSections { throw fail(root, "a table document needs 'sections'") }
        try checkIndexTitles(doc, root)
        try checkInitialSelection(doc)
        return doc
    }

    func section(_ node: Node) throws -> DocumentSection {
        var s = DocumentSection(location: loc(node))
        for (key, keyNode, value) in try pairs(node, what: "a section") {
            switch key {
            case "header": s.header = try text(value, key)
            case "footer": s.footer = try text(value, key)
            case "indexTitle": s.indexTitle = try text(value, key)
            case "rows":
                guard case .sequence(let seq) = value else { throw fail(value, "rows must be a list") }
                for r in seq {
                    s.rows.append(try row(r))
                    s.rowLocations.append(loc(r))
                }
            default:
                throw fail(keyNode, Suggest.unknown("section key", key, among: TableDocument.sectionKeys))
            }
        }
        return s
    }

    package func row(_ node: Node) throws -> Value {
        var object: [String: Value] = [:]
        var keyNodes: [String: Node] = [:]
        for (key, keyNode, value) in try pairs(node, what: "a row") {
            keyNodes[key] = keyNode
            switch key {
            case "cell":
                guard let id = try text(value, key), !id.isEmpty else {
                    throw fail(value, "cell must name a reuse identifier")
                }
                object[key] = .string(id)
            case "selected", "highlighted", "disabled", "editable", "deselectAfterSelect":
                guard let b = value.bool, case .scalar = value else {
                    throw fail(value, "\(key) must be true or false")
                }
                object[key] = .bool(b)
            case "editingStyle", "selectionStyle", "movable", "template":
                object[key] = try editingKey(key, value)
            case "height":
                switch try height(value, key) {
                case .automatic: object[key] = .string("automatic")
                case .fixed(let n): object[key] = .int(n)
                }
            default:
                object[key] = try self.value(value)
            }
        }
        if object["cell"] == nil && defaultCell != "default" { object["cell"] = .string(defaultCell) }
        let row = Value.object(object)
        // Built-in styles' keys are checked now, so render time cannot fail on them.
        let id = object["cell"]?.stringValue ?? "default"
        if let kind = BuiltinCellStyle.Kind(rawValue: id) {
            if kind == .default, let detail = object["secondaryText"], detail != .null {
                throw fail(
                    keyNodes["secondaryText"] ?? node,
                    "style 'default' has no detail text (UIKit's detailTextLabel is nil); use subtitle, value1 or value2, or drop secondaryText"
                )
            }
            do { _ = try RowData.parse(row, style: kind) } catch let e as RowDataError {
                throw fail(locate(e.keyPath, in: node), "\(e.keyPath.joined(separator: ".")): \(e.message)")
            }
        }
        return row
    }

    /// The node a key path points at (the deepest key found), for error marks.
    func locate(_ path: [String], in node: Node) -> Node {
        var current = node
        for key in path {
            guard case .mapping(let m) = current else { break }
            guard let (k, v) = m.first(where: { $0.key.string == key }) else { break }
            current = key == path.last ? (v.mark == nil ? k : v) : v
        }
        return current
    }

    func height(_ node: Node, _ key: String) throws -> RowHeight {
        if case .scalar(let s) = node, s.string == "automatic" { return .automatic }
        guard let n = int(node) else {
            throw fail(node, "\(key) must be 'automatic' or a whole number of lines ≥ 0 (got '\(node.string ?? "?")')")
        }
        guard n >= 0 else { throw fail(node, "\(key) must not be negative (got \(n))") }
        guard n <= TableView.maximumRowHeight else {
            throw fail(node, "\(key) is too large (\(n) lines; at most \(TableView.maximumRowHeight))")
        }
        return .fixed(n)
    }

    /// The resolved tag of a node (plain scalars get int/float/bool/null by the YAML core schema).
    func tagName(_ node: Node) -> Tag.Name { Tag.Name(rawValue: node.tag.rawValue) }

    func int(_ node: Node) -> Int? {
        guard case .scalar(let s) = node, s.style == .plain || s.style == .any else { return nil }
        if tagName(node) == .int { return node.int }
        if tagName(node) == .float, let d = node.float, d.rounded() == d, abs(d) < 1e15 { return Int(d) }
        return nil
    }

    func text(_ node: Node, _ key: String) throws -> String? {
        guard case .scalar(let s) = node else { throw fail(node, "\(key) must be text") }
        if tagName(node) == .null && s.style != .singleQuoted && s.style != .doubleQuoted { return nil }
        return s.string
    }

    /// A plain `true` or `false` (quoted text is not a flag).
    func flag(_ node: Node, _ key: String) throws -> Bool {
        if case .scalar(let s) = node, s.style == .plain || s.style == .any, tagName(node) == .bool, let b = node.bool {
            return b
        }
        throw fail(node, "\(key) must be true or false (got '\(node.string ?? "?")')")
    }

    func choice<E: RawRepresentable & CaseIterable>(_ node: Node, _: E.Type, _ key: String) throws -> E
    where E.RawValue == String {
        guard case .scalar(let s) = node else {
            throw fail(node, "\(key) must be one of \(E.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        if let e = E(rawValue: s.string) { return e }
        throw fail(node, "\(key): " + Suggest.unknown("value", s.string, among: E.allCases.map(\.rawValue)))
    }

    /// Any YAML value as row data.
    package func value(_ node: Node) throws -> Value {
        switch node {
        case .scalar(let s):
            if s.style == .singleQuoted || s.style == .doubleQuoted || s.style == .literal || s.style == .folded {
                return .string(s.string)
            }
            switch tagName(node) {
            case .null: return .null
            case .bool: return node.bool.map(Value.bool) ?? .string(s.string)
            case .int: return node.int.map(Value.int) ?? .string(s.string)
            case .float: return node.float.map(Value.double) ?? .string(s.string)
            default: return .string(s.string)
            }
        case .sequence(let seq): return .array(try seq.map { try value($0) })
        case .mapping:
            var o: [String: Value] = [:]
            for (k, _, v) in try pairs(node, what: "a value") { o[k] = try value(v) }
            return .object(o)
        case .alias:
            throw fail(node, "aliases are not supported")
        }
    }
}
