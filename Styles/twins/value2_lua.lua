-- value2Lua: the built-in `value2` style in Lua (a narrow, right-aligned,
-- tinted heading column, then the detail in the label colour, as in
-- Contacts); rendered beside the built-in in the twin test. The column is a
-- quarter of the content width, 3 to 14 columns.
--
-- Row data: text, secondaryText, textProperties, secondaryTextProperties and
-- image, read here; accessory, accessoryText, editingAccessory and
-- indentation, applied by the default configure (there is no configure hook).

---@type CellStyle
return {
  identifier = "value2Lua",
  -- Rows `cellar gallery` draws the style with, in every state.
  samples = {
    { text = "mobile", secondaryText = "+1 555 0100", accessory = "detailButton" },
    { text = "home", secondaryText = "서울 종로구" },
  },
  description = "Lua twin of the built-in value2 style",

  layout = function(config, ctx)
    local head = ui.list_label(config.text, config.textProperties, "tint")
    head.width = math.max(3, math.min(14, ctx.width // 4))
    head.align = "trailing"                 -- always, whatever the row asks
    if head.color == "label" then head.color = "tint" end
    -- The detail takes the label colour where other styles use the secondary one.
    local detail = ui.list_label(config.secondaryText, config.secondaryTextProperties, "label")
    if detail.color == "secondaryLabel" then detail.color = "label" end
    local main = ui.hstack { head, detail }
    local image = config.image
    if image ~= nil and image ~= "" then
      main = ui.hstack { ui.image(tostring(image)), main }
    end
    return main
  end,
}
