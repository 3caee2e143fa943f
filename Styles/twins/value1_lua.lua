-- value1Lua: the built-in `value1` style in Lua (the title on the left, the
-- detail in the secondary colour fitted on the right, as in Settings);
-- rendered beside the built-in in the twin test.
--
-- Row data: text, secondaryText, textProperties, secondaryTextProperties and
-- image, read here; accessory, accessoryText, editingAccessory and
-- indentation, applied by the default configure (there is no configure hook).

---@type CellStyle
return {
  identifier = "value1Lua",
  -- Rows `cellar gallery` draws the style with, in every state.
  samples = {
    { text = "Milk", secondaryText = "2 litres", accessory = "checkmark" },
    { text = "Tofu", secondaryText = "detail 詳細" },
  },
  description = "Lua twin of the built-in value1 style",

  layout = function(config, ctx)
    local detail = ui.list_label(config.secondaryText, config.secondaryTextProperties, "secondaryLabel")
    detail.width = "fit"
    -- The detail hugs the trailing edge unless the row aligns it otherwise.
    if detail.align == nil or detail.align == "leading" or detail.align == "natural" then
      detail.align = "trailing"
    end
    local main = ui.hstack { ui.list_label(config.text, config.textProperties, "label"), detail }
    local image = config.image
    if image ~= nil and image ~= "" then
      main = ui.hstack { ui.image(tostring(image)), main }
    end
    return main
  end,
}
