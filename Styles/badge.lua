-- badge: a mailbox-style row with an unread count as a custom accessory
-- (" 3 " on red; "99+" past 99). With nothing unread the accessory is the
-- disclosure indicator instead. Selecting the row marks it read (count = 0).
--
-- Row data: title (text), icon (an emoji, optional), count (whole number).
-- Accessory: the count badge, or disclosureIndicator at 0.
-- States: selected makes the title bold.

---@type CellStyle
return {
  identifier = "badge",
  -- Rows `cellar gallery` draws the style with, in every state.
  samples = {
    { title = "Inbox", icon = "📥", count = 3 },
    { title = "Archive of everything read long ago", count = 0 },
  },
  description = "unread-count badge accessory; select marks read",
  independent_rows = true,

  configure = function(cell, row)
    cell.title = row.title or ""
    cell.icon = row.icon
    cell.count = math.tointeger(row.count) or 0
  end,

  accessory = function(config, state)
    local n = config.count
    if n <= 0 then return "disclosureIndicator" end
    local text = n > 99 and "99+" or tostring(n)
    return ui.label { text = " " .. text .. " ", color = "background", background = "destructive", bold = true, width = "fit" }
  end,

  layout = function(config, ctx)
    local title = ui.label { text = config.title, bold = ctx.state.selected }
    if config.icon then return ui.hstack { ui.image(config.icon), title } end
    return title
  end,

  on_select = function(cell, row, event)
    row.count = 0
  end,
}
