extension TextLayout {
    /// Where `text` goes inside `width` columns: the columns of padding
    /// before it, and the text itself, clipped at a cluster boundary when
    /// it is wider (so padding never breaks a wide character).
    public static func align(
        _ text: String, width: Int, alignment: TextAlignment,
        ambiguousWide: Bool = false
    ) -> (leading: Int, text: String) {
        // Leading text that fits is placed as it is: `fits` tells it without measuring where it can.
        if alignment == .leading, fits(text, width: width, ambiguousWide: ambiguousWide) { return (0, text) }
        var fitted = text
        var w = DisplayWidth.of(text, ambiguousWide: ambiguousWide)
        if w > width {
            fitted = truncate(text, width: max(0, width), mode: .clipping, ambiguousWide: ambiguousWide)
            w = DisplayWidth.of(fitted, ambiguousWide: ambiguousWide)
        }
        let free = max(0, width - w)
        switch alignment {
        case .leading: return (0, fitted)
        case .center: return (free / 2, fitted)
        case .trailing: return (free, fitted)
        }
    }

    /// `text` padded with spaces to exactly `width` columns by `alignment`.
    public static func pad(
        _ text: String, width: Int, alignment: TextAlignment = .leading,
        ambiguousWide: Bool = false
    ) -> String {
        let (leading, fitted) = align(text, width: width, alignment: alignment, ambiguousWide: ambiguousWide)
        var body = String(repeating: " ", count: leading) + fitted
        // Text that starts with a mark joins the last padding space into one
        // cluster, which may be wider than the two apart: give the column back.
        let joined =
            DisplayWidth.of(body, ambiguousWide: ambiguousWide) - leading
            - DisplayWidth.of(fitted, ambiguousWide: ambiguousWide)
        if joined > 0 && leading > 0 {
            body = String(repeating: " ", count: max(0, leading - joined)) + fitted
        }
        let trailing = max(0, width - DisplayWidth.of(body, ambiguousWide: ambiguousWide))
        return body + String(repeating: " ", count: trailing)
    }
}
