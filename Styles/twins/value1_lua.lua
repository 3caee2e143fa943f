-- value1_lua: the built-in `value1` style in Lua (title on the left, grey
-- detail fitted on the right); rendered side by side with the built-in.
--
-- Row data: text, secondaryText, image, accessory, accessoryText,
-- editingAccessory, indentation (read by the default configure).

---@type CellStyle
return {
  identifier = "value1_lua",
  description = "Lua twin of the built-in value1 style",

  layout = function(config, ctx)
    local main = ui.hstack {
      ui.label { text = config.text },
      ui.label { text = config.secondaryText, color = "secondaryLabel", align = "trailing", width = "fit" },
    }
    if config.image and config.image ~= "" then
      main = ui.hstack { ui.image(config.image), main }
    end
    return main
  end,
}
