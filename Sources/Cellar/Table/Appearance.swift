/// Whether a table is drawn for a light or a dark background (UIKit's
/// userInterfaceStyle): styles may ask (`LayoutContext.appearance`, Lua's
/// `ctx.theme`), and pictures pick their theme from it.
public enum Appearance: String, Hashable, Sendable, CaseIterable {
    case light, dark
}
