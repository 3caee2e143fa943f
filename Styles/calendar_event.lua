-- calendarEvent: a calendar event as Calendar's day list draws it: a bar in
-- the event's colour down every line of the row, then the title, the time
-- and the place. The bar is an empty label one column wide with a
-- background, in an hstack aligned "fill": the stack stretches it to the
-- row's full height (UIStackView's .fill), however many lines the title
-- wraps to.
--
-- Row data: title (text, wraps), time (text), place (text, optional),
-- color (a colour name or "#rrggbb"; default tint).
-- States: selected makes the title bold.

---@type CellStyle
return {
  identifier = "calendarEvent",
  description = "event with a coloured bar down the whole row",
  independent_rows = true,
  fields = { "title", "time", "place", "color" },

  layout = function(config, ctx)
    return ui.hstack {
      align = "fill",
      ui.label { text = "", width = 1, background = config.color or "tint" },
      ui.vstack {
        ui.label { text = config.title, lines = 0, line_break = "wordWrap", bold = ctx.state.selected },
        ui.label { text = config.time, color = "secondaryLabel" },
        config.place and ui.label { text = config.place, color = "secondaryLabel" },
      },
    }
  end,
}
