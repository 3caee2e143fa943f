import CLua
import Cellar
import CellarText

/// Reading one field of a node table: text, numbers, choices and colours.
extension LuaNodeReader {
    func text(_ i: Int32, _ f: Field) throws(NodeShapeError) -> String {
        switch lua_type(runtime.L, i) {
        case LUA_TSTRING:
            return runtime.string(at: i) ?? ""
        case LUA_TNUMBER: return number(at: i)
        case LUA_TNIL: return ""
        default:
            throw NodeShapeError(path: "", message: "\(f.name) must be text, got a \(typeName(i))")
        }
    }

    /// Sizes, counts and margins are capped: a terminal cell never needs more,
    /// and a runaway number must not turn into a giant allocation later.
    static let maximumCount = 10_000

    func count(_ i: Int32, _ f: Field) throws(NodeShapeError) -> Int {
        guard let n = runtime.integer(at: i), n >= 0, n <= Self.maximumCount else {
            let got =
                lua_type(runtime.L, i) == LUA_TNUMBER
                ? (runtime.integer(at: i).map(String.init) ?? "\(runtime.double(at: i) ?? 0)") : "a \(typeName(i))"
            let range =
                runtime.integer(at: i).map { $0 > Self.maximumCount } == true
                ? " from 0 to \(Self.maximumCount)" : " ≥ 0"
            throw NodeShapeError(path: "", message: "\(f.name) must be a whole number\(range), got \(got)")
        }
        return n
    }

    func choice<T>(
        _ i: Int32, _ f: Field, _ byIdentity: InternTable<T>,
        _ byName: [String: T]
    ) throws(NodeShapeError) -> T {
        if let id = identity(i), let v = byIdentity.lookup(id) { return v }
        guard let s = runtime.string(at: i) else {
            throw NodeShapeError(
                path: "",
                message:
                    "\(f.name) must be one of \(byName.keys.sorted().joined(separator: ", ")), got a \(typeName(i))")
        }
        if let v = byName[s] { return v }
        throw NodeShapeError(path: "", message: Suggest.unknown(f.name, s, among: byName.keys.sorted()))
    }

    func sizing(_ i: Int32) throws(NodeShapeError) -> Sizing {
        if lua_type(runtime.L, i) == LUA_TNUMBER { return .fixed(try count(i, .width)) }
        if let id = identity(i), let v = sizingByString.lookup(id) { return v }
        if let s = runtime.string(at: i) {
            throw NodeShapeError(
                path: "", message: Suggest.unknown("width", s, among: ["flexible", "fit", "a number of columns"]))
        }
        throw NodeShapeError(
            path: "", message: "width must be \"flexible\", \"fit\" or a number of columns, got a \(typeName(i))")
    }

    /// A semantic colour name, `default`, a palette index 0–255, `#rrggbb`
    /// or a `ColorPair` table `{light = "#rrggbb", dark = "#rrggbb"}`.
    func color(_ i: Int32, _ f: Field) throws(NodeShapeError) -> Color {
        if let id = identity(i), let c = colorByString.lookup(id) { return c }
        if let n = runtime.integer(at: i) {
            guard (0...255).contains(n) else {
                throw NodeShapeError(path: "", message: "\(f.name): palette colour must be 0–255, got \(n)")
            }
            return .palette(UInt8(n))
        }
        if lua_type(runtime.L, i) == LUA_TTABLE { return try pair(i, f) }
        guard let s = runtime.string(at: i) else {
            throw NodeShapeError(path: "", message: "\(f.name) must be a colour name, got a \(typeName(i))")
        }
        if let rgb = ColorPair.hex(s) { return Color(rgb: rgb) }
        throw NodeShapeError(path: "", message: ColorNames.unknown(s))
    }

    /// `{light = "#rrggbb", dark = "#rrggbb"}`, read through the bounded
    /// value bridge and checked by `ColorPair` (the same rule as a
    /// document's or a `background` hook's pair).
    private func pair(_ i: Int32, _ f: Field) throws(NodeShapeError) -> Color {
        let fields: [String: Value]
        do {
            guard case .object(let o) = try runtime.value(at: i) else {
                throw NodeShapeError(path: "", message: "\(f.name) must be a colour pair \(ColorPair.form)")
            }
            fields = o
        } catch let e as NodeShapeError {
            throw e
        } catch {
            throw NodeShapeError(path: "", message: "\(f.name): \(error)")
        }
        switch ColorPair.color(fields) {
        case .success(let c): return c
        case .failure(let e): throw NodeShapeError(path: "", message: "\(f.name): " + e.message)
        }
    }
}

/// Values by the address of their interned Lua string.
struct InternTable<T> {
    let keys: [UnsafeRawPointer]
    let values: [T]
    @inline(__always)
    func lookup(_ p: UnsafeRawPointer) -> T? {
        var i = 0
        while i < keys.count {
            if keys[i] == p { return values[i] }
            i += 1
        }
        return nil
    }
}

extension LuaNodeReader {
    /// A node that contains itself would give a path of a hundred steps:
    /// keep the innermost few, which say where the trouble is.
    static func prefixed(_ path: String, with segment: String) -> String {
        if path.hasPrefix(" › …") { return path }
        if path.components(separatedBy: " › ").count > 8 { return " › …" + path }
        return segment + path
    }
}

/// Values at number keys that no child position reads.
extension LuaNodeReader {
    static func holdsChildren(_ kind: Kind) -> Bool { kind == .hstack || kind == .vstack || kind == .padding }

    /// The number at `i` as Lua writes it (`3`, `1.5`).
    func number(at i: Int32) -> String {
        if lua_isinteger(runtime.L, i) != 0 { return String(lua_tointegerx(runtime.L, i, nil)) }
        return String(lua_tonumberx(runtime.L, i, nil))
    }

    /// `whole`: the key is an integer, so a `nil` before it may have left a gap.
    func misplacedChild(_ kind: Kind, _ key: String, whole: Bool) -> String {
        switch kind {
        case .label: return "ui.label reads its text from text = …, not from position [\(key)]"
        case .image: return "ui.image reads its glyph from glyph = … or ui.image(\"…\"), not from position [\(key)]"
        case .spacer: return "ui.spacer reads its length from min = …, not from position [\(key)]"
        case .empty: return "ui.empty holds nothing, but has a value at [\(key)]"
        case .hstack, .vstack, .padding:
            let name = Self.kindNames.first { $0.1 == kind }?.0 ?? "stack"
            let hint = whole ? " (a nil before it?)" : ""
            return "\(name)'s children sit at positions 1, 2, 3 … with no gap; [\(key)] is not one of them\(hint)"
        }
    }
}
