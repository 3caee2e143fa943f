-- foodCellType: the reference's custom cell "FoodCell" (Configuring the Cells
-- for Your Table): outlets name, plantDescription and picture, filled in
-- cellForRowAt from the row's food. Laid out as the reference's figure: the
-- picture at the leading edge, the name in bold over a two-line description.
--
-- Row data: name (text), description (text; plantDescription also accepted),
-- picture (an emoji), seasonal (true/false: a green "in season" tag).
-- Reuse: `seasonal` is set only for seasonal rows, so prepare_for_reuse clears
-- it — without that, a reused cell would keep the tag of an earlier row.
-- Accessory: a disclosure indicator.

---@type CellStyle
return {
  identifier = "foodCellType",
  -- Rows `cellar gallery` draws the style with, in every state.
  samples = {
    { name = "Apple", description = "A crisp fruit from trees that flower in spring.", picture = "🍎", seasonal = true },
    { name = "Leek", description = "A mild onion.", picture = "🥬" },
  },
  description = "FoodCell from the reference: picture, bold name, description",
  independent_rows = true,
  accessory = "disclosureIndicator",

  configure = function(cell, row)
    -- cell.name?.text = theFood.name …
    cell.name = row.name
    cell.plantDescription = row.description or row.plantDescription
    cell.picture = row.picture
    if row.seasonal then cell.seasonal = true end
  end,

  prepare_for_reuse = function(cell)
    cell.seasonal = nil
  end,

  layout = function(config, ctx)
    local title = ui.label { text = config.name, bold = true }
    if config.seasonal then
      title = ui.hstack { title, ui.label { text = "in season", color = "success", width = "fit" } }
    end
    local text = ui.vstack {
      title,
      ui.label { text = config.plantDescription, color = "secondaryLabel", lines = 2, line_break = "wordWrap" },
    }
    if config.picture then
      return ui.hstack { ui.image(config.picture), text }
    end
    return text
  end,
}
