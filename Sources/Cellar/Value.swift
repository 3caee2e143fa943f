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

    public subscript(key: String) -> Value? {
        if case .object(let o) = self { return o[key] }
        return nil
    }

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

    public var boolValue: Bool? {
        if case .bool(let b) = self { return b }
        return nil
    }

    public var intValue: Int? {
        switch self {
        case .int(let i): return i
        case .double(let d) where d.rounded() == d && abs(d) < 1e15: return Int(d)
        default: return nil
        }
    }

    public var doubleValue: Double? {
        switch self {
        case .int(let i): return Double(i)
        case .double(let d): return d
        default: return nil
        }
    }
}

/// A row's place in a table, as in UIKit.
public struct IndexPath: Hashable, Comparable, Sendable, CustomStringConvertible {
    public var section: Int
    public var row: Int
    public init(row: Int, section: Int) {
        self.section = section
        self.row = row
    }
    public init(_ section: Int, _ row: Int) {
        self.section = section
        self.row = row
    }
    public static func < (a: IndexPath, b: IndexPath) -> Bool {
        (a.section, a.row) < (b.section, b.row)
    }
    /// `[section, row]`, as golden cases write it, so an error's row can be
    /// pasted into a step.
    public var description: String { "[\(section), \(row)]" }
}
