-- contact: an address-book row with an initials avatar (the first letter of
-- up to two words of the name, "Ada Lovelace" → AL, "김민지" → 김), the name,
-- and the phone number under it. A favourite shows a star.
--
-- Row data: name (text), phone (text), favourite (true/false).
-- Accessory: the detail button (ⓘ); tapping it toggles favourite
-- (on_accessory_tap changes the row, so the star follows the row).
-- States: highlighted makes the avatar inverse-coloured (tint background).
-- Reuse: the avatar text is cached on the cell table with the name it was made
-- for; a reused cell recomputes it only when the name differs.

local function initials(name)
  local out, count = "", 0
  for word in name:gmatch("%S+") do
    local second = utf8.offset(word, 2)
    out = out .. string.upper(second and word:sub(1, second - 1) or word)
    count = count + 1
    if count == 2 then break end
  end
  return out
end

---@type CellStyle
return {
  identifier = "contact",
  -- Rows `cellar gallery` draws the style with, in every state.
  samples = {
    { name = "Ada Lovelace", phone = "+1 555 0100", favourite = true },
    { name = "김민지", phone = "+82 10 1234 5678" },
  },
  description = "initials avatar, name and phone; ⓘ toggles favourite",
  independent_rows = true,
  accessory = "detailButton",

  configure = function(cell, row)
    local name = row.name or ""
    if cell.avatar_for ~= name then
      cell.avatar = initials(name)
      cell.avatar_for = name
    end
    cell.name = name
    cell.phone = row.phone
    cell.favourite = row.favourite == true
  end,

  layout = function(config, ctx)
    local avatar = ui.label { text = config.avatar, width = 4, align = "center", bold = true,
                              color = ctx.state.highlighted and "background" or "tint",
                              background = ctx.state.highlighted and "tint" or "default" }
    local name = config.favourite and (config.name .. " ★") or config.name
    return ui.hstack {
      avatar,
      ui.vstack {
        ui.label { text = name },
        ui.label { text = config.phone, color = "secondaryLabel" },
      },
    }
  end,

  on_accessory_tap = function(cell, row, event)
    row.favourite = not row.favourite
  end,
}
