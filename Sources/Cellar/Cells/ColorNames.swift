import CellarText

/// What a colour that Cellar does not name was most likely meant as, for the message that refuses it: a
/// document's or a style's. A colour is named by its role (drawn in the terminal's palette and the theme),
/// where UIKit code names a system colour (`.systemRed`) and people write a hue (`red`).
public enum ColorNames {
    /// Every colour name a document or style may write, in the order messages list them.
    public static let choices = SemanticColor.names + ["default", "#rrggbb", ColorPair.form]

    /// UIKit's colours (UIColor's names, without the `.` or `UIColor.` Swift writes before them) and plain
    /// hues, each with the colour Cellar draws in its place.
    static let meant: [String: String] = [
        "systemBlue": "tint", "tintColor": "tint", "link": "tint", "blue": "tint",
        "systemRed": "destructive", "red": "destructive",
        "systemGreen": "success", "green": "success",
        "systemYellow": "warning", "yellow": "warning", "systemOrange": "warning", "orange": "warning",
        "systemGray": "secondaryLabel", "gray": "secondaryLabel", "grey": "secondaryLabel",
        "placeholderText": "placeholder", "opaqueSeparator": "separator",
        "systemBackground": "background", "secondarySystemBackground": "secondaryBackground",
        "systemGroupedBackground": "secondaryBackground", "white": "#ffffff", "black": "#000000",
    ]

    /// `unknown colour 'systemRed' — did you mean 'destructive'? …`.
    public static func unknown(_ name: String) -> String {
        var bare = Substring(name)
        for prefix in ["UIColor.", "."] where bare.hasPrefix(prefix) { bare = bare.dropFirst(prefix.count) }
        let said = "unknown colour '\(Sanitizer.excerpt(name))' — did you mean"
        if let own = SemanticColor.named(String(bare)) { return "\(said) '\(own.name)'?" }
        guard let known = meant[String(bare)] else { return Suggest.unknown("colour", name, among: choices) }
        let role =
            known.hasPrefix("#")
            ? "" : " (Cellar names a colour by its role, drawn in the terminal's palette; '#rrggbb' is an exact one)"
        return "\(said) '\(known)'?" + role
    }
}
