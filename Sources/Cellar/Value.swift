/// Row data and configuration values: what documents, Swift data sources and
/// Lua styles exchange. Strings that are not valid UTF-8 travel as `.bytes`
/// so they survive a round trip through Lua unchanged.
public enum Value: Hashable, Sendable {
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    case bytes([UInt8])
    case array([Value])
    case object([String: Value])

    /// The value under `key` when this is an object; nil for a missing key or any other kind.
    public subscript(key: String) -> Value? {
        if case .object(let o) = self { return o[key] }
        return nil
    }

    /// The value as text: strings, bytes (invalid UTF-8 replaced), numbers and booleans spelt out; nil otherwise.
    public var stringValue: String? {
        switch self {
        case .string(let s): return s
        case .bytes(let b): return String(decoding: b, as: UTF8.self)
        case .int(let i): return String(i)
        case .double(let d): return String(d)
        case .bool(let b): return b ? "true" : "false"
        default: return nil
        }
    }

    /// The boolean, or nil when this is not a boolean.
    public var boolValue: Bool? {
        if case .bool(let b) = self { return b }
        return nil
    }

    /// The integer, or a double that holds a whole number below 1e15; nil otherwise.
    public var intValue: Int? {
        switch self {
        case .int(let i): return i
        case .double(let d) where d.rounded() == d && abs(d) < 1e15: return Int(d)
        default: return nil
        }
    }

    /// The number as a double (integers converted); nil when this is not a number.
    public var doubleValue: Double? {
        switch self {
        case .int(let i): return Double(i)
        case .double(let d): return d
        default: return nil
        }
    }
}
