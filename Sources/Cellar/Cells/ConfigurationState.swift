/// UIKit's UIConfigurationState: the state a content configuration is
/// updated for (`ContentConfiguration.updated(for:)`), with custom states
/// by key. `CellConfigurationState` conforms.
public protocol ConfigurationState {
    /// A custom state (UIKit: `state[.isArchived] = true`), or nil when the
    /// state has none under `key`. Values are `Bool`, `Int`, `Double`,
    /// `String` or `Value`, the kinds a custom state can come from a
    /// document or a Lua style as.
    subscript(key: ConfigurationStateCustomKey) -> AnyHashable? { get set }
}

/// UIKit's UIConfigurationStateCustomKey: the name of a custom state.
public struct ConfigurationStateCustomKey: Hashable, RawRepresentable, Sendable, ExpressibleByStringLiteral {
    /// The key's name, as custom states are named in documents and Lua styles.
    public var rawValue: String
    /// A key named `rawValue`.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// A key named `rawValue`, as UIConfigurationStateCustomKey's init(_:).
    public init(_ rawValue: String) { self.rawValue = rawValue }
    /// A key written as a string literal.
    public init(stringLiteral value: String) { rawValue = value }
}

/// UIKit's UICellConfigurationState is Cellar's `CellState`.
public typealias CellConfigurationState = CellState

extension CellState: ConfigurationState {
    /// A custom state by key, as UICellConfigurationState's subscript: the
    /// `custom` entry under `key.rawValue`, given as a Swift `Bool`, `Int`,
    /// `Double` or `String` where the value is one (else as the `Value`).
    /// Setting a value of any other type is a programming error.
    public subscript(key: ConfigurationStateCustomKey) -> AnyHashable? {
        get { custom[key.rawValue].map(Self.hashable) }
        set { custom[key.rawValue] = newValue.map(Self.value) }
    }

    private static func hashable(_ value: Value) -> AnyHashable {
        switch value {
        case .bool(let b): return b
        case .int(let i): return i
        case .double(let d): return d
        case .string(let s): return s
        default: return value
        }
    }

    private static func value(_ hashable: AnyHashable) -> Value {
        switch hashable.base {
        case let b as Bool: return .bool(b)
        case let i as Int: return .int(i)
        case let d as Double: return .double(d)
        case let s as String: return .string(s)
        case let v as Value: return v
        default:
            preconditionFailure(
                "a custom configuration state must be a Bool, Int, Double, String or Value (got \(type(of: hashable.base)))"
            )
        }
    }
}
