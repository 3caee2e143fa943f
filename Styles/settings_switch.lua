-- settingsSwitch: a Settings row with an on/off switch as a custom accessory
-- view (UIKit's accessoryView = UISwitch). A tap on the row flips the switch:
-- the row data changes (on = not on) and the next render shows it. The switch
-- is a custom accessory, which never fires accessory taps (only the two
-- detail buttons do, as in UIKit), so the flip is on_select's job. The row
-- acts like a button: it does not stay selected (event.deselect(), as a
-- Settings app calls deselectRow(at:animated:) in didSelectRowAt).
--
-- Row data: title (text), icon (an emoji, optional), on (true/false),
-- footnote (text, optional, grey under the title).
-- Accessory: "[ ON]" in green or "[OFF]" in grey; while editing, none.
-- States: disabled shows the switch dimmed (the table dims the row too).

---@type CellStyle
return {
  identifier = "settingsSwitch",
  -- Rows `cellar gallery` draws the style with, in every state.
  samples = {
    { title = "Wi-Fi", icon = "📶", on = true },
    { title = "Bluetooth", on = false, footnote = "Off until you turn it on again" },
  },
  description = "settings row; the on/off switch accessory flips on tap",
  independent_rows = true,
  editing_accessory = "none",

  configure = function(cell, row)
    cell.title = row.title or ""
    cell.icon = row.icon
    cell.on = row.on == true
    cell.footnote = row.footnote
  end,

  accessory = function(config, state)
    return ui.label {
      text = config.on and "[ ON]" or "[OFF]",
      color = config.on and "success" or "secondaryLabel",
      bold = config.on, dim = state.disabled, width = "fit",
    }
  end,

  layout = function(config, ctx)
    local text = ui.label { text = config.title }
    if config.footnote then
      text = ui.vstack { text, ui.label { text = config.footnote, color = "secondaryLabel", lines = 0, line_break = "wordWrap" } }
    end
    if config.icon then return ui.hstack { ui.image(config.icon), text } end
    return text
  end,

  on_select = function(cell, row, event)
    row.on = not row.on
    event.deselect()
  end,
}
