-- subtitle_lua: the built-in `subtitle` style in Lua (title over a grey
-- detail line); rendered side by side with the built-in in the twin test.
--
-- Row data: text, secondaryText, image, accessory, accessoryText,
-- editingAccessory, indentation (read by the default configure).

---@type CellStyle
return {
  identifier = "subtitle_lua",
  description = "Lua twin of the built-in subtitle style",

  layout = function(config, ctx)
    local main = ui.vstack {
      ui.label { text = config.text },
      ui.label { text = config.secondaryText, color = "secondaryLabel" },
    }
    if config.image and config.image ~= "" then
      main = ui.hstack { ui.image(config.image), main }
    end
    return main
  end,
}
