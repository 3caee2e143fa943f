-- tutorialSection: the Cell Configuration tutorial's section headers and
-- footers ("헤더: 첫번째 섹션" / "푸터: 첫번째 섹션") as a header/footer view
-- instead of titles: the tutorial's prefix in the tint colour, the section's
-- name in bold, and an optional note under it that wraps.
--   headerView: {view: tutorialSection, prefix: "헤더", title: 첫번째 섹션, note: …}
--
-- View data: prefix (text), note (text, wraps), plus the table's `title` and `section`.

---@type HeaderFooterStyle
return {
  identifier = "tutorialSection",
  kind = "header_footer",
  -- Rows `cellar gallery` draws the style with, in every state.
  samples = {
    { prefix = "헤더", title = "첫번째 섹션", note = "A note under the title that wraps at a narrow width." },
  },
  description = "the tutorial's 헤더:/푸터: sections as a view, with a wrapping note",
  independent_rows = true,
  fields = { "prefix", "note" },

  configure = function(view, data)
    view.prefix = data.prefix or ""
    view.name = data.title or ""
    view.note = data.note
  end,

  layout = function(config, ctx)
    local line = ui.hstack {
      ui.label { text = config.prefix .. ":", width = "fit", color = "tint" },
      ui.label { text = config.name, bold = true },
    }
    if not config.note then return line end
    return ui.vstack {
      line,
      ui.label { text = config.note, lines = 0, line_break = "wordWrap", color = "secondaryLabel" },
    }
  end,
}
