-- dateHeader: a section header view (UITableViewHeaderFooterView) for lists
-- grouped by day, as Messages or a photo library groups them: the day in
-- bold on the leading edge, a count on the trailing edge in the secondary
-- colour. A document section names it with
--   headerView: {view: dateHeader, date: 오늘, count: 3}
-- (the section's `header` stands in for a missing `date`).
--
-- View data: date (text), count (number), plus the table's `title` and `section`.

---@type HeaderFooterStyle
return {
  identifier = "dateHeader",
  kind = "header_footer",
  -- Rows `cellar gallery` draws the style with, in every state.
  samples = {
    { date = "오늘", count = 3 },
    { date = "Yesterday", count = 1 },
  },
  description = "day on the leading edge, item count trailing",
  independent_rows = true,
  fields = { "date", "count" },

  configure = function(view, data)
    view.date = data.date or data.title or ""
    view.count = data.count
  end,

  layout = function(config, ctx)
    local count = config.count and (tostring(config.count) .. (config.count == 1 and " item" or " items")) or ""
    return ui.hstack {
      ui.label { text = config.date, bold = true },
      ui.label { text = count, width = "fit", color = "secondaryLabel" },
    }
  end,
}
