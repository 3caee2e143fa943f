-- myCellConfiguration: the Cell Configuration tutorial's content configuration
-- ("[TableView] 6. Cell Configuration"): a bold one-line title over a body that
-- wraps onto as many lines as it needs, inside the cell's margins. Its
-- updated(for:) prefixes the title with "선택됨: " when the cell is selected;
-- here that is the update hook.
--
-- Row data: title (text), body (text, wraps).
-- States: selected → title prefixed "선택됨: ".

---@type CellStyle
return {
  identifier = "myCellConfiguration",
  -- Rows `cellar gallery` draws the style with, in every state.
  samples = {
    { title = "첫번째", body = "A body that wraps onto as many lines as it needs inside the margins." },
    { title = "Second", body = "Short." },
  },
  description = "tutorial card: bold title, wrapping body; '선택됨: ' when selected",
  independent_rows = true,

  configure = function(cell, row)
    cell.title = row.title or ""
    cell.body = row.body or ""
  end,

  -- MyCellConfiguration.updated(for:) — config is a copy, so the prefix never accumulates.
  update = function(config, state)
    if state.selected then
      config.title = "선택됨: " .. config.title
    end
    return config
  end,

  layout = function(config, ctx)
    return ui.margins(ctx.margins, ui.vstack {
      ui.label { text = config.title, bold = true },
      ui.label { text = config.body, lines = 0, line_break = "wordWrap" },
    })
  end,
}
