import Cellar
import Foundation

/// Writes a session's user actions back as a golden case: the table (a
/// document path relative to the case), the viewport, and one step per
/// action (and one `resize` per terminal resize) in the step vocabulary
/// `GoldenStepParser` reads, with `focus_mark: true` as browse draws it, so
/// that `cellar test --update` draws the frames the person saw.
public struct GoldenRecorder {
    /// The path of the table document the session browsed.
    public var tablePath: String
    /// The viewport width the case draws at, in columns.
    public var width: Int
    /// The viewport height the case draws at, in rows.
    public var height: Int
    /// The steps recorded so far, one per action, in the golden step vocabulary.
    public private(set) var steps: [String] = []
    /// The `--styles` directories of the session. A case cannot name them
    /// (`cellar test` takes them once for all its cases), so the case says
    /// them in a comment for the person who runs it.
    public var styleDirectories: [String] = []

    /// Creates a recorder with no steps for the table at `tablePath` in a `width` × `height` viewport.
    public init(tablePath: String, width: Int, height: Int) {
        self.tablePath = tablePath
        self.width = width
        self.height = height
    }

    /// Appends `action` as the case's next step.
    public mutating func record(_ action: TableAction) {
        steps.append(Self.step(action))
    }

    /// Appends a resize of the viewport (the terminal's new size, less the status line).
    public mutating func recordResize(width: Int, height: Int) {
        steps.append("resize: {width: \(width), height: \(height)}")
    }

    /// The case file's text; `casePath` decides the table's relative path.
    public func caseText(casePath: String) -> String {
        var out = "description: Recorded by cellar browse.\n"
        if !styleDirectories.isEmpty {
            let options = styleDirectories.map { "--styles " + Self.quoted($0) }
            out += "# run with: cellar test " + options.joined(separator: " ") + " CASE\n"
        }
        out += "table: \(Self.quoted(Self.relativePath(tablePath, from: casePath)))\n"
        out += "width: \(width)\nheight: \(height)\nfocus_mark: true\n"
        out += steps.isEmpty ? "steps: []\n" : "steps:\n" + steps.map { "  - \($0)\n" }.joined()
        return out
    }

    /// Writes the case atomically.
    public func write(to casePath: String) throws {
        try GoldenFiles.writeAtomically(Array(caseText(casePath: casePath).utf8), to: casePath)
    }

    /// One action as a step line (without the list's `- `).
    public static func step(_ action: TableAction) -> String {
        func ip(_ p: Cellar.IndexPath) -> String { "[\(p.section), \(p.row)]" }
        switch action {
        case .selectRow(let p): return "select: \(ip(p))"
        case .deselectRow(let p): return "deselect: \(ip(p))"
        case .highlightRow(let p): return "highlight: \(ip(p))"
        case .unhighlightRow(let p): return "unhighlight: \(ip(p))"
        case .tapAccessory(let p): return "tap_accessory: \(ip(p))"
        case .setCustomStates(let p, let changes):
            let state = changes.map { "\(quoted($0.key)): \(json($0.value))" }.joined(separator: ", ")
            return "set_state: {at: \(ip(p)), state: {\(state)}}"
        case .tapDeleteControl(let p): return "tap_delete_control: \(ip(p))"
        case .confirmDelete(let p): return "confirm_delete: \(ip(p))"
        case .tapInsertControl(let p, let row):
            guard let row else { return "tap_insert_control: \(ip(p))" }
            return "tap_insert_control: {at: \(ip(p)), row: \(json(row))}"
        case .reorder(let from, let to): return "reorder: {from: \(ip(from)), to: \(ip(to))}"
        case .beginReorder(let p): return "begin_reorder: \(ip(p))"
        case .endReorder: return "end_reorder"
        case .tapIndexTitle(let title): return "tap_index_title: \(quoted(title))"
        case .scrollToOffset(let y): return "scroll: \(y)"
        case .scrollToRow(let p): return "scroll: {row: \(ip(p))}"
        case .setEditing(let on): return on ? "begin_editing" : "end_editing"
        case .focusRow(let p): return p.map { "focus: \(ip($0))" } ?? "render"
        case .reloadData: return "reload"
        case .swipe(let p, let edge, let full):
            return "swipe: {row: \(ip(p)), edge: \(edge.rawValue)" + (full ? ", full: true}" : "}")
        case .tapSwipeAction(let p, let title): return "tap_swipe_action: {row: \(ip(p)), title: \(quoted(title))}"
        case .focusSwipeAction(let p, let title):
            return title.map { "focus_swipe_action: {row: \(ip(p)), title: \(quoted($0))}" } ?? "render"
        case .endSwipe: return "end_swipe"
        }
    }

    /// A YAML double-quoted scalar (JSON's escapes are YAML's).
    static func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F || (0x80...0x9F).contains(scalar.value) {
                    out += String(format: "\\u%04X", scalar.value)
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }

    /// A value in YAML's flow (JSON) form.
    public static func json(_ value: Value) -> String {
        switch value {
        case .null: return "null"
        case .bool(let b): return b ? "true" : "false"
        case .int(let i): return String(i)
        case .double(let d): return String(d)
        case .string(let s): return quoted(s)
        case .bytes(let b): return quoted(String(decoding: b, as: UTF8.self))
        case .array(let items): return "[" + items.map(json).joined(separator: ", ") + "]"
        case .object(let fields):
            return "{"
                + fields.keys.sorted().map { "\(quoted($0)): \(json(fields[$0] ?? .null))" }.joined(separator: ", ")
                + "}"
        }
    }

    /// `path` as seen from the directory of `casePath` (both made absolute).
    static func relativePath(_ path: String, from casePath: String) -> String {
        let cwd = FileManager.default.currentDirectoryPath
        func absolute(_ p: String) -> [String] {
            let full = p.hasPrefix("/") ? p : cwd + "/" + p
            return URL(fileURLWithPath: full).standardizedFileURL.path.split(separator: "/").map(String.init)
        }
        let target = absolute(path)
        let base = Array(absolute(casePath).dropLast())
        var common = 0
        while common < min(target.count, base.count) && target[common] == base[common] { common += 1 }
        let up = Array(repeating: "..", count: base.count - common)
        return (up + target[common...]).joined(separator: "/")
    }
}
