/// Styles by reuse identifier. The built-in styles are registered from the
/// start. As UIKit registers a cell class under any identifier, one style may
/// be registered under several identifiers; each identifier keeps its own
/// queue of cells.
public final class Registry {
    private var styles: [String: CellStyle] = [:]
    private var order: [String] = []

    /// Creates a registry holding the four built-in styles.
    public init() {
        for style in BuiltinCellStyle.allStyles() {
            styles[style.reuseIdentifier] = style
            order.append(style.reuseIdentifier)
        }
    }

    /// A registry with every identifier of `base`, to which more can be
    /// registered without changing `base` (a document's own identifiers).
    public init(copying base: Registry) {
        styles = base.styles
        order = base.order
    }

    /// Registers `style` under `id`; an identifier can be taken only once.
    public func register(_ style: CellStyle, forCellReuseIdentifier id: String) throws {
        guard !id.isEmpty else {
            throw CellarError("a reuse identifier must not be empty (style from \(style.source))")
        }
        if let existing = styles[id] {
            throw CellarError(
                "reuse identifier '\(id)' is already registered by \(existing.source); cannot register it again from \(style.source)"
            )
        }
        styles[id] = style
        order.append(id)
    }

    /// The style registered under `id`, or nil when none is.
    public func style(for id: String) -> CellStyle? { styles[id] }

    /// Registered identifiers, built-ins first, then in registration order.
    public var identifiers: [String] { order }

    /// UIKit's NSInternalInconsistencyException wording for an unknown
    /// identifier, then what to do about it in Cellar.
    public static func unknownIdentifierMessage(_ id: String) -> String {
        "unable to dequeue a cell with identifier \(id) - register a Lua style under it (a style file in a --styles "
            + "directory, or a document's `register: {\(id): STYLE}`) or use a built-in style "
            + "(\(BuiltinCellStyle.Kind.allCases.map(\.rawValue).joined(separator: ", ")))"
    }
}
