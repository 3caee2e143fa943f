-- defaultLua: the built-in `default` style (UITableViewCell.CellStyle.default)
-- written in Lua, to prove both go through one layout engine: a test renders
-- the same rows with both and requires identical output.
--
-- Row data: the built-ins' keys. There is no configure hook, so the default
-- one copies the row into the cell and applies `accessory`, `accessoryText`,
-- `editingAccessory` and `indentation` as the built-ins do; layout reads
-- `text`, `textProperties` and `image`. The style has no detail label:
-- `secondaryText` is not drawn.

---@type CellStyle
return {
  identifier = "defaultLua",
  -- Rows `cellar gallery` draws the style with, in every state.
  samples = {
    { text = "Milk", accessory = "checkmark" },
    { text = "A title long enough to wrap at a narrow width", accessory = "disclosureIndicator" },
  },
  description = "Lua twin of the built-in default style",

  layout = function(config, ctx)
    -- textProperties (numberOfLines, lineBreakMode, alignment, color, …)
    -- become the label's fields; the text is in the label colour unless
    -- they name another.
    local main = ui.list_label(config.text, config.textProperties, "label")
    -- YAML may give a number or a boolean; the built-ins show it as text.
    local image = config.image
    if image ~= nil and image ~= "" then
      main = ui.hstack { ui.image(tostring(image)), main }
    end
    return main
  end,
}
