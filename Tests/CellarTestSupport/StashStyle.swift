/// A Lua style that breaks the rule "tables Cellar passes to a hook are
/// valid only during that call": it keeps the first row's `row` table from
/// configure and reads it in the next row's layout (line 9). Used by the
/// hook-table guard's tests and by the command line's debug-mode tests.
public enum StashStyle {
    /// The style file, `stash.lua`.
    public static let source = """
        local kept
        return {
          identifier = "stash",
          configure = function(cell, row)
            if row.text == "first" then kept = row end
            cell.text = row.text
          end,
          layout = function(config, ctx)
            if config.text == "second" then return ui.label(config.text .. " after " .. kept.text) end
            return ui.label(config.text)
          end,
        }
        """
    /// A table document with the two rows, "first" then "second".
    public static let twoRows =
        "sections:\n  - rows:\n      - {cell: stash, text: first}\n      - {cell: stash, text: second}\n"
}
