-- keyValue: a label/value row (as in an "About" screen) whose value wraps onto
-- as many lines as it needs beside a fixed key column (a third of the width,
-- at most 14 columns). Long values are clipped to two lines unless the row is
-- expanded: a tap toggles the row's `expanded`, and the `expanded` state key
-- (set by the app, e.g. a golden case's set_state) opens it too.
--
-- Row data: key (text), value (text, wraps), expanded (true/false).
-- States: expanded → the whole value.
-- Events: on_select toggles expanded in the row data.

---@type CellStyle
return {
  identifier = "keyValue",
  -- Rows `cellar gallery` draws the style with, in every state.
  samples = {
    { key = "Version", value = "17.4" },
    { key = "Model", value = "A long model name that wraps onto a second and a third line", expanded = true },
  },
  description = "key column and a wrapping value; select expands",
  independent_rows = true,

  configure = function(cell, row)
    cell.key = row.key or ""
    cell.value = row.value or ""
    cell.open = row.expanded == true
  end,

  update = function(config, state)
    config.open = config.open or state.expanded == true
    return config
  end,

  layout = function(config, ctx)
    local column = math.min(14, ctx.width // 3)
    return ui.hstack {
      ui.label { text = config.key, width = column, color = "secondaryLabel" },
      ui.label { text = config.value, lines = config.open and 0 or 2, line_break = "wordWrap" },
    }
  end,

  on_select = function(cell, row, event)
    row.expanded = not row.expanded
  end,
}
