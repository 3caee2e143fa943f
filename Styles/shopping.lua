-- shopping: a shopping list. A tap on an item adds one more to buy; the row
-- acts like a button, so it does not stay selected (event.deselect()).
-- While editing, items show ⊖ and the "add" row shows ⊕ (editing_style);
-- the document's data source inserts the new item at the ⊕ row's place.
--
-- Row data: item (text), count (a number, default 1), add (true for the
-- "Add item" row, which shows its item in the tint colour).

---@type CellStyle
return {
  identifier = "shopping",
  -- Rows `cellar gallery` draws the style with, in every state.
  samples = {
    { item = "Eggs", count = 12 },
    { item = "Add item", add = true },
  },
  description = "shopping list; a tap adds one more, ⊕ rows add items",
  independent_rows = true,

  configure = function(cell, row)
    cell.item = row.item or ""
    cell.count = tonumber(row.count) or 1
    cell.add = row.add == true
  end,

  editing_style = function(config, state)
    if config.add then return "insert" end
    return nil   -- the table's default: delete
  end,

  layout = function(config, ctx)
    if config.add then return ui.label { text = config.item, color = "tint" } end
    return ui.hstack {
      ui.label { text = config.item },
      ui.label { text = "×" .. config.count, color = "secondaryLabel", width = "fit" },
    }
  end,

  on_select = function(cell, row, event)
    if not row.add then row.count = (tonumber(row.count) or 1) + 1 end
    event.deselect()
  end,
}
