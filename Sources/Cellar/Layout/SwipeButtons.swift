import CellarText

/// The buttons a row reveals at one edge, as UIKit draws them: a swipe's
/// actions, or the Delete button a tap on ⊖ shows while editing. The row's
/// content slides toward the other edge by the buttons' width; each button
/// is its title with a space either side, in its colour (inverse video).
/// Trailing buttons are laid out from the right edge inward (the first
/// action outermost), leading ones from the left edge inward.
struct SwipeButtons {
    struct Button {
        /// The title as drawn (sanitised).
        var title: String
        var color: Color
        /// Columns: the title and a space either side.
        var width: Int
    }

    var edge: SwipeEdge
    var buttons: [Button]
    /// The button keyboard focus is on: drawn `[Title]`, bold.
    var focused: Int?
    /// All buttons' columns.
    var width: Int

    init(edge: SwipeEdge, actions: [ContextualAction], focused: Int?, ambiguousWide: Bool) {
        self.edge = edge
        self.focused = focused
        buttons = actions.map { action in
            let title = Sanitizer.sanitize(action.title)
            return Button(
                title: title, color: action.color, width: DisplayWidth.of(title, ambiguousWide: ambiguousWide) + 2)
        }
        width = buttons.reduce(0) { $0 + $1.width }
    }

    /// How far the row's content moves: right (positive) for leading buttons, left for trailing ones.
    func shift(rowWidth: Int) -> Int {
        let w = min(rowWidth, width)
        return edge == .leading ? w : -w
    }

    /// Draws the buttons over the row's revealed edge, all `lines` of it,
    /// after clearing what the content pushed out of the row region (in an
    /// inset-grouped box it would cover the margin).
    func draw(into canvas: inout Canvas, y: Int, lines: Int, _ g: TableLayout.Geometry) {
        let total = min(g.rowWidth, width)
        guard total > 0 else { return }
        let rowEnd = g.rowX + g.rowWidth
        let start: Int
        if edge == .trailing {
            if g.rowX > 0 { canvas.fill(x: 0, y: y, width: g.rowX, height: lines) }
            start = rowEnd - total
        } else {
            canvas.fill(x: rowEnd, y: y, width: min(total, g.tableWidth - rowEnd), height: lines)
            start = g.rowX
        }
        let mid = y + max(0, (lines - 1) / 2)
        var used = 0
        for (i, button) in buttons.enumerated() where used < total {
            let w = min(button.width, total - used)
            let x = edge == .trailing ? rowEnd - used - w : start + used
            var style = TextStyle(attributes: .inverse, foreground: button.color)
            let isFocused = focused == i
            if isFocused { style.attributes.insert(.bold) }
            canvas.fill(x: x, y: y, width: w, height: lines, style: style)
            let label = isFocused ? "[\(button.title)]" : " \(button.title) "
            canvas.draw(label, x: x, y: mid, maxWidth: w, style: style)
            used += w
        }
    }
}
