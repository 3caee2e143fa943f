import CellarText

/// The edge a row is swiped from: leading actions show at the leading edge
/// (the row slides toward the trailing edge), trailing actions at the
/// trailing edge.
public enum SwipeEdge: String, CaseIterable, Sendable {
    case leading, trailing
}

/// UIContextualAction: one button a swipe reveals.
///
/// What happens when it is performed (tapped, or the first action of a full
/// swipe): with a `handler`, the handler alone acts, as in UIKit (it deletes
/// rows itself if it wants to). Without one — the actions of documents, Lua
/// styles and the table's own Delete — a destructive action deletes the row
/// through the data source's commit(.delete, forRowAt:), and a normal action
/// sets the row's custom state `swipeAction` to its title and runs the
/// style's handler (Lua `on_swipe_action`).
public struct ContextualAction {
    /// UIContextualAction.Style.
    public enum Style: String, CaseIterable, Sendable {
        case normal, destructive
    }

    /// The button's title.
    public var title: String
    /// Normal or destructive (a destructive action without a handler deletes its row).
    public var style: Style
    /// The button's colour; nil = UIKit's default for the style (red for destructive, grey for normal).
    public var backgroundColor: Color?
    /// UIKit's handler with its completion: returns whether the action was performed.
    public var handler: ((ContextualAction, IndexPath) throws -> Bool)?

    /// Creates an action, as UIContextualAction(style:title:handler:).
    public init(
        style: Style, title: String, backgroundColor: Color? = nil,
        handler: ((ContextualAction, IndexPath) throws -> Bool)? = nil
    ) {
        self.style = style
        self.title = title
        self.backgroundColor = backgroundColor
        self.handler = handler
    }

    /// The colour the button is drawn in.
    public var color: Color {
        backgroundColor ?? (style == .destructive ? .semantic(.destructive) : Self.systemColors["gray"] ?? .default)
    }

    /// UIKit's system colours by name (systemRed …), as palette colours.
    public static let systemColors: [String: Color] = [
        "red": .palette(1), "green": .palette(2), "yellow": .palette(3), "blue": .palette(4),
        "purple": .palette(5), "teal": .palette(6), "gray": .palette(8), "orange": .palette(208),
        "pink": .palette(205), "indigo": .palette(61),
    ]
}

/// UISwipeActionsConfiguration: the actions one edge of a row reveals.
public struct SwipeActionsConfiguration {
    /// The buttons: for trailing actions the first is outermost (at the
    /// right edge), for leading actions the first is leftmost.
    public var actions: [ContextualAction]
    /// A full swipe performs the first action (UIKit's default: true).
    public var performsFirstActionWithFullSwipe = true

    /// Creates a configuration, as UISwipeActionsConfiguration(actions:).
    public init(actions: [ContextualAction]) {
        self.actions = actions
    }
}

/// A list of swipe actions as written in a document row or returned by a
/// Lua hook was not well formed: where (a key path) and why.
public struct SwipeActionProblem: Error {
    /// Keys and list positions down to the bad value, e.g. `["1", "style"]`.
    public var keyPath: [String]
    /// What is wrong, in one line.
    public var message: String

    /// Creates a problem at `keyPath`.
    public init(keyPath: [String], message: String) {
        self.keyPath = keyPath
        self.message = message
    }

    /// `key` and the key path as a message names it: `trailingSwipeActions[1].style`.
    public func path(under key: String) -> String {
        keyPath.reduce(key) { path, k in Int(k).map { "\(path)[\($0)]" } ?? "\(path).\(Sanitizer.excerpt(k))" }
    }
}

extension ContextualAction {
    /// The fields an action is written with.
    public static let fields = ["title", "style", "color"]

    /// Actions from a list of `{title, style, color}` (a document's
    /// `trailingSwipeActions`, a Lua `swipe_actions` result).
    public static func actions(from value: Value) throws(SwipeActionProblem) -> [ContextualAction] {
        guard case .array(let items) = value else {
            throw SwipeActionProblem(
                keyPath: [], message: "must be a list of actions, e.g. [{title: Flag, color: orange}]")
        }
        var out: [ContextualAction] = []
        out.reserveCapacity(items.count)
        for (i, item) in items.enumerated() {
            do { out.append(try action(from: item)) } catch {
                throw SwipeActionProblem(keyPath: [String(i)] + error.keyPath, message: error.message)
            }
        }
        return out
    }

    static func action(from value: Value) throws(SwipeActionProblem) -> ContextualAction {
        guard case .object(let o) = value else {
            throw SwipeActionProblem(
                keyPath: [], message: "an action must be a mapping with a title, e.g. {title: Flag}")
        }
        for key in o.keys.sorted() where !fields.contains(key) {
            throw SwipeActionProblem(keyPath: [key], message: Suggest.unknown("action field", key, among: fields))
        }
        guard case .string(let title)? = o["title"], !title.isEmpty else {
            throw SwipeActionProblem(keyPath: ["title"], message: "an action needs a title (a text, not empty)")
        }
        var style = Style.normal
        if let s = o["style"] {
            guard let name = s.stringValue, let parsed = Style(rawValue: name) else {
                let names = Style.allCases.map(\.rawValue)
                throw SwipeActionProblem(
                    keyPath: ["style"],
                    message: s.stringValue.map { Suggest.unknown("value", $0, among: names) }
                        ?? "must be one of \(names.joined(separator: ", "))")
            }
            style = parsed
        }
        let color = try o["color"].map { v throws(SwipeActionProblem) in try Self.color(v) }
        return ContextualAction(style: style, title: title, backgroundColor: color)
    }

    /// A system colour name (orange …), a semantic colour name, a palette
    /// index 0–255, `#rrggbb` or a light/dark `ColorPair`.
    public static func color(_ v: Value) throws(SwipeActionProblem) -> Color {
        if case .string(let s) = v, let c = systemColors[s] { return c }
        do { return try RowData.color(v, ["color"]) } catch {
            // A light/dark pair's own message says what is wrong with it.
            if case .object = v, let e = error as? RowDataError {
                throw SwipeActionProblem(keyPath: ["color"], message: e.message)
            }
            let names = systemColors.keys.sorted() + SemanticColor.names + ["#rrggbb"]
            guard let s = v.stringValue else {
                throw SwipeActionProblem(keyPath: ["color"], message: "must be a colour name, e.g. orange")
            }
            if let n = v.intValue, !(0...255).contains(n) {
                throw SwipeActionProblem(keyPath: ["color"], message: RowData.paletteRangeMessage(n))
            }
            throw SwipeActionProblem(keyPath: ["color"], message: Suggest.unknown("colour", s, among: names))
        }
    }
}
