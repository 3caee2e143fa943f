import CLua
import Cellar
import CellarText

/// A view-tree table of the wrong shape: where in the tree, and what was wrong.
/// `path` is built while the error unwinds (` › hstack[2]`), so a tree that
/// reads fine never pays for it.
struct NodeShapeError: Error {
    var path: String
    var message: String
}

/// Reads the view-tree tables Lua hooks return (`ui.label{…}` etc.) into the
/// `ViewNode` vocabulary the built-in styles use.
///
/// Hot path: only fields that are present are visited (one `lua_next` walk),
/// and names are recognised by identity — Lua interns short strings, so the
/// key `"text"` in any table is the very string this reader interned at start
/// — instead of making Swift strings to compare. Unknown fields are errors,
/// with a suggestion, so typos never pass silently.
final class LuaNodeReader {
    let runtime: LuaRuntime
    /// The defaults of a Lua label match a UILabel's (and the built-in styles'
    /// primary text): the label colour, one line, truncating the tail.
    static let labelStyle = TextStyle(foreground: .semantic(.label))

    enum Kind: Int, CaseIterable { case label, image, hstack, vstack, spacer, padding, empty }
    enum Field: Int, CaseIterable {
        case kind, text, lines, lineBreak, align, transform, width, glyph, spacing, min,
            top, leading, bottom, trailing,
            color, background, bold, italic, underline, dim, strikethrough
        /// The field's name in Lua.
        var name: String { Self.names[rawValue] }
        /// Written out, in case order: a case's own name comes from reflection, slower to make than a Lua state.
        static let names = [
            "kind", "text", "lines", "line_break", "align", "transform", "width", "glyph", "spacing", "min",
            "top", "leading", "bottom", "trailing",
            "color", "background", "bold", "italic", "underline", "dim", "strikethrough",
        ]
        var bit: UInt32 { UInt32(1) << UInt32(rawValue) }
    }

    static let kindNames: [(String, Kind)] = [
        ("label", .label), ("image", .image), ("hstack", .hstack),
        ("vstack", .vstack), ("spacer", .spacer), ("padding", .padding),
        ("empty", .empty),
    ]
    static let styleFields: [Field] = [.color, .background, .bold, .italic, .underline, .dim, .strikethrough]
    /// The fields a node of each kind takes.
    static func allowed(_ kind: Kind) -> [Field] {
        switch kind {
        case .label: [.kind, .text, .lines, .lineBreak, .align, .transform, .width] + styleFields
        case .image: [.kind, .glyph] + styleFields
        case .hstack, .vstack: [.kind, .spacing, .align, .width]
        case .spacer: [.kind, .min]
        case .padding: [.kind, .top, .leading, .bottom, .trailing]
        case .empty: [.kind]
        }
    }

    static let lineBreakModes = Dictionary(uniqueKeysWithValues: LineBreakMode.allCases.map { ($0.rawValue, $0) })
    static let alignments: [String: TextAlignment] = {
        var d = Dictionary(uniqueKeysWithValues: TextAlignment.allCases.map { ($0.rawValue, $0) })
        d["natural"] = .leading
        return d
    }()
    static let transforms = Dictionary(uniqueKeysWithValues: TextTransform.allCases.map { ($0.rawValue, $0) })
    static let stackAlignments: [String: Stack.Alignment] = [
        "leading": .leading, "center": .center, "trailing": .trailing,
        "top": .top, "bottom": .bottom, "fill": .fill,
    ]
    static let semanticColors = Dictionary(uniqueKeysWithValues: zip(SemanticColor.names, SemanticColor.allCases))

    /// Interned strings by identity: field names, kinds and every enum value.
    /// Immutable after init (no exclusivity checks), scanned linearly (a
    /// handful of pointer compares beats hashing here).
    private let fieldByString: InternTable<Field>
    private let kindByString: InternTable<Kind>
    private let lineBreakByString: InternTable<LineBreakMode>
    private let alignmentByString: InternTable<TextAlignment>
    private let transformByString: InternTable<TextTransform>
    private let stackAlignmentByString: InternTable<Stack.Alignment>
    let colorByString: InternTable<Color>
    let sizingByString: InternTable<Sizing>
    private let kindKey: LuaKey
    /// Node kinds by the address of the metatable `ui` constructors set.
    private let kindByMetatable: InternTable<Kind>
    /// Allowed fields per kind (indexed by `Kind.rawValue`), as bit masks.
    private let allowedMasks: [UInt32]

    init(runtime: LuaRuntime, metatables: LuaTableRef) {
        self.runtime = runtime
        kindKey = runtime.key("kind")
        var metaKeys: [UnsafeRawPointer] = []
        var metaKinds: [Kind] = []
        runtime.push(metatables)
        for (name, kind) in Self.kindNames {
            runtime.push(name)
            if lua_rawget(runtime.L, -2) == LUA_TTABLE, let p = lua_topointer(runtime.L, -1) {
                metaKeys.append(p)
                metaKinds.append(kind)
            }
            runtime.pop(1)
        }
        runtime.pop(1)
        kindByMetatable = InternTable(keys: metaKeys, values: metaKinds)
        // Each LuaKey keeps its string in the registry for the runtime's life,
        // so these addresses stay valid and unique.
        func intern<T>(_ pairs: [(String, T)]) -> InternTable<T> {
            var keys: [UnsafeRawPointer] = []
            var values: [T] = []
            for (name, value) in pairs {
                let key = runtime.key(name)
                runtime.push(key)
                if let p = lua_tolstring(runtime.L, -1, nil) {
                    keys.append(UnsafeRawPointer(p))
                    values.append(value)
                }
                runtime.pop(1)
            }
            return InternTable(keys: keys, values: values)
        }
        fieldByString = intern(Field.allCases.map { ($0.name, $0) })
        kindByString = intern(Self.kindNames)
        lineBreakByString = intern(Self.lineBreakModes.map { ($0.key, $0.value) })
        alignmentByString = intern(Self.alignments.map { ($0.key, $0.value) })
        transformByString = intern(Self.transforms.map { ($0.key, $0.value) })
        stackAlignmentByString = intern(Self.stackAlignments.map { ($0.key, $0.value) })
        colorByString = intern(
            Self.semanticColors.map { ($0.key, Color.semantic($0.value)) } + [("default", Color.default)])
        sizingByString = intern([("flexible", Sizing.flexible), ("fit", Sizing.fit)])
        allowedMasks = Kind.allCases.map { kind in Self.allowed(kind).reduce(UInt32(0)) { $0 | $1.bit } }
    }

    /// The interned identity of the string at `index` (nil unless a string).
    @inline(__always)
    func identity(_ index: Int32) -> UnsafeRawPointer? {
        guard lua_type(runtime.L, index) == LUA_TSTRING, let p = lua_tolstring(runtime.L, index, nil) else {
            return nil
        }
        return UnsafeRawPointer(p)
    }

    /// How deep a view tree may nest (a table that contains itself, or a
    /// runaway generator, stops here instead of exhausting the stack).
    static let maximumDepth = 100
    private var depth = 0
    /// Nodes read for the current tree: a node table reached twice is read
    /// (and becomes a node) twice, so a few tables nested in one another
    /// twice over would make a tree exponential in their depth.
    private var nodesRead = 0

    /// The view tree at stack `index`: room on the Lua stack for the
    /// deepest tree is made once here, not per node.
    func tree(at index: Int32) throws(NodeShapeError) -> ViewNode {
        guard lua_checkstack(runtime.L, Int32(4 * Self.maximumDepth + 8)) != 0 else {
            throw NodeShapeError(path: "", message: "view tree nested too deeply")
        }
        nodesRead = 0
        return try node(at: index)
    }

    /// The node at stack `index`. `nil`/`false` read as `.empty`.
    private func node(at index: Int32) throws(NodeShapeError) -> ViewNode {
        guard depth < Self.maximumDepth else {
            throw NodeShapeError(
                path: "",
                message: "view tree nested deeper than \(Self.maximumDepth) levels (does a node contain itself?)")
        }
        nodesRead += 1
        guard nodesRead <= runtime.limits.maxValueNodes else {
            throw NodeShapeError(
                path: "",
                message:
                    "view tree of over \(runtime.limits.maxValueNodes) nodes (a node table reached twice counts twice)")
        }
        depth += 1
        defer { depth -= 1 }
        // swift-format-ignore: AlwaysUseLowerCamelCase
        let L = runtime.L
        let t = lua_absindex(L, index)
        switch lua_type(L, t) {
        case LUA_TNIL, LUA_TNONE: return .empty
        case LUA_TBOOLEAN where lua_toboolean(L, t) == 0: return .empty
        case LUA_TTABLE: break
        case LUA_TSTRING:
            throw NodeShapeError(
                path: "",
                message:
                    "expected a view node table (ui.label{…}, ui.hstack{…}, …), got a string; wrap text in ui.label")
        default:
            throw NodeShapeError(
                path: "", message: "expected a view node table (ui.label{…}, ui.hstack{…}, …), got a \(typeName(t))")
        }
        let kind = try kind(of: t)
        switch kind {
        case .label: return .label(try label(t))
        case .image: return try image(t)
        case .hstack: return .stack(try stack(t, .horizontal))
        case .vstack: return .stack(try stack(t, .vertical))
        case .spacer:
            var min = 0
            try fields(t, kind) { (f: Field) throws(NodeShapeError) in
                if f == .min { min = try self.count(-1, f) }
            }
            return .spacer(minLength: min)
        case .padding: return try padding(t)
        case .empty: return .empty
        }
    }

    /// A node's kind: its `ui` metatable, else its `kind` field.
    private func kind(of t: Int32) throws(NodeShapeError) -> Kind {
        // swift-format-ignore: AlwaysUseLowerCamelCase
        let L = runtime.L
        if lua_getmetatable(L, t) != 0 {
            let p = lua_topointer(L, -1)
            runtime.pop(1)
            if let p, let k = kindByMetatable.lookup(p) { return k }
        }
        runtime.rawGet(kindKey, fromTableAt: t)
        defer { runtime.pop(1) }
        guard let id = identity(-1), let kind = kindByString.lookup(id) else {
            if let name = runtime.string(at: -1) {
                throw NodeShapeError(
                    path: "", message: Suggest.unknown("node kind", name, among: Self.kindNames.map(\.0)))
            }
            throw NodeShapeError(
                path: "",
                message:
                    "a view node needs a 'kind' (\(Self.kindNames.map(\.0).joined(separator: ", "))); make nodes with ui.label{…}, ui.hstack{…}, …"
            )
        }
        return kind
    }

    func typeName(_ index: Int32) -> String {
        String(cString: lua_typename(runtime.L, lua_type(runtime.L, index)))
    }

    /// Walks the name-keyed fields of the table at `t`, calling `body` with
    /// the value on top of the stack. Child positions are skipped, and only a
    /// stack or padding has them: positions 1 to the table's length, which
    /// `children` reads, so a child past a gap or a positional label text is
    /// an error rather than left out of the drawing.
    private func fields(_ t: Int32, _ kind: Kind, _ body: (Field) throws(NodeShapeError) -> Void) throws(NodeShapeError)
    {
        // swift-format-ignore: AlwaysUseLowerCamelCase
        let L = runtime.L
        let allowed = allowedMasks[kind.rawValue]
        var length: lua_Integer = -1
        lua_pushnil(L)
        while lua_next(L, t) != 0 {
            if let id = identity(-2) {
                guard let f = fieldByString.lookup(id), allowed & f.bit != 0 else {
                    let name = runtime.string(at: -2) ?? ""
                    runtime.pop(2)
                    let names = Field.allCases.filter { allowed & $0.bit != 0 && $0 != .kind }.map(\.name)
                    throw NodeShapeError(path: "", message: Suggest.unknown("field", name, among: names))
                }
                if f != .kind {
                    do throws(NodeShapeError) { try body(f) } catch {
                        runtime.pop(2)
                        throw error
                    }
                }
            } else if lua_type(L, -2) != LUA_TNUMBER {
                let name = typeName(-2)
                runtime.pop(2)
                throw NodeShapeError(
                    path: "", message: "a view node's keys are names and child positions, not \(name)s")
            } else {
                if length < 0 { length = lua_Integer(lua_rawlen(L, t)) }
                let whole = lua_isinteger(L, -2) != 0
                let position = whole ? lua_tointegerx(L, -2, nil) : 0
                if !Self.holdsChildren(kind) || position < 1 || position > length {
                    let key = number(at: -2)
                    runtime.pop(2)
                    throw NodeShapeError(path: "", message: misplacedChild(kind, key, whole: whole))
                }
            }
            runtime.pop(1)
        }
    }

    private func label(_ t: Int32) throws(NodeShapeError) -> Label {
        var l = Label("", style: Self.labelStyle)
        try fields(t, .label) { (f: Field) throws(NodeShapeError) in
            switch f {
            case .text: l.text = try self.text(-1, f)
            case .lines: l.numberOfLines = try self.count(-1, f)
            case .lineBreak: l.lineBreakMode = try self.choice(-1, f, self.lineBreakByString, Self.lineBreakModes)
            case .align: l.alignment = try self.choice(-1, f, self.alignmentByString, Self.alignments)
            case .transform: l.transform = try self.choice(-1, f, self.transformByString, Self.transforms)
            case .width: l.width = try self.sizing(-1)
            default: try self.styleField(f, &l.style)
            }
        }
        return l
    }

    private func image(_ t: Int32) throws(NodeShapeError) -> ViewNode {
        var glyph = ""
        var style = TextStyle.plain
        try fields(t, .image) { (f: Field) throws(NodeShapeError) in
            if f == .glyph { glyph = try self.text(-1, f) } else { try self.styleField(f, &style) }
        }
        return .image(glyph: glyph, style: style)
    }

    private func styleField(_ f: Field, _ style: inout TextStyle) throws(NodeShapeError) {
        let attr: TextAttributes
        switch f {
        case .color:
            style.foreground = try color(-1, f)
            return
        case .background:
            style.background = try color(-1, f)
            return
        case .bold: attr = .bold
        case .italic: attr = .italic
        case .underline: attr = .underline
        case .dim: attr = .dim
        case .strikethrough: attr = .strikethrough
        default: return
        }
        switch lua_type(runtime.L, -1) {
        case LUA_TBOOLEAN:
            if lua_toboolean(runtime.L, -1) != 0 {
                style.attributes.insert(attr)
            } else {
                style.attributes.remove(attr)
            }
        case LUA_TNIL: break
        default:
            throw NodeShapeError(path: "", message: "\(f.name) must be true or false, got a \(typeName(-1))")
        }
    }

    private func stack(_ t: Int32, _ axis: Stack.Axis) throws(NodeShapeError) -> Stack {
        var s = axis == .horizontal ? Stack.horizontal([]) : Stack.vertical([])
        try fields(t, axis == .horizontal ? .hstack : .vstack) { (f: Field) throws(NodeShapeError) in
            switch f {
            case .spacing: s.spacing = try self.count(-1, f)
            case .align: s.alignment = try self.choice(-1, f, self.stackAlignmentByString, Self.stackAlignments)
            case .width: s.width = try self.sizing(-1)
            default: break
            }
        }
        s.children = try children(t, axis == .horizontal ? "hstack" : "vstack")
        return s
    }

    private func children(_ t: Int32, _ kind: String) throws(NodeShapeError) -> [ViewNode] {
        let n = Int(lua_rawlen(runtime.L, t))
        guard n <= Self.maximumCount else {
            throw NodeShapeError(path: "", message: "\(kind) has \(n) children; at most \(Self.maximumCount)")
        }
        var out: [ViewNode] = []
        out.reserveCapacity(n)
        var i = 1
        while i <= n {
            runtime.rawGet(i, fromTableAt: t)
            do throws(NodeShapeError) {
                out.append(try node(at: -1))
            } catch {
                runtime.pop(1)
                var e = error
                e.path = Self.prefixed(e.path, with: " › \(kind)[\(i)]")
                throw e
            }
            runtime.pop(1)
            i += 1
        }
        return out
    }

    private func padding(_ t: Int32) throws(NodeShapeError) -> ViewNode {
        var m = Insets()
        try fields(t, .padding) { (f: Field) throws(NodeShapeError) in
            switch f {
            case .top: m.top = try self.count(-1, f)
            case .leading: m.leading = try self.count(-1, f)
            case .bottom: m.bottom = try self.count(-1, f)
            case .trailing: m.trailing = try self.count(-1, f)
            default: break
            }
        }
        let kids = try children(t, "padding")
        guard kids.count <= 1 else {
            throw NodeShapeError(
                path: "", message: "padding holds one child, got \(kids.count); wrap them in a ui.vstack or ui.hstack")
        }
        return .padding(m, kids.first ?? .empty)
    }
}
