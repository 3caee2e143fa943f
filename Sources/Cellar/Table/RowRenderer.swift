import CellarText

/// Lays out and draws rows: a row's state brought up to date, its content
/// laid out at its width (the style's direct layout, or its view tree), and
/// the row drawn with what surrounds the content (editing controls,
/// accessory, reorder control, selection, separator).
///
/// Made once per render from the table's settings, so the per-row work reads
/// these copies instead of the table's properties. Drawing a row that is not
/// editing (`draw`) reads only these copies, the layout and the row's
/// `RowContent`, never the table, its cells or its data source: a stream
/// may draw on a second thread (`StreamDrawThread`) while this one
/// configures the next rows.
struct RowRenderer {
    let table: TableView
    let states: RowStates
    let presence: RowStates.Presence
    let editing: Bool
    let delegate: TableViewDelegate?
    let dataSource: TableViewDataSource?
    let indentationWidth: Int
    let tableStyle: TableStyle
    let separatorInset: Int
    /// How separators are drawn: the table's `separatorColor`, else the separator colour.
    let separatorStyle: TextStyle
    /// The table's separators are single lines (between rows of a section).
    let singleLineSeparators: Bool
    /// Editing with allowsMultipleSelectionDuringEditing: rows show UIKit's selection circles.
    let selectionCircles: Bool
    /// Measures and draws rows with the table's ambiguous-width setting.
    let engine: LayoutEngine
    /// The row that gets the focus mark (`showsFocusMark`), if any (Ints: compared on every row drawn).
    let markedFocus: (section: Int, row: Int)?
    /// What styles are told about the background the table is drawn on.
    let appearance: Appearance
    /// Read once here, not per row: each read of a global is a `swift_once`.
    let plainParts = PlainParts.shared
    let normalState = CellState.normal
    /// The accessory types' widths (`typeWidth`), by `AccessoryType.allCases` index.
    let typeWidths: [Int]

    init(_ table: TableView) {
        self.table = table
        states = table.rowStates
        presence = table.rowStates.presence
        editing = table.isEditing
        delegate = table.activeDelegate
        dataSource = table.activeDataSource
        indentationWidth = table.indentationWidth
        tableStyle = table.style
        separatorInset = table.separatorInset
        separatorStyle = TextStyle(foreground: table.separatorColor ?? .semantic(.separator))
        singleLineSeparators = table.separatorStyle == .singleLine
        selectionCircles = table.isEditing && table.allowsMultipleSelectionDuringEditing
        engine = LayoutEngine(ambiguousWide: table.ambiguousWide)
        markedFocus = table.showsFocusMark ? table.rowStates.focused.map { ($0.section, $0.row) } : nil
        appearance = table.appearance
        typeWidths = AccessoryType.allCases.map { [engine] in Self.typeWidth($0, engine) }
    }

    /// The reorder control and the space before it, at the trailing edge while editing.
    static let reorderColumnWidth = 2

    static func accessoryWidth(_ accessory: Accessory, _ engine: LayoutEngine) -> Int {
        switch accessory {
        case .type(let t): return typeWidth(t, engine)
        case .custom(let node): return node == .empty ? 0 : max(3, engine.naturalWidth(node))
        }
    }

    /// The columns a row's accessory is drawn in: its own width, but at
    /// most half of what the row holds between its margins (the text keeps
    /// the rest), a text cut with `…`; a type's glyph does not shrink, so
    /// one that does not fit is left out.
    static func fittedAccessoryWidth(_ accessory: Accessory, _ engine: LayoutEngine, rowWidth: Int, editing: Bool)
        -> Int
    {
        let limit = accessoryLimit(rowWidth: rowWidth, editing: editing)
        if case .type(let t) = accessory { return fitted(typeWidth: typeWidth(t, engine), limit) }
        return fitted(customWidth: accessoryWidth(accessory, engine), limit)
    }

    @inline(__always)
    static func accessoryLimit(rowWidth: Int, editing: Bool) -> Int {
        (rowWidth - 3 - (editing ? reorderColumnWidth : 0)) / 2
    }

    @inline(__always)
    static func fitted(typeWidth width: Int, _ limit: Int) -> Int { width <= limit ? width : 0 }

    @inline(__always)
    static func fitted(customWidth width: Int, _ limit: Int) -> Int { width <= limit ? width : max(0, limit) }

    @inline(__always)
    static func typeWidth(_ t: AccessoryType, _ engine: LayoutEngine) -> Int {
        t == .none ? 0 : max(3, AccessoryGlyphs.width(of: t, ambiguousWide: engine.ambiguousWide))
    }

    /// A row's accessory and its width. A type (the common case) is matched
    /// in place and made anew: a copy of the field goes through the enum's
    /// value witness (its other case holds a view tree).
    @inline(__always)
    private func accessoryAndWidth(_ a: Accessory, fitting limit: Int) -> (Accessory, Int) {
        if case .type(let t) = a { return (.type(t), Self.fitted(typeWidth: typeWidths[t.index], limit)) }
        return (a, Self.fitted(customWidth: Self.accessoryWidth(a, engine), limit))
    }

    /// Lays out a row's content at its width, in its current state.
    func content(_ cell: Cell, _ ip: IndexPath, _ l: TableLayout) throws -> RowContent {
        // The style is held once for the row and passed down: a parameter
        // needs no retain around each call on it, where a local read from
        // the cell was retained and released around every one.
        try content(cell, ip, l, style: cell.style)
    }

    private func content(_ cell: Cell, _ ip: IndexPath, _ l: TableLayout, style: CellStyle?) throws -> RowContent {
        states.apply(to: cell, at: ip, editing: editing, presence)
        // The style hears the state before any width is computed: it may set
        // a state-dependent accessory (UIKit's updateConfiguration(using:)).
        // A normal state (the common case) is passed as the shared constant,
        // borrowed: not copied out of the cell (a copy retains its dictionary).
        // A built-in style has none to run (`CellStyle`'s default).
        if !cell.hasBuiltinStyle {
            if cell.state.isNotNormal {
                try style?.updateConfiguration(cell, state: cell.state)
            } else {
                try style?.updateConfiguration(cell, state: normalState)
            }
        }
        // A cell without a background or an update handler (the common row)
        // pays this test and the next one. A subclass or a custom content
        // configuration takes the update pass, which calls the handler too.
        let decorated = cell.isDecorated
        if cell.takesUpdatePass {
            cell.updateConfigurationIfNeeded()
        } else if decorated, let update = cell.configurationUpdateHandler {
            update(cell, cell.state)
        }
        // Leading columns: marker, editing control, indentation.
        let level = max(cell.indentationLevel, delegate?.tableView(table, indentationLevelForRowAt: ip) ?? 0)
        let lead = 1 + (editing ? 2 : 0) + level * indentationWidth
        let limit = Self.accessoryLimit(rowWidth: l.geometry.rowWidth, editing: editing)
        let (acc, accWidth) =
            editing
            ? accessoryAndWidth(cell.editingAccessory, fitting: limit)
            : accessoryAndWidth(cell.accessory, fitting: limit)
        // While editing, every row keeps the trailing reorder column (" ≡"),
        // movable or not, so accessories and ≡ line up across rows.
        let reorder = editing ? Self.reorderColumnWidth : 0
        let width = max(0, l.geometry.rowWidth - lead - 1 - (accWidth > 0 ? accWidth + 1 : 0) - reorder)
        // What the app set on the cell (a custom configuration, a `content`
        // tree) takes the place of the style's layout, as in UIKit.
        let own = cell.ownContentReplaces(style)
        let direct = own ? nil : style?.directLayout(of: cell, width: width, engine: engine)
        let isDirect = direct != nil
        var node = ViewNode.empty
        if !isDirect {
            var ctx = LayoutContext(
                width: width, tableStyle: tableStyle,
                layoutMargins: Insets(leading: lead, trailing: 1), state: cell.state,
                ambiguousWide: engine.ambiguousWide, appearance: appearance)
            // Read from `ip` once (each read is a call into Foundation).
            ctx.section = ip.section
            ctx.row = ip.row
            ctx.rowsInSection = l.rowCounts[ctx.section]
            if !own, let style {
                node = try style.content(for: cell, state: cell.state, context: ctx)
            } else {
                node = cell.ownContentNode(in: ctx)
            }
        }
        // The flags are read in place (a copy of the state retains its dictionary).
        // selectionStyle none: the row is selected, the table draws nothing of it.
        let drawsSelection = cell.selectionStyle != .none
        let isSelected = drawsSelection && cell.state.isSelected
        let isHighlighted = drawsSelection && cell.state.isHighlighted
        // Multiple selection while editing puts a selection circle where ⊖ and ⊕ go.
        let control = editing && !selectionCircles ? try table.editingStyle(for: cell, at: ip) : .none
        return RowContent(
            direct: direct ?? .empty, node: node, lead: lead, width: width, accessoryWidth: accWidth,
            separatorInset: cell.separatorInset ?? separatorInset, accessory: acc,
            // Rows without a background configuration pay this nil check only.
            background: decorated
                ? cell.backgroundConfiguration?.color(selected: isSelected, highlighted: isHighlighted) : nil,
            // isSwiped was just set from the row (`apply`): swiped open, or showing the Delete button.
            buttons: cell.state.isSwiped ? table.revealedButtons(at: ip, ambiguousWide: engine.ambiguousWide) : nil,
            isDirect: isDirect, isSelected: isSelected, isHighlighted: isHighlighted,
            isDimmed: cell.state.isDisabled || cell.alpha < 1, isEditing: editing,
            showsSelectionCircle: selectionCircles && (dataSource?.tableView(table, canEditRowAt: ip) ?? false),
            editingControl: control, engine: engine)
    }

    /// Draws a row laid out as `rc`, `lines` tall, with its separator at
    /// line `y` of the canvas (clipped). `measured`: the content's height,
    /// when the caller measured it (else it is measured again to centre it
    /// in a taller row).
    func draw(
        section: Int, row: Int, lines: Int, _ l: TableLayout, into canvas: inout Canvas, y: Int,
        content rc: borrowing RowContent, measured: Int? = nil
    ) {
        if canvas.takesPlainLines,
            drawPlainLines(
                section: section, row: row, lines: lines, l, into: &canvas, y: y, content: rc, measured: measured)
        {
            return
        }
        let g = l.geometry
        // Behind revealed buttons the whole row slides toward the other edge.
        let x0 = g.rowX + (rc.buttons?.shift(rowWidth: g.rowWidth) ?? 0)
        let separator = l.separatorLines(section: section, row: row, singleLine: singleLineSeparators)
        let mid = y + max(0, (lines - 1) / 2)
        if rc.editingControl != .none {
            let color: SemanticColor = rc.editingControl == .delete ? .destructive : .success
            canvas.text(
                TableView.glyph(rc.editingControl), x: x0 + 1, y: mid, style: TextStyle(foreground: .semantic(color)))
        } else if rc.showsSelectionCircle {
            canvas.text(
                rc.isSelected ? "◉" : "○", x: x0 + 1, y: mid,
                style: TextStyle(foreground: .semantic(rc.isSelected ? .tint : .tertiaryLabel)))
        }
        let top = rc.contentTop(inRowOf: lines, measured: measured)
        rc.draw(into: &canvas, x: x0 + rc.lead, y: y + top, height: lines - top)
        if Self.isAtLineLimit(lines, g) { drawCutMark(rc, into: &canvas, x: x0 + rc.lead, y: y, lines: lines, g) }
        let trailing = x0 + g.rowWidth - 1
        // Editing: ≡ takes the last column, the accessory ends one space before it.
        drawAccessory(rc, into: &canvas, end: rc.isEditing ? trailing - Self.reorderColumnWidth : trailing, y: mid)
        // UIKit hides the reorder control while the Delete button shows.
        if rc.isEditing, rc.buttons == nil, dataSource?.tableView(table, canMoveRowAt: IndexPath(section, row)) ?? false
        {
            canvas.text("≡", x: trailing - 1, y: mid, style: TextStyle(foreground: .semantic(.tertiaryLabel)))
        }
        // Under the content: cells drawn with a background of their own keep it.
        if let background = rc.background {
            canvas.overlay(x: g.rowX, y: y, width: g.rowWidth, height: lines, attributes: [], background: background)
        }
        rc.buttons?.draw(into: &canvas, y: y, lines: lines, g)
        if g.boxed { SectionChrome.drawBoxSides(into: &canvas, y: y, height: lines + separator, g) }
        if rc.isSelected || rc.isHighlighted { drawSelection(rc, into: &canvas, x: g.rowX, y: y, lines: lines, g) }
        // On the row's first line in view (a viewport canvas starts at line 0),
        // unless leading buttons fill that column: the row's focused button is
        // drawn `[Title]` there, and the mark would cut its bracket.
        if let markedFocus, markedFocus == (section, row), rc.buttons?.edge != .leading {
            Self.drawFocusMark(selected: rc.isSelected, into: &canvas, x: g.rowX, y: max(y, 0))
        }
        if rc.isDimmed {
            canvas.overlay(x: g.rowX, y: y, width: g.rowWidth, height: lines, attributes: .dim)
        }
        if separator == 1 {
            let sx = g.rowX + min(max(0, rc.separatorInset), g.rowWidth)
            canvas.fill(x: sx, y: y + lines, width: g.rowX + g.rowWidth - sx, character: "─", style: separatorStyle)
        }
    }

    /// Whether a row `lines` tall is as tall as a row is drawn at the table's width (`RowContent.lineLimit`),
    /// so its content may be cut. Most rows are settled by the first compare.
    static func isAtLineLimit(_ lines: Int, _ g: TableLayout.Geometry) -> Bool {
        lines >= RowContent.leastLineLimit && lines >= RowContent.lineLimit(tableWidth: g.width)
    }

    /// A row cut at its limit (`isAtLineLimit`) says so on its last line, in place of the content there: how
    /// many lines were not drawn, and why. A row a height was declared for is clipped unmarked below the
    /// limit, as in UIKit; at the limit, the cut is Cellar's own.
    func drawCutMark(
        _ rc: borrowing RowContent, into canvas: inout Canvas, x: Int, y: Int, lines: Int, _ g: TableLayout.Geometry
    ) {
        let limit = RowContent.lineLimit(tableWidth: g.width)
        let overflow = rc.measure() - lines
        guard overflow > 0 else { return }
        // The mark takes the last line's place: that line is not drawn either.
        let cut = overflow + 1
        let last = y + lines - 1
        canvas.fill(x: x, y: last, width: rc.width)
        canvas.draw(
            "… \(cut) more \(cut == 1 ? "line" : "lines") not drawn: a row is at most \(limit) lines tall"
                + (limit < TableView.maximumRowHeight ? " at this width" : ""),
            x: x, y: last, maxWidth: rc.width, style: TextStyle(foreground: .semantic(.secondaryLabel)),
            ellipsis: true)
    }

    /// The focused row's mark: `❯`, or `➤` on a selected row (it takes the
    /// place of `▌`). Neither is East Asian Ambiguous: one column everywhere.
    static func drawFocusMark(selected: Bool, into canvas: inout Canvas, x: Int, y: Int) {
        canvas.text(
            selected ? TableView.focusedSelectedMark : TableView.focusMark, x: x, y: y,
            style: TextStyle(attributes: .bold, foreground: .semantic(.tint)))
    }

    /// The accessory, ending before column `end`, on line `y`.
    private func drawAccessory(_ rc: borrowing RowContent, into canvas: inout Canvas, end: Int, y: Int) {
        guard rc.accessoryWidth > 0 else { return }
        switch rc.accessory {
        case .type(let t):
            AccessoryGlyphs.draw(
                t, into: &canvas, end: end, y: y,
                style: TextStyle(foreground: .semantic(t == .checkmark || t.tracksTaps ? .tint : .tertiaryLabel)),
                ambiguousWide: rc.engine.ambiguousWide)
        case .custom(let n):
            let w = min(rc.accessoryWidth, rc.engine.naturalWidth(n))
            rc.engine.draw(n, into: &canvas, x: end - w, y: y, width: w, height: 1)
        }
    }

    /// The leading column's mark of a selected row (else a highlighted one).
    /// ▌ is East Asian Ambiguous: two columns wide on CJK terminals it
    /// would cover the row's first column, so those get ▐ (one column everywhere).
    static func selectionMark(selected: Bool, ambiguousWide: Bool) -> String {
        selected ? (ambiguousWide ? "▐" : "▌") : "▸"
    }

    /// Selection shows in plain text as a marker in the leading column,
    /// and as inverse video where colour is on (or as the background
    /// configuration's colour for the state, when it has one).
    private func drawSelection(
        _ rc: borrowing RowContent, into canvas: inout Canvas, x x0: Int, y: Int, lines: Int,
        _ g: TableLayout.Geometry
    ) {
        // A background configuration's selected or highlighted colour takes the place of Cellar's own.
        if rc.background == nil {
            canvas.overlay(
                x: x0, y: y, width: g.rowWidth, height: lines,
                attributes: rc.isSelected ? .inverse : .underline,
                background: .semantic(rc.isSelected ? .selectedBackground : .highlightedBackground))
        }
        // Leading swipe buttons fill the marker's column (a focused one's `[`).
        if rc.buttons?.edge == .leading { return }
        let mark = Self.selectionMark(selected: rc.isSelected, ambiguousWide: g.ambiguousWide)
        for line in 0..<lines {
            canvas.text(mark, x: x0, y: y + line, style: TextStyle(attributes: .inverse, foreground: .semantic(.tint)))
        }
    }
}
