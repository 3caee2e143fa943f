import CellarText

/// A row's content laid out once at its width, used to measure and to draw
/// (a streamed row is laid out a single time).
struct RowContent {
    enum Body {
        /// The built-in styles' common case (BuiltinDirectLayout).
        case direct(BuiltinDirectLayout)
        /// Everything else: a view tree for LayoutEngine.
        case node(ViewNode)
    }
    var body: Body
    /// Columns before the content (marker, editing control, indentation).
    var lead: Int
    /// Columns the content gets.
    var width: Int
    var accessory: Accessory
    var accessoryWidth: Int
    var isSelected: Bool
    var isHighlighted: Bool
    /// Disabled, or alpha below 1.
    var isDimmed: Bool
    /// The table was editing when the row was laid out.
    var isEditing: Bool

    func measure() -> Int {
        switch body {
        case .direct(let d): return d.height
        case .node(let n): return LayoutEngine.measure(n, width: width)
        }
    }

    func draw(into canvas: inout Canvas, x: Int, y: Int, height: Int) {
        switch body {
        case .direct(let d): d.draw(into: &canvas, x: x, y: y, height: height)
        case .node(let n): LayoutEngine.draw(n, into: &canvas, x: x, y: y, width: width, height: height)
        }
    }
}
