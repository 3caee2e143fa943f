/// Writes Lua expressions chosen by the fuzzer's bytes: scalars at their
/// edges, strings of any bytes, tables with odd keys, ui nodes with fields
/// of every kind (right and wrong), shared and self-referencing tables,
/// and the hook's own arguments handed back. The node budget keeps a
/// chunk small; the nesting the bridge must refuse comes from cycles.
/// (It lives here, not in fuzz-lua: SwiftPM gives a libFuzzer executable
/// of more than one file an entry point it never defines.)
public struct LuaValueWriter {
    public var input: FuzzInput
    private var budget = 120

    public init(_ input: FuzzInput) { self.input = input }

    static let fieldNames = [
        "text", "lines", "line_break", "align", "transform", "width", "color", "background", "bold",
        "italic", "underline", "dim", "strikethrough", "kind", "glyph", "spacing", "min", "top",
        "leading", "bottom", "trailing", "accessory", "editing_accessory", "indentation", "title",
        "count", "selected", "state", "__index", "identifier",
    ]
    static let words = [
        "label", "image", "hstack", "vstack", "spacer", "padding", "empty", "fit", "flexible", "fill",
        "center", "top", "bottom", "leading", "trailing", "wordWrap", "charWrap", "clipping",
        "truncatingHead", "truncatingTail", "truncatingMiddle", "uppercase", "lowercase", "capitalized",
        "none", "disclosureIndicator", "checkmark", "detailButton", "detailDisclosureButton",
        "tint", "destructive", "secondaryLabel", "background", "#ff0000", "#12345", "red", "",
        "\\27]52;c;aGk=\\7", "\\27[2J", "\\u{202E}", "\\u{9B}", "\\0", "ｗｉｄｅ", "👩‍👩‍👧", "e\\u{301}",
    ]
    /// What the hook's arguments are called, so a value can hand one back.
    public var argumentNames: [String] = []

    public mutating func value(depth: Int = 0) -> String {
        if depth > 5 || budget <= 0 { return scalar() }
        budget -= 1
        switch input.byte() % 14 {
        case 0, 1, 2: return scalar()
        case 3: return array(depth)
        case 4: return table(depth)
        case 5, 6:
            return "ui.label "
                + table(depth, fields: ["text", "lines", "line_break", "align", "width", "color", "bold"])
        case 7: return "ui.label(\(scalar()))"
        case 8:
            return (input.bool() ? "ui.hstack " : "ui.vstack ") + array(depth, extra: ["spacing", "align", "width"])
        case 9: return "ui.image(\(scalar()))"
        case 10: return input.bool() ? "ui.spacer(\(scalar()))" : "ui.empty()"
        case 11: return "ui.padding " + array(depth, extra: ["top", "leading", "bottom", "trailing"])
        case 12:
            // The same table twice, a table holding itself, or a DAG whose
            // tree form doubles per level (2^16 leaves at most: deep enough
            // to need alias awareness, small enough not to drown every run
            // in the known 2^40 blow-up).
            let inner = value(depth: depth + 1)
            switch input.byte() % 3 {
            case 0: return "(function() local t = \(inner) return {t, t, t} end)()"
            case 1: return "(function() local t = {\(inner)} t.self = t t[2] = t return t end)()"
            default:
                return
                    "(function() local t = \(inner) for _ = 1, \(input.byte() % 17) do t = {t, t} end return t end)()"
            }
        default:
            guard !argumentNames.isEmpty else { return scalar() }
            let name = input.pick(argumentNames)
            return input.bool() ? name : "\(name).\(input.pick(Self.fieldNames))"
        }
    }

    public mutating func scalar() -> String {
        switch input.byte() % 9 {
        case 0: return "nil"
        case 1: return input.bool() ? "true" : "false"
        case 2: return input.pick(["math.maxinteger", "math.mininteger", "0", "-1", "1", "2^53", "2^63", "-2^63"])
        case 3: return integer(input.anyInt())
        case 4: return input.pick(["1/0", "-1/0", "0/0", "-0.0", "1e308", "1e-320", "0.5", "3.99", "-2.5"])
        case 5, 6: return quoted(input.pick(Self.words))
        default: return quoted(bytes: input.bytes(maxCount: 40))
        }
    }

    private func integer(_ i: Int) -> String { i == .min ? "math.mininteger" : i < 0 ? "(\(i))" : "\(i)" }

    private mutating func array(_ depth: Int, extra: [String] = []) -> String {
        var parts: [String] = []
        for _ in 0..<(input.byte() % 4) { parts.append(value(depth: depth + 1)) }
        if !extra.isEmpty, input.bool() { parts.append("\(input.pick(extra)) = \(value(depth: depth + 1))") }
        return "{" + parts.joined(separator: ", ") + "}"
    }

    private mutating func table(_ depth: Int, fields: [String] = fieldNames) -> String {
        var parts: [String] = []
        for _ in 0..<(input.byte() % 5) {
            let v = value(depth: depth + 1)
            switch input.byte() % 6 {
            case 0: parts.append("[\(scalarKey())] = \(v)")
            case 1: parts.append(v)
            default: parts.append("\(input.pick(fields)) = \(v)")
            }
        }
        return "{" + parts.joined(separator: ", ") + "}"
    }

    /// A key that is not a name: numbers, floats, booleans, odd strings (never nil or NaN, which Lua refuses).
    private mutating func scalarKey() -> String {
        switch input.byte() % 4 {
        case 0: return integer(input.anyInt())
        case 1: return input.pick(["1.5", "1/0", "true", "false", "2^53"])
        default: return quoted(bytes: input.bytes(maxCount: 12))
        }
    }

    private func quoted(_ escaped: String) -> String { "\"\(escaped)\"" }

    private func quoted(bytes: [UInt8]) -> String {
        var s = "\""
        for b in bytes {
            if b >= 0x20 && b < 0x7F && b != UInt8(ascii: "\"") && b != UInt8(ascii: "\\") {
                s.unicodeScalars.append(Unicode.Scalar(b))
            } else {
                // Three digits always, so a digit after the escape stays text.
                let digits = String(b)
                s += "\\" + String(repeating: "0", count: 3 - digits.count) + digits
            }
        }
        return s + "\""
    }
}
