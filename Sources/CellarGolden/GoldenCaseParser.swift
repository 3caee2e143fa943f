import Cellar
import CellarDocuments
import FoundationEssentials

/// Parses `NAME.case.yaml` files. The format (documented in the README, "Golden tests"):
///
/// ```yaml
/// style: value1                 # optional: the style under test (must be registered)
/// table: ../tables/foods.yaml   # a document path relative to this file, or a document inline
///                               # (or `swift_table: NAME`: a table built in Swift, handed over by a test)
/// width: 40
/// height: 6                     # optional: viewport lines (default: the whole table)
/// offset: 0                     # optional
/// stats: true                   # optional: reuse statistics after every frame
/// styles: true                  # optional: a marks line under each styled line, a legend per frame
/// focus_mark: true              # optional: the focused row marked ❯ (➤ when selected), as browse shows it
/// steps:
///   - select: [0, 1]
///   - scroll: 10
/// ```
public enum GoldenCaseParser {
    static let topKeys = [
        "description", "style", "table", "swift_table", "width", "height", "offset", "stats", "styles", "focus_mark",
        "steps",
    ]
    static let stepNames = [
        "render", "reload", "begin_editing", "end_editing", "select", "deselect",
        "highlight", "unhighlight", "tap_accessory", "set_state", "delete",
        "insert", "move", "scroll", "tap_delete_control", "confirm_delete",
        "tap_insert_control", "reorder", "begin_reorder", "end_reorder", "tap_index_title",
        "focus", "resize", "swipe", "tap_swipe_action", "focus_swipe_action", "end_swipe",
    ]

    /// Reads and parses a case file (through `tree` when given: then it and
    /// its table must lie inside it). Every problem is a located `CellarError`.
    public static func load(path: String, name: String, tree: CaseTree? = nil) throws -> GoldenCase {
        let read = try tree.map { try $0.read(path) } ?? GoldenFiles.readBytes(path)
        guard let bytes = read else { throw CellarError("\(path): cannot open: no such file") }
        try TableDocument.checkYAMLText(bytes, path: path)
        var parsed = try parse(String(decoding: bytes, as: UTF8.self), path: path, name: name)
        parsed.tree = tree
        return parsed
    }

    /// Parses a case file's text; every problem is a CellarError located in `path`.
    public static func parse(_ text: String, path: String, name: String) throws -> GoldenCase {
        let yaml = GoldenYAML(file: path)
        let start = SourceLocation(file: path, line: 1, column: 1)
        guard let root = try yaml.compose(text) else {
            throw CellarError("empty case file: it needs at least 'table' and 'width'", at: start)
        }
        let pairs = try yaml.pairs(root, what: "a case")

        var style: Located<String>?
        var table: TableSource?
        var width: Int?
        var height: Int?
        var offset = 0
        var stats = false
        var styles = false
        var focusMark = false
        var steps: [GoldenStep] = []
        var heightNode: YAMLNode?
        var description: String?

        for (index, (key, keyNode, value)) in pairs.enumerated() {
            switch key {
            case "description":
                description = try yaml.string(value, what: "description")
            case "style":
                style = Located(try yaml.string(value, what: "style"), at: yaml.location(value))
            case "table", "swift_table":
                if table != nil {
                    throw yaml.error(
                        "a case draws either a table document ('table') or a table built in Swift "
                            + "('swift_table'), not both", at: keyNode)
                }
                if key == "swift_table" {
                    let name = try yaml.string(value, what: "swift_table")
                    guard !name.isEmpty else {
                        throw yaml.error("swift_table must name the Swift table the case drives", at: value)
                    }
                    table = .swift(name: name, location: yaml.location(value))
                    continue
                }
                table = try tableSource(
                    value, next: pairs.dropFirst(index + 1).first?.keyNode,
                    isFlowRoot: startsWithFlowMapping(text),
                    text: text, yaml: yaml)
            case "width": width = try yaml.int(value, what: "width", in: InputLimits.width)
            case "height":
                height = try yaml.int(value, what: "height", in: InputLimits.height)
                heightNode = value
            case "offset": offset = try yaml.int(value, what: "offset", in: InputLimits.offset)
            case "stats": stats = try yaml.bool(value, what: "stats")
            case "styles": styles = try yaml.bool(value, what: "styles")
            case "focus_mark": focusMark = try yaml.bool(value, what: "focus_mark")
            case "steps":
                guard case .sequence(let seq, _) = value else {
                    throw yaml.error("steps must be a list, found \(yaml.kind(value))", at: value)
                }
                steps = try seq.map { try step($0, yaml: yaml) }
            default:
                throw yaml.unknownKey(key, at: keyNode, known: topKeys, in: "key")
            }
        }
        guard let table else {
            throw CellarError(
                "the case has no 'table' (or 'swift_table', for a table built in Swift)", at: yaml.location(root))
        }
        guard let width else { throw CellarError("the case has no 'width'", at: yaml.location(root)) }
        if let height, let heightNode, let problem = InputLimits.viewportProblem(width: width, height: height) {
            throw yaml.error(problem, at: heightNode)
        }
        var parsed = GoldenCase(
            name: name, path: path, style: style, table: table, width: width,
            height: height, offset: offset, stats: stats, styles: styles, steps: steps)
        parsed.focusMark = focusMark
        parsed.description = description
        return parsed
    }

    // MARK: Table

    /// The node tree does not keep a mapping's flow/block style, so look at the text:
    /// the first thing that is not blank or a comment.
    static func startsWithFlowMapping(_ text: String) -> Bool {
        for line in text.split(separator: "\n") {
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            if trimmed.isEmpty || trimmed.hasPrefix("#") || trimmed.hasPrefix("---") && trimmed.count == 3 { continue }
            return trimmed.hasPrefix("{")
        }
        return false
    }

    /// `a/b/../c/./d` → `a/c/d`, keeping leading `..` of relative paths.
    static func normalize(_ path: String) -> String {
        var parts: [Substring] = []
        for part in path.split(separator: "/", omittingEmptySubsequences: true) {
            if part == "." { continue }
            if part == "..", let last = parts.last, last != ".." {
                parts.removeLast()
                continue
            }
            if part == "..", path.hasPrefix("/") && parts.isEmpty { continue }
            parts.append(part)
        }
        let joined = parts.joined(separator: "/")
        return path.hasPrefix("/") ? "/" + joined : (joined.isEmpty ? "." : joined)
    }

    static func tableSource(
        _ node: YAMLNode, next: YAMLNode?, isFlowRoot: Bool, text: String,
        yaml: GoldenYAML
    ) throws -> TableSource {
        let location = yaml.location(node)
        switch node {
        case .scalar(let s):
            guard !s.string.isEmpty else {
                throw yaml.error("table must be a document path or an inline document", at: node)
            }
            // A path has no line break: a text of several lines (a `|`
            // block, as `browse --record` writes a snapshot) is the document.
            if s.string.contains("\n") { return .text(s.string, location: location) }
            let dir = PathName.deletingLastComponent(yaml.file)
            let path = s.string.hasPrefix("/") ? s.string : PathName.appending(dir, s.string)
            return .file(path: normalize(path), location: location)
        case .mapping:
            let mark = node.mark
            let end = next.map { ($0.mark.line, $0.mark.column) }
            return .inline(
                text: blankOutside(
                    text, from: (mark.line, mark.column), to: end,
                    trimTrailingComma: isFlowRoot),
                location: location)
        default:
            throw yaml.error(
                "table must be a document path or an inline document, found \(yaml.kind(node))",
                at: node)
        }
    }

    /// The case text with every character outside [from, to) replaced by a
    /// space, line breaks kept. The inline table thus parses as a document of
    /// its own while every line:column stays the case file's own.
    static func blankOutside(
        _ text: String, from: (Int, Int), to: (Int, Int)?,
        trimTrailingComma: Bool
    ) -> String {
        var out = String.UnicodeScalarView()
        var line = 1
        var column = 1
        var lastKept: String.UnicodeScalarView.Index?
        for scalar in text.unicodeScalars {
            if scalar == "\n" || scalar == "\r" {
                out.append(scalar)
            } else {
                let afterStart = (line, column) >= from
                let beforeEnd = to.map { (line, column) < $0 } ?? true
                if afterStart && beforeEnd {
                    out.append(scalar)
                    if scalar != " " && scalar != "\t" { lastKept = out.index(before: out.endIndex) }
                } else {
                    out.append(" ")
                }
            }
            if scalar == "\n" {
                line += 1
                column = 1
            } else {
                column += 1
            }
        }
        // A flow-style case `{table: {...}, width: 40}` leaves a comma after the table.
        if trimTrailingComma, let i = lastKept, out[i] == "," {
            out.replaceSubrange(i...i, with: CollectionOfOne(" "))
        }
        return String(out)
    }
}
