/// The keys of `cellar browse` and of an app's live table, one text for `--help` and the `?` overlay.
public enum BrowseHelp {
    /// The help text, one line per entry.
    public static let lines: [String] = [
        "keys",
        "",
        "↓ j / ↑ k       move focus one row",
        "PgDn Space/PgUp a page down / up",
        "g Home / G End  top / bottom",
        "Enter           tap the focused row (select; again deselects in multiple selection)",
        "i →             tap the row's detail button (ⓘ)",
        "e               begin / end editing",
        "  d             tap ⊖ (then y or Enter deletes, n or Esc keeps)",
        "  +             tap ⊕ (insert)",
        "  m             pick the row up; ↑/↓ move it, Enter drops, Esc puts it back",
        "l / h           swipe: show the row's trailing / leading actions",
        "  Tab Enter Esc next action (Shift-Tab back), perform it, close",
        "' then a letter tap that section index title",
        "r               reload the data",
        "?               this help (any key closes it)",
        "q Esc Ctrl-C    quit        Ctrl-Z  suspend",
        "",
        "marks: ❯ focus, ▌ selected, ➤ both",
        "mouse: the wheel scrolls; a click taps a row, its ⓘ, or an index title",
        "errors: one too long for the status line opens in full; any key closes it",
    ]

    /// The overlay's text as one block, for `--help`.
    public static var text: String { lines.dropFirst(2).joined(separator: "\n") }
}
