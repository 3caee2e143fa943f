import CellarTestSupport
import CellarText
import Testing

@testable import Cellar

/// Layouts that fill: a `.fill` horizontal stack stretches its children to
/// its height (UIStackView's .fill), a label's background covers the frame
/// it is given, and a row's content is centred in a taller row.
@Suite struct FillLayoutTests {
    static let tint = Color.semantic(.tint)

    /// One character per cell: `#` where the background is `color`, else the
    /// character drawn there (`.` for a blank).
    static func paint(_ canvas: Canvas, _ color: Color) -> [String] {
        (0..<canvas.height).map { y in
            String(
                (0..<canvas.width).map { x -> Character in
                    let cell = canvas[x, y]
                    if cell.style.background == color { return "#" }
                    return cell.character == " " ? "." : cell.character
                })
        }
    }

    static func draw(_ node: ViewNode, width: Int, height: Int) -> Canvas {
        var canvas = Canvas(width: width, height: height)
        LayoutEngine().draw(node, into: &canvas, x: 0, y: 0, width: width, height: height)
        return canvas
    }

    /// A bar (an empty label one column wide, with a background) beside
    /// three lines of text.
    static func barRow(_ alignment: Stack.Alignment) -> ViewNode {
        .stack(
            Stack(
                axis: .horizontal, spacing: 1, alignment: alignment,
                children: [
                    .label(Label("", style: TextStyle(background: tint), width: .fixed(1))),
                    .label(Label("one two six", numberOfLines: 0, lineBreakMode: .wordWrap)),
                ]))
    }

    @Test func aFillStackStretchesABarDownEveryLine() {
        let canvas = Self.draw(Self.barRow(.fill), width: 6, height: 3)
        #expect(Self.paint(canvas, Self.tint) == ["#.one.", "#.two.", "#.six."])
    }

    @Test func aTopStackLeavesAnEmptyBarOut() {
        // The bar has no lines of its own: aligned to the top it shows nowhere.
        let canvas = Self.draw(Self.barRow(.top), width: 6, height: 3)
        #expect(Self.paint(canvas, Self.tint) == ["..one.", "..two.", "..six."])
    }

    @Test func aLabelsBackgroundCoversItsWholeWidth() {
        // Fixed at 6 columns, text of 2: the background runs to the sixth column.
        let label = Label("ab", style: TextStyle(background: Self.tint), width: .fixed(6))
        let node = ViewNode.stack(Stack.horizontal([.label(label), .label(Label("z"))]))
        let canvas = Self.draw(node, width: 10, height: 1)
        #expect(Self.paint(canvas, Self.tint) == ["######.z.."])
        #expect(canvas[0, 0].character == "a")
    }

    @Test func aWrappedLabelsBackgroundCoversEachOfItsLinesOnly() {
        let label = Label(
            "one two", numberOfLines: 0, lineBreakMode: .wordWrap, style: TextStyle(background: Self.tint))
        let node = ViewNode.stack(Stack.vertical([.label(label)]))
        let canvas = Self.draw(node, width: 5, height: 3)
        #expect(Self.paint(canvas, Self.tint) == ["#####", "#####", "....."])
    }

    @Test func aFillStackInsideAVerticalStackFillsItsOwnHeight() {
        // The vertical stack gives the row its measured height: the bar runs
        // down the three wrapped lines, not the line below.
        let node = ViewNode.stack(Stack.vertical([Self.barRow(.fill), .label(Label("end"))]))
        let canvas = Self.draw(node, width: 6, height: 5)
        #expect(Self.paint(canvas, Self.tint) == ["#.one.", "#.two.", "#.six.", "end...", "......"])
    }

    @Test func onlyAHorizontalFillStackFillsTheRowHeight() {
        #expect(LayoutEngine.fillsHeight(Self.barRow(.fill)))
        #expect(LayoutEngine.fillsHeight(.padding(Insets(leading: 1), Self.barRow(.fill))))
        #expect(!LayoutEngine.fillsHeight(Self.barRow(.top)))
        #expect(!LayoutEngine.fillsHeight(.stack(Stack.vertical([.label(Label("a"))]))))
    }
}
