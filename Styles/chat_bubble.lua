-- chatBubble: a chat message in a bubble, as Messages draws it: the other
-- person's on the leading edge in the secondary background, yours on the
-- trailing edge in the tint colour. The bubble is an hstack aligned "fill"
-- whose sides (empty labels one column wide) stretch down every line the
-- text wraps to; the text label's background covers its whole frame, so
-- the bubble is one block of colour however ragged the lines.
--
-- Row data: text (wraps), from ("me" or anyone else).
-- The bubble is as wide as its text, at most three quarters of the row.

---@type CellStyle
return {
  identifier = "chatBubble",
  description = "chat message in a bubble; yours on the trailing edge",
  independent_rows = true,
  fields = { "text", "from" },

  layout = function(config, ctx)
    local mine = config.from == "me"
    local bg = mine and "tint" or "secondaryBackground"
    local fg = mine and "background" or "label"
    -- At most three quarters of the row, so whose bubble it is shows.
    local width = math.min(ui.width(config.text) + 2, math.max(6, ctx.width * 3 // 4))
    local bubble = ui.hstack {
      align = "fill", spacing = 0, width = width,
      ui.label { text = "", width = 1, background = bg },
      ui.label { text = config.text, lines = 0, line_break = "wordWrap", color = fg, background = bg },
      ui.label { text = "", width = 1, background = bg },
    }
    if mine then return ui.hstack { spacing = 0, ui.spacer(), bubble } end
    return ui.hstack { spacing = 0, bubble, ui.spacer() }
  end,
}
