import Cellar

/// A JSON Schema (draft-07, what editors' YAML and JSON support read) of a table document, made from
/// `TableSchema`: every key it declares, with its type, bounds, choices and line of docs. A row whose
/// `cell` names a built-in style takes only the keys that style draws; a row of another style takes
/// its style's own keys too, which only the style knows, so the schema leaves them open.
enum TableJSONSchema {
    /// A JSON value whose mappings keep their order, so the schema reads top-down.
    indirect enum Node {
        case text(String)
        case number(Int)
        case flag(Bool)
        case list([Node])
        case mapping([(String, Node)])

        /// The value as JSON, indented by two spaces a level.
        func json(indent: String = "") -> String {
            let inner = indent + "  "
            switch self {
            case .text(let s): return Self.quoted(s)
            case .number(let n): return String(n)
            case .flag(let b): return b ? "true" : "false"
            case .list(let items) where items.allSatisfy(\.isScalar):
                return "[" + items.map { $0.json() }.joined(separator: ", ") + "]"
            case .list(let items):
                return "[\n" + items.map { inner + $0.json(indent: inner) }.joined(separator: ",\n") + "\n\(indent)]"
            case .mapping(let pairs) where pairs.isEmpty: return "{}"
            case .mapping(let pairs):
                let members = pairs.map { inner + Self.quoted($0.0) + ": " + $0.1.json(indent: inner) }
                return "{\n" + members.joined(separator: ",\n") + "\n\(indent)}"
            }
        }

        private var isScalar: Bool {
            switch self {
            case .list, .mapping: false
            default: true
            }
        }

        /// The schema's own words (`TableSchema`'s names and docs), which hold no control character.
        private static func quoted(_ s: String) -> String {
            "\"" + s.replacing("\\", with: "\\\\").replacing("\"", with: "\\\"") + "\""
        }
    }

    /// The whole schema.
    static func document() -> Node {
        .mapping([
            ("$schema", .text("http://json-schema.org/draft-07/schema#")),
            ("title", .text("Cellar table document")),
            ("type", .text("object")),
            ("properties", properties(TableSchema.document)),
            ("additionalProperties", .flag(false)),
            (
                "definitions",
                .mapping([
                    ("section", closed(TableSchema.section)),
                    ("row", row()),
                    ("view", .mapping([("type", .text("object")), ("required", .list([.text("view")]))])),
                ])
            ),
        ])
    }

    private static func closed(_ keys: [TableSchema.Key]) -> Node {
        .mapping([("type", .text("object")), ("properties", properties(keys)), ("additionalProperties", .flag(false))])
    }

    /// A row: every key typed; a built-in style's row closed to the keys it draws and the table's.
    private static func row() -> Node {
        let names = Node.mapping([("enum", .list(TableSchema.row.map { Node.text($0.name) }))])
        let styles = BuiltinCellStyle.Kind.allCases.map { kind in
            // A key the style does not draw may only be null (no value), as the row check has it.
            let undrawn = TableSchema.row.filter { !$0.isTableKey && !$0.readBy.contains(kind) }
            let none = Node.mapping([("type", .text("null"))])
            return Node.mapping([
                ("if", .mapping([("properties", .mapping([("cell", .mapping([("const", .text(kind.rawValue))]))]))])),
                (
                    "then",
                    .mapping([("propertyNames", names), ("properties", .mapping(undrawn.map { ($0.name, none) }))])
                ),
            ])
        }
        return .mapping([
            ("type", .text("object")), ("properties", properties(TableSchema.row)), ("allOf", .list(styles)),
        ])
    }

    private static func properties(_ keys: [TableSchema.Key]) -> Node {
        .mapping(keys.map { key in (key.name, described(value(key), key)) })
    }

    private static func described(_ node: Node, _ key: TableSchema.Key) -> Node {
        guard case .mapping(var pairs) = node else { return node }
        let uikit = key.uikit.isEmpty ? "" : " (UIKit: \(key.uikit.joined(separator: ", ")))"
        pairs.insert(("description", .text(key.doc + uikit)), at: 0)
        return .mapping(pairs)
    }

    private static let text = Node.mapping([("type", .list(["string", "number", "boolean", "null"].map(Node.text)))])
    private static let flag = Node.mapping([("type", .text("boolean"))])

    private static func value(_ key: TableSchema.Key) -> Node {
        switch key.type {
        case .identifier: return .mapping([("type", .text("string")), ("minLength", .number(1))])
        case .text: return text
        case .flag: return flag
        case .height:
            return .mapping([
                (
                    "anyOf",
                    .list([
                        .mapping([("const", .text("automatic"))]),
                        count(0...TableView.maximumRowHeight),
                    ])
                )
            ])
        case .count(let range): return count(range)
        case .choice(let names): return .mapping([("enum", .list(names.map(Node.text)))])
        case .movability: return .mapping([("enum", .list([.flag(true), .flag(false), .text("withinSection")]))])
        case .textProperties: return names(RowData.propertyKeys)
        case .background: return names(BackgroundConfiguration.documentKeys)
        case .swipeActions: return .mapping([("type", .text("array")), ("items", names(ContextualAction.fields))])
        case .row: return .mapping([("$ref", .text("#/definitions/row"))])
        case .structure: return structure(key.name)
        }
    }

    /// A whole number in `range` (YAML's `2.0`, as Python writes it, is one too).
    private static func count(_ range: ClosedRange<Int>) -> Node {
        .mapping([
            ("type", .text("number")), ("multipleOf", .number(1)), ("minimum", .number(range.lowerBound)),
            ("maximum", .number(range.upperBound)),
        ])
    }

    /// A mapping of some of `keys`, their values checked by Cellar.
    private static func names(_ keys: [String]) -> Node {
        .mapping([("type", .text("object")), ("propertyNames", .mapping([("enum", .list(keys.map(Node.text)))]))])
    }

    private static func structure(_ name: String) -> Node {
        switch name {
        case "sections": return list(of: .mapping([("$ref", .text("#/definitions/section"))]))
        case "rows": return list(of: .mapping([("$ref", .text("#/definitions/row"))]))
        case "indexTitles": return list(of: text)
        case "register":
            let style = Node.mapping([("type", .text("string")), ("minLength", .number(1))])
            return .mapping([("type", .text("object")), ("additionalProperties", style)])
        default: return .mapping([("$ref", .text("#/definitions/view"))])
        }
    }

    private static func list(of item: Node) -> Node { .mapping([("type", .text("array")), ("items", item)]) }
}
