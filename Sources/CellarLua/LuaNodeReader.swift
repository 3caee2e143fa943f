import CLua
import Cellar
import CellarText

/// A view-tree table of the wrong shape: where in the tree, and what was wrong.
struct NodeShapeError: Error {
    var path: String
    var message: String
}

/// Reads the view-tree tables Lua hooks return (`ui.label{…}` etc.) into the
/// `ViewNode` vocabulary the built-in styles use. Only fields that are present
/// are visited (one `lua_next` walk), so a small label costs a few steps;
/// unknown fields are errors, with a suggestion, so typos never pass silently.
final class LuaNodeReader {
    let runtime: LuaRuntime
    let keys: LuaStyleEngine.Keys
    /// The defaults of a Lua label match a UILabel's (and the built-in styles'
    /// primary text): the label colour, one line, truncating the tail.
    static let labelStyle = TextStyle(foreground: .semantic(.label))

    init(runtime: LuaRuntime, keys: LuaStyleEngine.Keys) {
        self.runtime = runtime
        self.keys = keys
    }

    static let kinds = ["label", "image", "hstack", "vstack", "spacer", "padding", "empty"]
    static let labelFields = ["kind", "text", "lines", "line_break", "align", "transform", "width"] + styleFields
    static let imageFields = ["kind", "glyph"] + styleFields
    static let styleFields = ["color", "background", "bold", "italic", "underline", "dim", "strikethrough"]
    static let stackFields = ["kind", "spacing", "align", "width"]
    static let spacerFields = ["kind", "min"]
    static let paddingFields = ["kind", "top", "leading", "bottom", "trailing"]

    static let lineBreakModes: [String: LineBreakMode] =
        Dictionary(uniqueKeysWithValues: LineBreakMode.allCases.map { ($0.rawValue, $0) })
    static let alignments: [String: TextAlignment] = {
        var d = Dictionary(uniqueKeysWithValues: TextAlignment.allCases.map { ($0.rawValue, $0) })
        d["natural"] = .leading
        return d
    }()
    static let transforms: [String: TextTransform] =
        Dictionary(uniqueKeysWithValues: TextTransform.allCases.map { ($0.rawValue, $0) })
    static let stackAlignments: [String: Stack.Alignment] = [
        "leading": .leading, "center": .center, "trailing": .trailing,
        "top": .top, "bottom": .bottom, "fill": .fill,
    ]
    static let semanticColors: [String: SemanticColor] =
        Dictionary(uniqueKeysWithValues: SemanticColor.allCases.map { ("\($0)", $0) })

    /// The node at stack `index`. `nil`/`false` read as `.empty`.
    func node(at index: Int32, path: String) throws(NodeShapeError) -> ViewNode {
        let L = runtime.L
        let t = lua_absindex(L, index)
        switch lua_type(L, t) {
        case LUA_TNIL, LUA_TNONE: return .empty
        case LUA_TTABLE: break
        case LUA_TSTRING:
            throw NodeShapeError(path: path, message: "expected a view node table (ui.label{…}, ui.hstack{…}, …), got a string; wrap text in ui.label")
        default:
            throw NodeShapeError(path: path, message: "expected a view node table (ui.label{…}, ui.hstack{…}, …), got a \(typeName(t))")
        }
        guard lua_checkstack(L, 8) != 0 else {
            throw NodeShapeError(path: path, message: "view tree nested too deeply")
        }
        runtime.rawGet(keys.kind, fromTableAt: t)
        let kind = runtime.string(at: -1)
        runtime.pop(1)
        guard let kind else {
            throw NodeShapeError(path: path, message: "a view node needs a 'kind' (\(Self.kinds.joined(separator: ", "))); make nodes with ui.label{…}, ui.hstack{…}, …")
        }
        switch kind {
        case "label": return .label(try label(t, path))
        case "image": return try image(t, path)
        case "hstack": return .stack(try stack(t, .horizontal, path))
        case "vstack": return .stack(try stack(t, .vertical, path))
        case "spacer":
            var min = 0
            try fields(t, path, Self.spacerFields) { (name: String) throws(NodeShapeError) in
                if name == "min" { min = try self.count(-1, path, name) }
            }
            return .spacer(minLength: min)
        case "padding": return try padding(t, path)
        case "empty": return .empty
        default:
            throw NodeShapeError(path: path, message: Suggest.unknown("node kind", kind, among: Self.kinds))
        }
    }

    func typeName(_ index: Int32) -> String {
        String(cString: lua_typename(runtime.L, lua_type(runtime.L, index)))
    }

    /// Walks the string-keyed fields of the table at `t`, calling `body` with
    /// the value on top of the stack. Integer keys (children) are skipped.
    private func fields(_ t: Int32, _ path: String, _ allowed: [String],
                        _ body: (String) throws(NodeShapeError) -> Void) throws(NodeShapeError) {
        let L = runtime.L
        lua_pushnil(L)
        while lua_next(L, t) != 0 {
            if lua_type(L, -2) == LUA_TSTRING, let name = runtime.string(at: -2) {
                guard allowed.contains(name) else {
                    runtime.pop(2)
                    throw NodeShapeError(path: path, message: Suggest.unknown("field", name, among: Array(allowed.dropFirst())))
                }
                do throws(NodeShapeError) {
                    try body(name)
                } catch {
                    runtime.pop(2)
                    throw error
                }
            } else if lua_type(L, -2) != LUA_TNUMBER {
                runtime.pop(2)
                throw NodeShapeError(path: path, message: "a view node's keys are names and child positions, not \(typeName(-2))s")
            }
            runtime.pop(1)
        }
    }

    private func label(_ t: Int32, _ path: String) throws(NodeShapeError) -> Label {
        var l = Label("", style: Self.labelStyle)
        try fields(t, path, Self.labelFields) { (name: String) throws(NodeShapeError) in
            switch name {
            case "text": l.text = try self.text(-1, path, name)
            case "lines": l.numberOfLines = try self.count(-1, path, name)
            case "line_break": l.lineBreakMode = try self.choice(-1, path, name, Self.lineBreakModes)
            case "align": l.alignment = try self.choice(-1, path, name, Self.alignments)
            case "transform": l.transform = try self.choice(-1, path, name, Self.transforms)
            case "width": l.width = try self.sizing(-1, path)
            default: try self.styleField(name, &l.style, path)
            }
        }
        return l
    }

    private func image(_ t: Int32, _ path: String) throws(NodeShapeError) -> ViewNode {
        var glyph = ""
        var style = TextStyle.plain
        try fields(t, path, Self.imageFields) { (name: String) throws(NodeShapeError) in
            if name == "glyph" { glyph = try self.text(-1, path, name) } else { try self.styleField(name, &style, path) }
        }
        return .image(glyph: glyph, style: style)
    }

    private func styleField(_ name: String, _ style: inout TextStyle, _ path: String) throws(NodeShapeError) {
        switch name {
        case "color": style.foreground = try color(-1, path, name)
        case "background": style.background = try color(-1, path, name)
        case "bold", "italic", "underline", "dim", "strikethrough":
            guard lua_type(runtime.L, -1) == LUA_TBOOLEAN else {
                throw NodeShapeError(path: path, message: "\(name) must be true or false, got \(typeName(-1))")
            }
            let attr: TextAttributes = switch name {
            case "bold": .bold
            case "italic": .italic
            case "underline": .underline
            case "dim": .dim
            default: .strikethrough
            }
            if lua_toboolean(runtime.L, -1) != 0 { style.attributes.insert(attr) } else { style.attributes.remove(attr) }
        default: break
        }
    }

    private func stack(_ t: Int32, _ axis: Stack.Axis, _ path: String) throws(NodeShapeError) -> Stack {
        var s = axis == .horizontal ? Stack.horizontal([]) : Stack.vertical([])
        try fields(t, path, Self.stackFields) { (name: String) throws(NodeShapeError) in
            switch name {
            case "spacing": s.spacing = try self.count(-1, path, name)
            case "align": s.alignment = try self.choice(-1, path, name, Self.stackAlignments)
            case "width": s.width = try self.sizing(-1, path)
            default: break
            }
        }
        s.children = try children(t, path, axis == .horizontal ? "hstack" : "vstack")
        return s
    }

    private func children(_ t: Int32, _ path: String, _ kind: String) throws(NodeShapeError) -> [ViewNode] {
        let n = Int(lua_rawlen(runtime.L, t))
        var out: [ViewNode] = []
        out.reserveCapacity(n)
        var i = 1
        while i <= n {
            runtime.rawGet(i, fromTableAt: t)
            let child: ViewNode
            do throws(NodeShapeError) {
                child = try node(at: -1, path: "\(path) › \(kind)[\(i)]")
            } catch {
                runtime.pop(1)
                throw error
            }
            runtime.pop(1)
            out.append(child)
            i += 1
        }
        return out
    }

    private func padding(_ t: Int32, _ path: String) throws(NodeShapeError) -> ViewNode {
        var m = Insets()
        try fields(t, path, Self.paddingFields) { (name: String) throws(NodeShapeError) in
            switch name {
            case "top": m.top = try self.count(-1, path, name)
            case "leading": m.leading = try self.count(-1, path, name)
            case "bottom": m.bottom = try self.count(-1, path, name)
            case "trailing": m.trailing = try self.count(-1, path, name)
            default: break
            }
        }
        let kids = try children(t, path, "padding")
        guard kids.count <= 1 else {
            throw NodeShapeError(path: path, message: "padding holds one child, got \(kids.count); wrap them in a ui.vstack or ui.hstack")
        }
        return .padding(m, kids.first ?? .empty)
    }

    // MARK: Field values

    private func text(_ i: Int32, _ path: String, _ name: String) throws(NodeShapeError) -> String {
        switch lua_type(runtime.L, i) {
        case LUA_TSTRING:
            return runtime.string(at: i) ?? ""
        case LUA_TNUMBER:
            if lua_isinteger(runtime.L, i) != 0 { return String(lua_tointegerx(runtime.L, i, nil)) }
            return String(lua_tonumberx(runtime.L, i, nil))
        case LUA_TNIL: return ""
        default:
            throw NodeShapeError(path: path, message: "\(name) must be text, got \(typeName(i))")
        }
    }

    private func count(_ i: Int32, _ path: String, _ name: String) throws(NodeShapeError) -> Int {
        guard let n = runtime.integer(at: i), n >= 0 else {
            let got = lua_type(runtime.L, i) == LUA_TNUMBER ? "\(runtime.double(at: i) ?? 0)" : "a \(typeName(i))"
            throw NodeShapeError(path: path, message: "\(name) must be a whole number ≥ 0, got \(got)")
        }
        return n
    }

    private func choice<T>(_ i: Int32, _ path: String, _ name: String, _ table: [String: T]) throws(NodeShapeError) -> T {
        guard let s = runtime.string(at: i) else {
            throw NodeShapeError(path: path, message: "\(name) must be one of \(table.keys.sorted().joined(separator: ", ")), got a \(typeName(i))")
        }
        if let v = table[s] { return v }
        throw NodeShapeError(path: path, message: Suggest.unknown(name, s, among: table.keys.sorted()))
    }

    private func sizing(_ i: Int32, _ path: String) throws(NodeShapeError) -> Sizing {
        if lua_type(runtime.L, i) == LUA_TNUMBER { return .fixed(try count(i, path, "width")) }
        switch runtime.string(at: i) {
        case "flexible"?: return .flexible
        case "fit"?: return .fit
        case let s?: throw NodeShapeError(path: path, message: Suggest.unknown("width", s, among: ["flexible", "fit", "a number of columns"]))
        case nil: throw NodeShapeError(path: path, message: "width must be \"flexible\", \"fit\" or a number of columns, got a \(typeName(i))")
        }
    }

    /// A semantic colour name, `default`, a palette index 0–255 or `#rrggbb`.
    func color(_ i: Int32, _ path: String, _ name: String) throws(NodeShapeError) -> Color {
        if let n = runtime.integer(at: i) {
            guard (0...255).contains(n) else { throw NodeShapeError(path: path, message: "\(name): palette colour must be 0–255, got \(n)") }
            return .palette(UInt8(n))
        }
        guard let s = runtime.string(at: i) else {
            throw NodeShapeError(path: path, message: "\(name) must be a colour name, got a \(typeName(i))")
        }
        if let c = Self.semanticColors[s] { return .semantic(c) }
        if s == "default" { return .default }
        if s.hasPrefix("#"), s.utf8.count == 7, let rgb = Int(s.dropFirst(), radix: 16) {
            return .rgb(UInt8((rgb >> 16) & 255), UInt8((rgb >> 8) & 255), UInt8(rgb & 255))
        }
        throw NodeShapeError(path: path, message: Suggest.unknown("colour", s, among: Self.semanticColors.keys.sorted() + ["default", "#rrggbb"]))
    }
}
