import Cellar
import CellarText

/// A YAML scalar as row data, the one reading of every YAML value: the YAML
/// 1.2 core schema exactly (`01234` is 1234; `NO`, `10:30`, `1_000` are
/// text). Quoted and block scalars are text; `!!str`, `!!int`, `!!float`,
/// `!!bool`, `!!null` and `!` say a scalar's type, and a mismatch is refused.
enum YAMLScalar {
    static let tagPrefix = "tag:yaml.org,2002:"

    /// Whether a plain scalar starting with `first` can resolve to anything but text.
    @inline(__always)
    static func mayResolve(first: UInt8) -> Bool {
        switch first {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."),
            UInt8(ascii: "~"), UInt8(ascii: "n"), UInt8(ascii: "N"), UInt8(ascii: "t"), UInt8(ascii: "T"),
            UInt8(ascii: "f"), UInt8(ascii: "F"):
            return true
        default: return false
        }
    }

    static func value(_ text: UnsafeBufferPointer<UInt8>, plain: Bool, tag: String?) throws(ValueProblem) -> Value {
        guard let tag else {
            guard plain, text.isEmpty || mayResolve(first: text[0]) else { return .string(string(text)) }
            return resolve(text) ?? .string(string(text))
        }
        let name = tag.hasPrefix(tagPrefix) ? String(tag.dropFirst(tagPrefix.count)) : tag
        let resolved = resolve(text)
        switch name {
        case "str", "!": return .string(string(text))
        case "null": if resolved == .null { return .null }
        case "bool": if case .bool? = resolved { return resolved ?? .null }
        case "int":
            // A whole number too large for an Int resolves to its text.
            switch resolved {
            case .int?, .string?: return resolved ?? .null
            default: break
            }
        case "float":
            if case .double? = resolved { return resolved ?? .null }
            if let d = float(text) { return .double(d) }
        default:
            throw ValueProblem(
                message:
                    "unknown tag '\(Sanitizer.excerpt(tag))': Cellar reads !!str, !!int, !!float, !!bool and !!null")
        }
        throw ValueProblem(
            message: "'\(Sanitizer.excerpt(string(text)))' is not a \(describe(name)) (tagged !!\(name))")
    }

    /// Why a mapping or list (`list`) cannot carry `tag`: only `!!map` or `!!seq` says its type; nil when it can.
    static func collectionTagProblem(_ tag: String, list: Bool) -> String? {
        let own = tagPrefix + (list ? "seq" : "map")
        guard tag != own else { return nil }
        let shown = tag.hasPrefix(tagPrefix) ? "!!" + tag.dropFirst(tagPrefix.count) : tag
        return "a \(list ? "list" : "mapping") cannot be tagged '\(Sanitizer.excerpt(String(shown)))': "
            + "only \(list ? "!!seq" : "!!map") names its type"
    }

    private static func describe(_ name: String) -> String {
        switch name {
        case "null": return "null (null, ~ or nothing)"
        case "bool": return "flag (true or false)"
        case "int": return "whole number"
        default: return "number"
        }
    }

    static func string(_ text: UnsafeBufferPointer<UInt8>) -> String { String(decoding: text, as: UTF8.self) }

    static func resolve(_ text: UnsafeBufferPointer<UInt8>) -> Value? {
        if text.isEmpty { return .null }
        switch text.count {
        case 1: if text[0] == UInt8(ascii: "~") { return .null }
        case 4:
            if text.equals("null") || text.equals("Null") || text.equals("NULL") { return .null }
            if text.equals("true") || text.equals("True") || text.equals("TRUE") { return .bool(true) }
        case 5: if text.equals("false") || text.equals("False") || text.equals("FALSE") { return .bool(false) }
        default: break
        }
        if let i = integer(text) { return i }
        return float(text).map(Value.double)
    }

    /// `[-+]?[0-9]+`, `0o[0-7]+` or `0x[0-9a-fA-F]+`. One too large for an Int is its text, as the JSON reader
    /// keeps such a number, so a value reads the same from either. The text is made into a `String` only once its
    /// bytes have the form (most scalars are words).
    private static func integer(_ text: UnsafeBufferPointer<UInt8>) -> Value? {
        if text.count > 2, text[0] == UInt8(ascii: "0"), text[1] == UInt8(ascii: "o") || text[1] == UInt8(ascii: "x") {
            let radix = text[1] == UInt8(ascii: "o") ? 8 : 16
            let digits = UnsafeBufferPointer(rebasing: text[2...])
            // `Int(_:radix:)` would take a sign too.
            guard digits.allSatisfy({ isDigit($0, radix: radix) }) else { return nil }
            return Int(string(digits), radix: radix).map(Value.int) ?? .string(string(text))
        }
        let sign = text.first == UInt8(ascii: "-") || text.first == UInt8(ascii: "+") ? 1 : 0
        guard text.count > sign, text[sign...].allSatisfy({ isDigit($0, radix: 10) }) else { return nil }
        // `Int(_:)` takes exactly `[-+]?[0-9]+`.
        return Int(string(text)).map(Value.int) ?? .string(string(text))
    }

    private static func isDigit(_ b: UInt8, radix: Int) -> Bool { JSONBytes.hexValue(b).map { $0 < radix } ?? false }

    /// `[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?`, `[-+]?\.(inf|Inf|INF)`, `\.(nan|NaN|NAN)`.
    static func float(_ text: UnsafeBufferPointer<UInt8>) -> Double? {
        var i = 0
        let n = text.count
        var negative = false
        if i < n, text[i] == UInt8(ascii: "-") || text[i] == UInt8(ascii: "+") {
            negative = text[i] == UInt8(ascii: "-")
            i += 1
        }
        let rest = UnsafeBufferPointer(rebasing: text[i...])
        if rest.equals(".inf") || rest.equals(".Inf") || rest.equals(".INF") {
            return negative ? -.infinity : .infinity
        }
        if i == 0, rest.equals(".nan") || rest.equals(".NaN") || rest.equals(".NAN") { return .nan }
        func digits() -> Int {
            let start = i
            while i < n, isDigit(text[i], radix: 10) { i += 1 }
            return i - start
        }
        var mantissa = digits()
        if i < n, text[i] == UInt8(ascii: ".") {
            i += 1
            mantissa += digits()
        }
        guard mantissa > 0 else { return nil }
        if i < n, text[i] == UInt8(ascii: "e") || text[i] == UInt8(ascii: "E") {
            i += 1
            if i < n, text[i] == UInt8(ascii: "-") || text[i] == UInt8(ascii: "+") { i += 1 }
            guard digits() > 0 else { return nil }
        }
        guard i == n else { return nil }
        return Double(string(text))
    }
}
