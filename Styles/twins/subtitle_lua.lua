-- subtitleLua: the built-in `subtitle` style in Lua (the title over a detail
-- line in the secondary colour); rendered beside the built-in in the twin
-- test, which requires identical output.
--
-- Row data: text, secondaryText, textProperties, secondaryTextProperties and
-- image, read here; accessory, accessoryText, editingAccessory and
-- indentation, applied by the default configure (there is no configure hook).

---@type CellStyle
return {
  identifier = "subtitleLua",
  -- Rows `cellar gallery` draws the style with, in every state.
  samples = {
    { text = "Milk", secondaryText = "2 litres", accessory = "checkmark" },
    { text = "Tofu", secondaryText = "detail 詳細" },
  },
  description = "Lua twin of the built-in subtitle style",

  layout = function(config, ctx)
    local main = ui.vstack {
      ui.list_label(config.text, config.textProperties, "label"),
      ui.list_label(config.secondaryText, config.secondaryTextProperties, "secondaryLabel"),
    }
    local image = config.image
    if image ~= nil and image ~= "" then
      main = ui.hstack { ui.image(tostring(image)), main }
    end
    return main
  end,
}
