-- mailbox: a mail list row, to show the cell's look beyond its content.
--
-- Row data: subject (text), sender (text), flagged (true/false: an orange
-- background, as Mail's flagged messages), read (true/false: dimmed),
-- reply_to (a row number), placeholder (true/false).
-- Background: the `background(config, state)` hook answers per state, as
-- UIKit's updateConfiguration(using:) sets a background configuration; a
-- row lifted to be moved (state.reordering) stands out in the tint colour,
-- and the row with keyboard focus (state.focused: `cellar browse`'s cursor,
-- the golden step `focus`) in the highlighted background, as a focus ring.
-- Taps: will_select answers as UIKit's willSelectRowAt does — a placeholder
-- row ("No more messages") refuses the tap, and a reply (reply_to = the row
-- of the message it answers, in the same section) selects that message.
-- Alpha: read rows set cell.alpha only when read, so prepare_for_reuse puts
-- it back (the reference: "if you change the alpha property of a view in
-- the cell, return it to its original value") — without that, a reused cell
-- would show an unread row dimmed.

---@type CellStyle
return {
  identifier = "mailbox",
  -- Rows `cellar gallery` draws the style with, in every state.
  samples = {
    { subject = "Quarterly report", sender = "Grace", flagged = true },
    { subject = "Re: lunch?", sender = "Alan", read = true },
  },
  description = "Mail row: flagged rows on a background, read rows dimmed",
  independent_rows = true,
  fields = { "subject", "sender", "flagged", "read", "reply_to", "placeholder" },

  configure = function(cell, row)
    cell.subject = row.subject
    cell.sender = row.sender
    cell.flagged = row.flagged
    cell.reply_to = row.reply_to
    cell.placeholder = row.placeholder
    if row.read then cell.alpha = 0.5 end
  end,

  will_select = function(config, state, event)
    if config.placeholder then return false end
    if config.reply_to then return { section = event.section, row = config.reply_to } end
    return nil
  end,

  prepare_for_reuse = function(cell)
    cell.alpha = 1
  end,

  background = function(config, state)
    if state.reordering then return { color = "tint" } end
    if state.focused then return { color = "highlightedBackground" } end
    if config.flagged then return { color = "warning", selected_color = "#704000" } end
    return nil
  end,

  layout = function(config, ctx)
    return ui.vstack {
      ui.label { text = config.subject, bold = true },
      ui.label { text = config.sender, color = "secondaryLabel" },
    }
  end,
}
