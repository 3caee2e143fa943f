import CellarText

/// The built-in styles' common case laid out without building a view tree:
/// labels with no layout margins, single-line ones in truncating modes cut as
/// they are drawn, wrapping ones broken into their lines once
/// (`BuiltinDirectLayout+Lines`). The result is the same as `LayoutEngine` on
/// `BuiltinCellStyle.layout(...)` (a differential test checks it), but costs a
/// few width computations per row instead of a tree, its arrays and each
/// label's lines made twice. Anything else returns nil and takes the general path.
public struct BuiltinDirectLayout {
    /// A label placed in the cell. It holds its string (after transform),
    /// so drawing needs neither the configuration again (a large copy with
    /// a retain per string) nor a second transform.
    struct Piece {
        // Stored narrow, in an order that leaves no padding (40 bytes, three
        // and the height 128): a row's layout is moved several times (built,
        // stored in the row, drawn), each move a copy of all of it, and a
        // copy of up to 128 bytes is a few moves rather than a call. The
        // initialiser of the layout leaves wider positions to the general
        // path; a label's style has no background (`TextProperties.textStyle`).
        var text: String
        private var _textWidth: Int32
        private var foreground: Color
        private var _x: Int16
        private var _y: Int16
        private var _width: Int16
        var alignment: TextAlignment
        var mode: LineBreakMode
        private var form: Form
        private var attributes: TextAttributes
        var style: TextStyle { TextStyle(attributes: attributes, foreground: foreground) }
        /// Display width of `text` (for `lines`, their count).
        var textWidth: Int { Int(_textWidth) }
        /// Plain lines take `text` as it is (`MeasuredLabels.Width.plain`).
        var plain: Bool { form == .plainLine }
        /// `text` holds the lines of a wrapping label (`BuiltinDirectLayout+Lines`).
        var holdsLines: Bool { form == .lines }

        /// What `text` holds: one line, measured, and known plain or not; or a
        /// label's laid-out lines, joined by line feeds (no laid-out line has one).
        private enum Form: UInt8 { case line, plainLine, lines }
        var x: Int { Int(_x) }
        var y: Int { Int(_y) }
        var width: Int { Int(_width) }

        /// Shows `line`, of `width` columns, cut from `text` to fit.
        mutating func cut(to line: String, width: Int) {
            text = line
            _textWidth = Int32(clamping: width)
            form = .line
        }

        /// Holds a label's lines, joined by line feeds (`TextLayout.joinedLines`), `count` of them.
        mutating func hold(lines: String, count: Int) {
            text = lines
            _textWidth = Int32(clamping: count)
            form = .lines
        }

        /// Moved to line `y` of the content (within `Int16`: `maximumLines` and the paddings keep it so).
        mutating func move(toLine y: Int) { _y = Int16(clamping: y) }

        /// Positions within `Int16` and a width within `Int32` (checked by
        /// the caller); a style without a background.
        init(
            text: String, textWidth: Int, x: Int, y: Int, width: Int, alignment: TextAlignment, mode: LineBreakMode,
            plain: Bool, style: TextStyle
        ) {
            self.text = text
            _textWidth = Int32(clamping: textWidth)
            _x = Int16(clamping: x)
            _y = Int16(clamping: y)
            _width = Int16(clamping: width)
            self.alignment = alignment
            self.mode = mode
            form = plain ? .plainLine : .line
            assert(style.background == .default, "a label's style has no background")
            foreground = style.foreground
            attributes = style.attributes
        }
    }
    /// Widths and paddings the direct layout takes: with these, every
    /// position fits `Piece`'s `Int16` fields. Others take the general path.
    static let maxWidth = 8192
    static let paddings = 0...1024
    static let maxTextWidth = Int(Int32.max)

    // Up to three pieces (image, text, detail), stored inline: no array per row.
    var p0: Piece?
    var p1: Piece?
    var p2: Piece?
    var height: Int

    /// No pieces: the layout of a row that takes the general path.
    static var empty: BuiltinDirectLayout { BuiltinDirectLayout(p0: nil, p1: nil, p2: nil, height: 0) }

    static func simple(_ p: TextProperties) -> Bool {
        p.numberOfLines == 1 && p.lineBreakMode != .wordWrap && p.lineBreakMode != .charWrap
    }

    /// A label's string after its transform, with its width; nil when there
    /// is none. Text of one line that needs sanitising (a tab, a control) is
    /// laid out as its sanitised form, as `TextLayout.lines` lays it out.
    /// Text over lines (it sets `overLines`) takes its widest line's width, as the
    /// general path measures it; the piece made of it must take the one line
    /// that path shows (`cutAsWrapped`). Clears `clean` for text of no width
    /// (a lone mark, which the general path lays out without its gap): that
    /// path handles it.
    static func label(
        _ s: String?, _ label: MeasuredLabels.Label, _ p: TextProperties, of cell: Cell, clean: inout Bool,
        overLines: inout Bool, ambiguousWide: Bool
    ) -> (text: String, width: Int, plain: Bool)? {
        guard let s, !s.isEmpty else { return nil }
        let width: MeasuredLabels.Width
        switch MeasuredLabels.measure(label, of: s, in: cell, ambiguousWide: ambiguousWide) {
        case .clean(let w): width = w
        case .overLines(let columns) where p.transform == .none:
            // As `unclean` lays out text over lines, measured ahead.
            overLines = true
            width = MeasuredLabels.Width(columns: columns, plain: false)
        default: return unclean(s, p, clean: &clean, overLines: &overLines, ambiguousWide: ambiguousWide)
        }
        guard width.columns <= maxTextWidth, width.columns > 0 else {
            clean = false
            return nil
        }
        if p.transform == .none { return (s, width.columns, width.plain) }
        let t = p.transform.apply(s)
        return (t, DisplayWidth.of(t, ambiguousWide: ambiguousWide), false)
    }

    /// `label` for text that needs sanitising: sanitised when one line, else as it is, `overLines`.
    @inline(never)
    static func unclean(
        _ s: String, _ p: TextProperties, clean: inout Bool, overLines: inout Bool, ambiguousWide: Bool
    ) -> (text: String, width: Int, plain: Bool)? {
        let t = p.transform == .none ? s : p.transform.apply(s)
        let shown: (text: String, width: Int, plain: Bool)
        if let line = Sanitizer.sanitizedLine(t),
            let width = MeasuredLabels.Width(of: line, ambiguousWide: ambiguousWide)
        {
            shown = (line, width.columns, width.plain)
        } else {
            shown = (t, TextLayout.naturalWidth(t, ambiguousWide: ambiguousWide), false)
            overLines = true
        }
        guard shown.width <= maxTextWidth, shown.width > 0 else {
            clean = false
            return nil
        }
        return shown
    }

    /// Lays out `cell`'s content configuration; nil when it has none or
    /// when it needs the general path. Widths are measured as `engine`
    /// measures them (its ambiguous-width setting). Runs for every row: the
    /// configuration's strings are read in place, one by one (its other
    /// fields in one read, `LayoutFields`), and the result
    /// is built from locals, because copying the configuration out of the
    /// cell, or assigning a finished layout to `self` field by field, copies
    /// every string again (a retain and release each). One function, longer
    /// than the usual limit: split into helpers, the labels and pieces were
    /// copied across the call on every row.
    static func make(
        _ kind: BuiltinCellStyle.Kind, _ cell: Cell, width: Int,
        engine: LayoutEngine
    ) -> BuiltinDirectLayout? {
        let ambiguousWide = engine.ambiguousWide
        var p0: Piece?
        var p1: Piece?
        var p2: Piece?
        // Very narrow cells squeeze columns to nothing; the general path handles that.
        guard width >= 8, width <= Self.maxWidth, let layout = cell.listConfiguration?.directLayoutFields,
            layout.margins == .zero
        else { return nil }
        let tp = layout.text
        let dp = layout.detail
        // Placed as single-line labels are (by their natural widths), then broken into lines.
        let textWraps = !Self.simple(tp)
        let detailWraps = kind != .default && !Self.simple(dp)
        var clean = true
        var textOverLines = false
        var detailOverLines = false
        let text = Self.label(
            cell.listConfiguration?.text, .text, tp, of: cell, clean: &clean, overLines: &textOverLines,
            ambiguousWide: ambiguousWide)
        let detail =
            kind == .default
            ? nil
            : Self.label(
                cell.listConfiguration?.secondaryText, .detail, dp, of: cell, clean: &clean,
                overLines: &detailOverLines, ambiguousWide: ambiguousWide)
        guard clean else { return nil }
        let imagePadding = layout.imagePadding
        let spacing = layout.spacing
        let vpadding = layout.vpadding
        guard Self.paddings.contains(imagePadding), Self.paddings.contains(spacing),
            Self.paddings.contains(vpadding)
        else { return nil }
        var x = 0
        var room = width
        var height = 0
        if let image = cell.listConfiguration?.image, !image.isEmpty {
            // Clean, or left to the general path (which sanitises it).
            guard
                case .clean(let measured) = MeasuredLabels.measure(
                    .image, of: image, in: cell, ambiguousWide: ambiguousWide)
            else { return nil }
            let iw = measured.columns
            // A fitted image keeps its natural width; an image wider than
            // half the row, or of no width (a lone mark, which the general
            // path draws without its gap), is rare enough to leave to it.
            guard iw > 0, iw <= (width - imagePadding) / 2 else { return nil }
            p0 = Piece(
                text: image, textWidth: iw, x: 0, y: 0, width: iw, alignment: .leading, mode: .clipping,
                plain: measured.plain, style: .plain)
            height = 1
            x = iw + imagePadding
            room = width - x
        }
        switch kind {
        case .default:
            if let text {
                p1 = Piece(
                    text: text.text, textWidth: text.width, x: x, y: 0, width: room, alignment: tp.alignment,
                    mode: tp.lineBreakMode, plain: text.plain, style: tp.textStyle)
            }
            height = max(height, text == nil ? 0 : 1)
        case .subtitle:
            var y = 0
            if let text {
                p1 = Piece(
                    text: text.text, textWidth: text.width, x: x, y: 0, width: room, alignment: tp.alignment,
                    mode: tp.lineBreakMode, plain: text.plain, style: tp.textStyle)
                y = 1 + vpadding
            }
            if let detail {
                p2 = Piece(
                    text: detail.text, textWidth: detail.width, x: x, y: y, width: room, alignment: dp.alignment,
                    mode: dp.lineBreakMode, plain: detail.plain, style: dp.textStyle)
                y += 1
            } else if text != nil {
                y = 1
            }
            height = max(height, y)
        case .value1:
            var detailAlignment = dp.alignment
            if detailAlignment == .leading { detailAlignment = .trailing }
            switch (text, detail) {
            case (nil, nil): break
            case (let t?, nil):
                p1 = Piece(
                    text: t.text, textWidth: t.width, x: x, y: 0, width: room, alignment: tp.alignment,
                    mode: tp.lineBreakMode, plain: t.plain, style: tp.textStyle)
            case (nil, let d?):
                let dw = min(d.width, room)
                p2 = Piece(
                    text: d.text, textWidth: d.width, x: x, y: 0, width: dw, alignment: detailAlignment,
                    mode: dp.lineBreakMode, plain: d.plain, style: dp.textStyle)
            case (let t?, let d?):
                let inner = max(0, room - spacing)
                let natural = d.width
                let textNatural = t.width
                // The detail is fitted: its natural width, leaving the text
                // a few columns (LayoutEngine.columnWidths).
                let dw = min(natural, max(0, inner - min(textNatural, LayoutEngine.flexibleFloor, inner / 2)))
                let tw = inner - dw
                p1 = Piece(
                    text: t.text, textWidth: textNatural, x: x, y: 0, width: tw, alignment: tp.alignment,
                    mode: tp.lineBreakMode, plain: t.plain, style: tp.textStyle)
                p2 = Piece(
                    text: d.text, textWidth: natural, x: x + tw + spacing, y: 0, width: dw,
                    alignment: detailAlignment, mode: dp.lineBreakMode, plain: d.plain, style: dp.textStyle)
            }
            height = max(height, text == nil && detail == nil ? 0 : 1)
        case .value2:
            let column = BuiltinCellStyle.value2ColumnWidth(width)
            let spacing = detail == nil ? 0 : spacing
            guard column + spacing <= room else { return nil }
            var head = tp
            if head.color == .semantic(.label) { head.color = .semantic(.tint) }
            if let text {
                p1 = Piece(
                    text: text.text, textWidth: text.width, x: x, y: 0, width: column, alignment: .trailing,
                    mode: tp.lineBreakMode, plain: text.plain, style: head.textStyle)
            }
            if let detail {
                var d = dp
                if d.color == .semantic(.secondaryLabel) { d.color = .semantic(.label) }
                p2 = Piece(
                    text: detail.text, textWidth: detail.width, x: x + column + spacing, y: 0,
                    width: room - column - spacing,
                    alignment: dp.alignment, mode: dp.lineBreakMode, plain: detail.plain, style: d.textStyle)
            }
            height = max(height, text == nil && detail == nil ? 0 : 1)
        }
        // Single-line pieces of text over lines, or cut otherwise by the general path, show the line it shows.
        let cutText = !textWraps && (textOverLines || Self.cutDiffersFromWrap(p1))
        let cutDetail = !detailWraps && (detailOverLines || Self.cutDiffersFromWrap(p2))
        if _slowPath(cutText || cutDetail || textWraps || detailWraps) {
            var placed = BuiltinDirectLayout(p0: p0, p1: p1, p2: p2, height: height)
            if cutText || cutDetail {
                placed = placed.cutAsWrapped(
                    text: cutText, textOverLines: textOverLines, detail: cutDetail, detailOverLines: detailOverLines,
                    ambiguousWide: ambiguousWide)
            }
            guard textWraps || detailWraps else { return placed }
            return placed.wrapped(
                kind, text: textWraps ? tp : nil, detail: detailWraps ? dp : nil, spacing: vpadding,
                ambiguousWide: ambiguousWide)
        }
        return BuiltinDirectLayout(p0: p0, p1: p1, p2: p2, height: height)
    }

    /// The fields of a configuration `make` reads besides its strings, in
    /// one read: each read through the cell's optional configuration checks
    /// it again (a call each: its tag is found in its strings' spare bits).
    struct LayoutFields {
        var text: TextProperties
        var detail: TextProperties
        var margins: Insets
        var imagePadding: Int
        var spacing: Int
        var vpadding: Int
    }
}

extension ListContentConfiguration {
    /// What `BuiltinDirectLayout.make` reads besides the strings.
    var directLayoutFields: BuiltinDirectLayout.LayoutFields {
        BuiltinDirectLayout.LayoutFields(
            text: textProperties, detail: secondaryTextProperties, margins: directionalLayoutMargins,
            imagePadding: imageToTextPadding, spacing: textToSecondaryTextHorizontalPadding,
            vpadding: textToSecondaryTextVerticalPadding)
    }
}
