import CellarTestSupport
import CellarText
import Testing

@testable import Cellar

/// An accessory takes at most half of what a row holds between its margins:
/// a longer text is cut with `…` inside the row, and a type's glyph that
/// does not fit is left out, so nothing is drawn over the margin or the box.
@Suite struct AccessoryWidthTests {
    let long = "a very long accessory text that is wider than the table itself"

    @Test func aLongAccessoryTextIsCutInsideTheRow() throws {
        let ds = ArrayDataSource([
            [
                row("value1", "Title", "Detail", ["accessoryText": .string(long)]),
                row("default", "two", nil, ["accessory": .string("checkmark")]),
            ]
        ])
        for height: Int? in [4, nil] {
            let t = ds.makeTable(width: 30, height: height)
            t.rowHeight = .fixed(1)
            let out = lines(try t.renderText())
            // (30 − 3) / 2 = 13 columns for the accessory (its cut drops the space
            // before …), a space before it, the text keeps 14 and the margins.
            #expect(out[0] == " Title   Detail a very long…", "height \(String(describing: height))")
            #expect(out[1] == " two                        ✓", "\(out)")
        }
    }

    @Test func theBoxAndTheMarginsStayWhole() throws {
        let ds = ArrayDataSource([[row("subtitle", "Title", "Detail", ["accessoryText": .string(long)])]])
        let t = ds.makeTable(style: .insetGrouped, width: 12)
        let out = lines(try t.renderText())
        #expect(out.count == 4)
        #expect(out[1...2] == [" │ Ti… a… │", " │ De…    │"])
    }

    @Test func aGlyphThatDoesNotFitIsLeftOut() throws {
        let ds = ArrayDataSource([[row("default", "tap", nil, ["accessory": .string("detailButton")])]])
        let wide = ds.makeTable(width: 12, height: 1)
        #expect(lines(try wide.renderText()) == [" tap      ⓘ"])
        #expect(wide.accessoryColumns(forRowAt: IndexPath(row: 0, section: 0)) == 8..<12)
        let narrow = ds.makeTable(width: 4, height: 1)
        #expect(lines(try narrow.renderText()) == [" t…"])
        #expect(narrow.accessoryColumns(forRowAt: IndexPath(row: 0, section: 0)) == nil)
    }
}
