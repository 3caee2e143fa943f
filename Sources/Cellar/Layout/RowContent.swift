import CellarText

/// A row's content laid out once at its width, used to measure and to draw
/// (a streamed row is laid out a single time).
struct RowContent {
    /// The built-in styles' common case (BuiltinDirectLayout) when
    /// `isDirect`; empty for everything else, which lays out `node` with
    /// LayoutEngine. Plain fields rather than an enum or an optional: binding
    /// a payload copies it (a retain per label), a field is used in place.
    var direct: BuiltinDirectLayout
    var node: ViewNode = .empty
    // The fields after `node` are ordered widest first, the one-byte ones
    // last and together: a row's content is moved several times on its way
    // to the canvas, and padding between small fields makes each move longer.
    /// Columns before the content (marker, editing control, indentation).
    var lead: Int
    /// Columns the content gets.
    var width: Int
    var accessoryWidth: Int
    /// Columns from the row's leading edge where its separator starts (the cell's, else the table's).
    var separatorInset: Int
    var accessory: Accessory
    /// The colour behind the row from its background configuration, for
    /// its state; nil = none (a selected or highlighted row then shows
    /// Cellar's own selection).
    var background: Color?
    /// The buttons the row reveals (swiped open, or its ⊖ tapped), else nil.
    var buttons: SwipeButtons?
    /// `direct` is the row's layout.
    var isDirect: Bool
    var isSelected: Bool
    var isHighlighted: Bool
    /// Disabled, or alpha below 1.
    var isDimmed: Bool
    /// The table was editing when the row was laid out.
    var isEditing: Bool
    /// The row shows UIKit's selection circle (multiple selection while editing).
    var showsSelectionCircle: Bool
    /// The control drawn before the content while editing (⊖, ⊕ or nothing).
    var editingControl: EditingStyle
    /// The engine the row was laid out with: it measures and draws `node` alike.
    var engine: LayoutEngine

    func measure() -> Int {
        if isDirect { return direct.height }
        return engine.measure(node, width: width)
    }

    /// The row's automatic height in a table `tableWidth` columns wide: its
    /// content measured, at least one line, clipped (very long wrapped text
    /// is not drawn into a giant canvas) at `maximumRowHeight` lines and at
    /// the cells a canvas may hold, as a declared height is bounded (its
    /// last line then says what was cut: `RowRenderer.drawCutMark`).
    func lines(tableWidth: Int) -> Int {
        min(Self.lineLimit(tableWidth: tableWidth), max(1, measure()))
    }

    /// The least of `lineLimit`, the widest table's (`DrawableHeightTests` holds the two the same).
    static let leastLineLimit = 400

    /// The most lines an automatic row is drawn in at `tableWidth` (`lines(tableWidth:)`).
    static func lineLimit(tableWidth: Int) -> Int {
        min(TableView.maximumRowHeight, InputLimits.viewportCells / max(1, tableWidth))
    }

    /// Lines above the content in a row `lines` tall: UIKit centres a
    /// cell's content vertically in a taller row (where the accessory and
    /// the editing controls already sit), unless the content fills the
    /// row (a `.fill` horizontal stack stretches to the row's height).
    /// `measured`: the content's height when the caller already has it.
    func contentTop(inRowOf lines: Int, measured: Int? = nil) -> Int {
        guard lines > 1, isDirect || !LayoutEngine.fillsHeight(node) else { return 0 }
        return max(0, (lines - (measured ?? measure())) / 2)
    }

    func draw(into canvas: inout Canvas, x: Int, y: Int, height: Int) {
        if isDirect {
            direct.draw(into: &canvas, x: x, y: y, height: height)
        } else {
            engine.draw(node, into: &canvas, x: x, y: y, width: width, height: height)
        }
    }
}
