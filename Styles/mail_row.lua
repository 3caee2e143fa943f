-- mailRow: a message in a mailbox, with Mail's swipe actions. A leading
-- swipe offers Read / Unread; a trailing one Delete (destructive: the row
-- goes, through the data source's commit), Flag / Unflag and More. Flag and
-- Read flip the row's data; More only marks the row (event.state).
--
-- Row data: from (text), subject (text), unread (true/false), flagged (true/false).
-- Shows: ● for unread, the sender (bold when unread), the subject in grey,
-- 🚩 at the trailing edge when flagged, "…" after More.

---@type CellStyle
return {
  identifier = "mailRow",
  -- Rows `cellar gallery` draws the style with, in every state.
  samples = {
    { from = "Ada", subject = "Notes on the engine", unread = true },
    { from = "김민지", subject = "회의 일정", flagged = true },
  },
  description = "mailbox row with Mail's swipe actions (read, flag, delete)",
  independent_rows = true,
  fields = { "from", "subject", "unread", "flagged" },

  configure = function(cell, row)
    cell.from = row.from or ""
    cell.subject = row.subject or ""
    cell.unread = row.unread == true
    cell.flagged = row.flagged == true
  end,

  layout = function(config, ctx)
    local mark = ui.label { text = config.unread and "●" or " ", color = "tint", width = 1 }
    local text = ui.vstack {
      ui.label { text = config.from, bold = config.unread },
      ui.label { text = config.subject, color = "secondaryLabel" },
    }
    local more = ctx.state.more and ui.label { text = "…", width = "fit" } or ui.empty()
    if config.flagged then
      return ui.hstack { mark, text, more, ui.label { text = "🚩", width = "fit" } }
    end
    return ui.hstack { mark, text, more }
  end,

  swipe_actions = function(config, state, edge)
    if edge == "leading" then
      return { { title = config.unread and "Read" or "Unread", color = "blue" } }
    end
    return {
      { title = "Delete", style = "destructive" },
      { title = config.flagged and "Unflag" or "Flag", color = "orange" },
      { title = "More" },
    }
  end,

  on_swipe_action = function(cell, row, event)
    if event.title == "Read" or event.title == "Unread" then
      row.unread = not row.unread
    elseif event.title == "Flag" or event.title == "Unflag" then
      row.flagged = not row.flagged
    else
      event.state.more = true
    end
    -- The title is in event.state.swipeAction; this style shows its effect instead.
    event.state.swipeAction = nil
  end,
}
