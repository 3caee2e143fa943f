import Cellar
import CellarDocuments
import CellarText

/// One golden case: a table, a viewport and the steps to play against it.
/// Parsed from a `NAME.case.yaml` file (see `GoldenCaseParser`); its expected
/// output lives beside it in `NAME.golden`.
public struct GoldenCase: Sendable {
    /// Stable display name: the case path relative to the discovery root,
    /// without `.case.yaml` (e.g. `builtin/cases/accessories`).
    public var name: String
    /// The case file, as given to the parser.
    public var path: String
    /// The style under test, if the case names one: it must be registered.
    public var style: Located<String>?
    /// Where the table document comes from: inline in the case or a file beside it.
    public var table: TableSource
    /// The table's width in columns.
    public var width: Int
    /// Viewport height in lines; nil renders the whole table.
    public var height: Int?
    /// The content offset the table starts scrolled to.
    public var offset: Int
    /// Append the reuse statistics after every frame.
    public var stats: Bool
    /// Mark each cell's text attributes and colours under the frame's lines
    /// (see `GoldenFormat`), which plain text cannot show.
    public var styles: Bool
    /// The table marks the focused row (`TableView.showsFocusMark`), as
    /// `cellar browse` shows it; browse's recordings set it.
    public var focusMark = false
    /// The steps played after the initial frame, each followed by a frame of its own.
    public var steps: [GoldenStep]
    /// The case's `description`, shown by the report.
    public var description: String?
    /// Where the case was found; its table is read only from there.
    public var tree: CaseTree?

    /// Creates a case; `width` is required, everything else has the case file's defaults.
    public init(
        name: String, path: String, style: Located<String>? = nil, table: TableSource,
        width: Int, height: Int? = nil, offset: Int = 0, stats: Bool = false,
        styles: Bool = false, steps: [GoldenStep] = []
    ) {
        self.name = name
        self.path = path
        self.style = style
        self.table = table
        self.width = width
        self.height = height
        self.offset = offset
        self.stats = stats
        self.styles = styles
        self.steps = steps
    }

    /// `NAME.case.yaml` → `NAME.golden` in the same directory.
    public var goldenPath: String { GoldenFiles.goldenPath(forCase: path) }
}

/// A value with the place in the case file it came from, so later failures
/// (a row that does not exist, an unregistered style) can still point there.
public struct Located<Wrapped: Sendable>: Sendable {
    /// The value as parsed.
    public var value: Wrapped
    /// Where the value is written in the case file.
    public var location: SourceLocation
    /// Wraps `value` with the place it came from.
    public init(_ value: Wrapped, at location: SourceLocation) {
        self.value = value
        self.location = location
    }
}

/// Where a case's table document comes from.
public enum TableSource: Sendable {
    /// Written inside the case. `text` is the case file with everything but the
    /// table blanked out, so the document parser reports the case's own
    /// line:column positions.
    case inline(text: String, location: SourceLocation)
    /// A document's text given as a text of several lines (`table: |2 …`,
    /// as `browse --record` writes the document a session started from);
    /// its errors name the text (`GoldenScenario.textDocument`).
    case text(String, location: SourceLocation)
    /// A document file; `path` is already resolved against the case's directory.
    case file(path: String, location: SourceLocation)
    /// No document: the case drives a table built in Swift, whose rows come
    /// from an app's data source (`swift_table: NAME`). It plays only through
    /// `GoldenCase.run(file:against:)`, which is handed the table; `name`
    /// says which table the case was written for.
    case swift(name: String, location: SourceLocation)

    /// Where the case says where its table comes from.
    public var location: SourceLocation {
        switch self {
        case .inline(_, let location), .text(_, let location), .file(_, let location), .swift(_, let location):
            return location
        }
    }
}

/// One step of a scenario. Every step is followed by a frame in the golden.
public struct GoldenStep: Sendable {
    /// What a step does to the table or its data source.
    public enum Action: Sendable {
        /// Draw again without changing anything.
        case render
        /// What a user does (a tap, a scroll, the Edit button…), applied by
        /// `TableView.perform(_:)`.
        case user(TableAction)
        /// Rows removed from the data source, then deleted from the table
        /// (the app's own update, not a user's).
        case delete([IndexPath])
        /// Rows inserted into the data source, then into the table.
        case insert([(at: IndexPath, row: Value)])
        /// The app's programmatic moveRow (the user's gesture is `reorder`).
        case move(from: IndexPath, to: IndexPath)
        /// The viewport takes a new size (a terminal resized under `cellar
        /// browse`) and scrolls as little as keeps the focused row in view.
        case resize(width: Int, height: Int)
        /// The table document saved under a browse session: a table read
        /// from `text` takes the table's place (size, offset and focus mark
        /// kept), then `then` runs on it, the actions browse performed to
        /// carry the selection, editing, offset and focus over; one frame.
        case reloadTable(text: String, then: [TableAction])
    }

    /// What the step does.
    public var action: Action
    /// Where the step is written in the case file.
    public var location: SourceLocation

    /// Creates a step located at its place in the case file.
    public init(_ action: Action, at location: SourceLocation) {
        self.action = action
        self.location = location
    }

    static func ip(_ p: IndexPath) -> String { "[\(p.section), \(p.row)]" }

    /// The frame header's name for the step. Built from the parsed step, not
    /// the source text, so reformatting a case file never changes its golden.
    public var title: String {
        switch action {
        case .render: return "render"
        case .user(let a): return Self.title(a)
        case .delete(let paths): return "delete " + paths.map(Self.ip).joined(separator: " ")
        case .insert(let rows): return "insert " + rows.map { Self.ip($0.at) }.joined(separator: " ")
        case .move(let from, let to): return "move \(Self.ip(from)) to \(Self.ip(to))"
        case .resize(let width, let height): return "resize to width \(width), height \(height)"
        case .reloadTable: return "reload the table"
        }
    }

    static func title(_ action: TableAction) -> String {
        switch action {
        case .reloadData: return "reload"
        case .setEditing(let on): return on ? "begin_editing" : "end_editing"
        case .selectRow(let p): return "select \(ip(p))"
        case .deselectRow(let p): return "deselect \(ip(p))"
        case .highlightRow(let p): return "highlight \(ip(p))"
        case .unhighlightRow(let p): return "unhighlight \(ip(p))"
        case .tapAccessory(let p): return "tap_accessory \(ip(p))"
        case .focusRow(let p): return p.map { "focus \(ip($0))" } ?? "focus none"
        case .setCustomStates(let p, let changes):
            // Keys, values and titles are the case's own text: the header carries neither escapes nor
            // a whole long text into the golden (`Sanitizer.excerpt`).
            let keys = changes.map { Sanitizer.excerpt("\($0.key)=\(GoldenStep.describe($0.value))") }
            return "set_state \(ip(p)) " + keys.joined(separator: " ")
        case .tapDeleteControl(let p): return "tap_delete_control \(ip(p))"
        case .confirmDelete(let p): return "confirm_delete \(ip(p))"
        case .tapInsertControl(let p, _): return "tap_insert_control \(ip(p))"
        case .reorder(let from, let to): return "reorder \(ip(from)) to \(ip(to))"
        case .beginReorder(let p): return "begin_reorder \(ip(p))"
        case .endReorder: return "end_reorder"
        case .tapIndexTitle(let t): return "tap_index_title " + Sanitizer.excerpt(t)
        case .scrollToOffset(let y): return "scroll to offset \(y)"
        case .scrollToRow(let p): return "scroll to row \(ip(p))"
        case .swipe(let p, let edge, let full): return "swipe \(ip(p)) \(edge.rawValue)" + (full ? " full" : "")
        case .tapSwipeAction(let p, let title): return "tap_swipe_action \(ip(p)) " + Sanitizer.excerpt(title)
        case .focusSwipeAction(let p, let title):
            return "focus_swipe_action \(ip(p)) " + Sanitizer.excerpt(title ?? "none")
        case .endSwipe: return "end_swipe"
        }
    }

    /// A short, deterministic rendering of a value for headers.
    static func describe(_ value: Value) -> String {
        switch value {
        case .null: return "null"
        case .bool(let b): return b ? "true" : "false"
        case .int(let i): return String(i)
        case .double(let d): return String(d)
        case .string(let s): return s
        case .bytes(let b): return String(decoding: b, as: UTF8.self)
        case .array(let a): return "[" + a.map(describe).joined(separator: ", ") + "]"
        case .object(let o):
            return "{"
                + o.keys.sorted().map { "\($0): \(describe(o[$0] ?? .null))" }
                .joined(separator: ", ") + "}"
        }
    }
}
