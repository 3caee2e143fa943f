import Cellar
import FoundationEssentials

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
    /// The document's text when the session started. Once the document was
    /// saved during the session (`recordReload`), the file holds other
    /// rows: the case then holds this text instead of the path.
    public var startText: String?
    /// A `reload` with a table was recorded.
    private var reloads = false

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

    /// Appends the document saved: the new document's text and the actions
    /// browse performed to carry the session's state onto it.
    public mutating func recordReload(text: String, then: [TableAction]) {
        steps.append(Self.reloadStep(text: text, then: then))
        reloads = true
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
        if reloads, let startText {
            // A line break makes the text a document, not a path, to the reader.
            let text = startText.hasSuffix("\n") ? startText : startText + "\n"
            out += "table: " + Self.documentText(text, indent: "") + "\n"
        } else {
            out += "table: \(Self.quoted(Self.relativePath(tablePath, from: casePath)))\n"
        }
        out += "width: \(width)\nheight: \(height)\nfocus_mark: true\n"
        // A step of several lines (a reload) continues under its `- `.
        out +=
            steps.isEmpty
            ? "steps: []\n"
            : "steps:\n"
                + steps.map { "  - " + $0.replacing("\n", with: "\n    ") + "\n" }.joined()
        return out
    }

    /// Writes the case atomically, once the case reader has read it back
    /// step for step (`readBack`): nothing `cellar test` would refuse is written.
    public func write(to casePath: String) throws {
        let text = caseText(casePath: casePath)
        let read = try Self.readBack(text, casePath: casePath)
        guard read == steps.map(Optional.some) else {
            let bad = zip(steps, read).first { $0.0 != $0.1 }?.0 ?? "the step count"
            throw CellarError(
                "\(casePath): not written: the case reader would not read back the step '\(bad)'")
        }
        try GoldenFiles.writeAtomically(Array(text.utf8), to: casePath)
    }

    /// The steps of a case text as the case reader (`GoldenCaseParser`)
    /// reads them, each written again as a step line (nil for a step the
    /// recorder never writes); a recorded case reads back as its own steps.
    public static func readBack(_ caseText: String, casePath: String) throws -> [String?] {
        try GoldenCaseParser.parse(caseText, path: casePath, name: "recorded").steps.map { step in
            switch step.action {
            case .render: return "render"
            case .user(let action): return Self.step(action)
            case .resize(let width, let height): return "resize: {width: \(width), height: \(height)}"
            case .reloadTable(let text, let then): return Self.reloadStep(text: text, then: then)
            case .delete, .insert, .move: return nil
            }
        }
    }

    /// One action as a step line (without the list's `- `).
    public static func step(_ action: TableAction) -> String {
        func ip(_ p: IndexPath) -> String { "[\(p.section), \(p.row)]" }
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

    /// A YAML double-quoted scalar. Every character a YAML reader may refuse
    /// or take for something else is escaped: controls (C0, DEL, C1 with NEL),
    /// the line and paragraph separators (line breaks to YAML 1.1), the byte
    /// order mark and the noncharacters (not printable to YAML), and the bidi
    /// controls (which would make the case read otherwise than it is).
    static func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            default:
                if needsEscape(scalar.value) {
                    out +=
                        scalar.value > 0xFFFF
                        ? "\\U" + hex(scalar.value, digits: 8) : "\\u" + hex(scalar.value, digits: 4)
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }

    static func needsEscape(_ v: UInt32) -> Bool {
        v < 0x20 || (0x7F...0x9F).contains(v) || (0x2028...0x202E).contains(v) || (0x2066...0x2069).contains(v)
            || v == 0xFEFF || (0xFDD0...0xFDEF).contains(v) || v & 0xFFFE == 0xFFFE
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

/// `value` in upper-case hexadecimal, at least `digits` digits.
private func hex(_ value: UInt32, digits: Int) -> String {
    let text = String(value, radix: 16, uppercase: true)
    return String(repeating: "0", count: max(0, digits - text.count)) + text
}
