import Testing

@testable import CellarText

/// The styles a canvas remembers (`RecentStyles`) give the ids its table
/// gives: more styles than it remembers, drawn in turn, and styles drawn
/// again after a reset (which empties the table), each show as drawn.
@Suite struct CanvasRecentStylesTests {
    @Test func everyCellShowsTheStyleItWasDrawnIn() {
        let styles = (0..<11).map { TextStyle(foreground: .palette(UInt8($0))) } + [.plain]
        var c = Canvas(width: 12, height: 6)
        for round in 0..<3 {
            for y in 0..<6 {
                for x in 0..<12 {
                    // Rows cycle through two, four and all twelve styles, as rows of a few labels do.
                    let style = styles[(x % [2, 4, 12][y % 3] + y + round) % styles.count]
                    c.draw("x", x: x, y: y, style: style)
                    #expect(c.styleTable[c.styleID(x: x, y: y)] == style)
                }
            }
            // After a reset the ids start again: none remembered from before may be given.
            c.reset(width: 12, height: 6)
            c.draw("y", x: 0, y: 0, style: styles[5])
            #expect(c.styleTable[c.styleID(x: 0, y: 0)] == styles[5])
        }
    }
}
