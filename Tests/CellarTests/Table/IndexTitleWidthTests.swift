import CellarTestSupport
import Testing

@testable import Cellar

/// The section index column is as wide as its titles are drawn: sanitised,
/// a tab taking the spaces it becomes and a control its picture.
@Suite struct IndexTitleWidthTests {
    @Test func aTitleWithATabOrAControlIsShownWhole() throws {
        let ds = ArrayDataSource([[row("value1", "Ann", "1")], [row("value1", "Bob", "2")]])
        ds.indexTitles = ["A\tB", "\u{1B}"]
        let t = ds.makeTable(width: 14, height: 3)
        t.rowHeight = .fixed(1)
        let out = lines(try t.renderText())
        // "A   B" is five columns: the table keeps 14 − 6.
        #expect(out[0] == " Ann  1  A   B")
        #expect(out[1] == " Bob  2      ␛")
    }
}
