-- firstRowTall: the reference's heightForRowAt as a style, with no data in
-- the rows: the first row of each section is four lines tall (its text
-- centred in them, as UIKit centres a cell's content), every other row is
-- measured. `ctx` tells the hooks where the row is: its section and row,
-- whether it is first or last in its section, and the section's row count.
--
-- Row data: text, accessory.

---@type CellStyle
return {
  identifier = "firstRowTall",
  description = "first row of each section four lines tall (heightForRowAt)",
  independent_rows = true,
  fields = { "text", "accessory" },

  height = function(config, width, ctx)
    if ctx.first then return 4 end
  end,

  layout = function(config, ctx)
    local where = string.format("%d.%d of %d", ctx.section, ctx.row, ctx.rows_in_section)
    return ui.hstack {
      ui.label { text = config.text, bold = ctx.first },
      ui.label { text = ctx.last and where .. " (last)" or where, width = "fit", color = "secondaryLabel" },
    }
  end,
}
