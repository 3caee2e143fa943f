-- checklist: a to-do row. Selecting a row toggles it done: the row data
-- changes (done = not done), so the checkmark and the struck-through title
-- follow it through reuse and scrolling.
--
-- Row data: title (text), done (true/false), due (text, optional, shown grey).
-- Accessory: a checkmark when done (a function of the configuration).
-- Events: on_select and on_deselect both toggle done (a tap toggles).

---@type CellStyle
return {
  identifier = "checklist",
  -- Rows `cellar gallery` draws the style with, in every state.
  samples = {
    { title = "Buy milk", done = true },
    { title = "Call 김민지 about the long weekend plans", due = "Friday" },
  },
  description = "to-do rows; a tap toggles the checkmark",
  independent_rows = true,

  configure = function(cell, row)
    cell.title = row.title or ""
    cell.done = row.done == true
    cell.due = row.due
  end,

  accessory = function(config, state)
    return config.done and "checkmark" or "none"
  end,

  layout = function(config, ctx)
    local box = ui.label { text = config.done and "☑" or "☐", width = "fit", color = config.done and "tint" or "secondaryLabel" }
    local title = ui.label { text = config.title, strikethrough = config.done, dim = config.done }
    if config.due then
      return ui.hstack { box, title, ui.label { text = config.due, color = "secondaryLabel", width = "fit" } }
    end
    return ui.hstack { box, title }
  end,

  on_select = function(cell, row, event)
    row.done = not row.done
  end,

  on_deselect = function(cell, row, event)
    row.done = not row.done
  end,
}
