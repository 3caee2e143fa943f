import CellarText

/// Styles by reuse identifier. The built-in styles are registered from the
/// start. As UIKit registers a cell class under any identifier, one style may
/// be registered under several identifiers; each identifier keeps its own
/// queue of cells.
public final class Registry {
    private var styles: [String: CellStyle] = [:]
    private var order: [String] = []
    /// Header/footer view identifiers: a style, or nil for a plain view.
    private var headerFooterStyles: [String: CellStyle?] = [:]

    /// Creates a registry holding the four built-in styles.
    public init() {
        for style in BuiltinCellStyle.allStyles() {
            styles[style.reuseIdentifier] = style
            order.append(style.reuseIdentifier)
            // The built-in styles lay out header/footer views too (`text`, `secondaryText`, `image`).
            headerFooterStyles[style.reuseIdentifier] = style
        }
    }

    /// A registry with every identifier of `base`, to which more can be
    /// registered without changing `base` (a document's own identifiers).
    public init(copying base: Registry) {
        styles = base.styles
        order = base.order
        headerFooterStyles = base.headerFooterStyles
    }

    /// Registers `style` under `id`; an identifier can be taken only once.
    public func register(_ style: CellStyle, forCellReuseIdentifier id: String) throws {
        guard !id.isEmpty else {
            throw CellarError("a reuse identifier must not be empty (style from \(style.source))")
        }
        if let existing = styles[id] {
            throw CellarError(
                "reuse identifier '\(Sanitizer.excerpt(id))' is already registered by \(existing.source); cannot register it again from \(style.source)"
            )
        }
        styles[id] = style
        order.append(id)
    }

    /// Registers a `Cell` subclass under `id`, as UITableView's
    /// register(_:forCellReuseIdentifier:) with a class: cells dequeued
    /// under `id` are instances of `cellClass` (see `CellClassStyle`).
    public func register(_ cellClass: Cell.Type, forCellReuseIdentifier id: String) throws {
        try register(CellClassStyle(cellClass, reuseIdentifier: id), forCellReuseIdentifier: id)
    }

    /// Registers a header/footer view identifier, as UITableView's
    /// register(_:forHeaderFooterViewReuseIdentifier:): views dequeued under
    /// it are laid out by `style` (configured with the section's data), or,
    /// with nil, are plain views showing their title or content. Header/footer
    /// identifiers are apart from cell identifiers, as in UIKit.
    public func register(_ style: CellStyle?, forHeaderFooterViewReuseIdentifier id: String) throws {
        guard !id.isEmpty else { throw CellarError("a header/footer view identifier must not be empty") }
        if let existing = headerFooterStyles[id] {
            throw CellarError(
                "header/footer view identifier '\(Sanitizer.excerpt(id))' is already registered by \(existing?.source ?? "a plain view"); cannot register it again from \(style?.source ?? "a plain view")"
            )
        }
        headerFooterStyles[id] = style
    }

    /// Whether `id` is a registered header/footer view identifier, and its style.
    public func headerFooterRegistration(for id: String) -> (registered: Bool, style: CellStyle?) {
        guard let entry = headerFooterStyles[id] else { return (false, nil) }
        return (true, entry)
    }

    /// Registered header/footer view identifiers, sorted.
    public var headerFooterIdentifiers: [String] { headerFooterStyles.keys.sorted() }

    /// The error for dequeuing a header/footer view identifier nobody registered.
    public static func unknownHeaderFooterMessage(_ id: String, among known: [String]) -> String {
        "unable to dequeue a header/footer view with identifier \(Sanitizer.excerpt(id)) - "
            + Suggest.unknown("header/footer view identifier", id, among: known)
            + "; register one (a Lua style with kind = \"header_footer\", or register(_:forHeaderFooterViewReuseIdentifier:))"
    }

    /// The style registered under `id`, or nil when none is.
    public func style(for id: String) -> CellStyle? { styles[id] }

    /// Registered identifiers, built-ins first, then in registration order.
    public var identifiers: [String] { order }

    /// UIKit's NSInternalInconsistencyException wording for an unknown
    /// identifier, then what to do about it in Cellar.
    public static func unknownIdentifierMessage(_ id: String) -> String {
        "unable to dequeue a cell with identifier \(Sanitizer.excerpt(id)) - register a Lua style under it (a style file in a --styles "
            + "directory, or a document's `register: {\(Sanitizer.excerpt(id)): STYLE}`) or use a built-in style "
            + "(\(BuiltinCellStyle.Kind.allCases.map(\.rawValue).joined(separator: ", ")))"
    }
}
