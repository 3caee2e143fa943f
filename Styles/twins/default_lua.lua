-- default_lua: the built-in `default` style (UITableViewCell.CellStyle.default)
-- written in Lua, to prove both go through one layout engine: a test renders
-- the same rows with both and requires identical output.
--
-- Row data: the built-ins' keys, read by the default configure (no configure
-- hook here): text, image, accessory, accessoryText, editingAccessory,
-- indentation. Text properties are not modelled.

---@type CellStyle
return {
  identifier = "default_lua",
  description = "Lua twin of the built-in default style",

  layout = function(config, ctx)
    local main = ui.label { text = config.text }
    if config.image and config.image ~= "" then
      main = ui.hstack { ui.image(config.image), main }
    end
    return main
  end,
}
