-- value2_lua: the built-in `value2` style in Lua (a narrow, right-aligned,
-- tinted heading column, then the detail); rendered side by side with the
-- built-in. The column is a quarter of the content width, 3 to 14 columns.
--
-- Row data: text, secondaryText, image, accessory, accessoryText,
-- editingAccessory, indentation (read by the default configure).

---@type CellStyle
return {
  identifier = "value2_lua",
  description = "Lua twin of the built-in value2 style",

  layout = function(config, ctx)
    local column = math.max(3, math.min(14, ctx.width // 4))
    local main = ui.hstack {
      ui.label { text = config.text, color = "tint", align = "trailing", width = column },
      ui.label { text = config.secondaryText },
    }
    if config.image and config.image ~= "" then
      main = ui.hstack { ui.image(config.image), main }
    end
    return main
  end,
}
