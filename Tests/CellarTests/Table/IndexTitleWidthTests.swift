import CellarTestSupport
import CellarText
import Testing

@testable import Cellar

/// The section index column is as wide as its titles are drawn: sanitised,
/// a tab taking the spaces it becomes and a control its picture; and never
/// more than a third of the table, a longer title cut with `…`.
@Suite struct IndexTitleWidthTests {
    @Test func aTitleWithATabOrAControlIsShownWhole() throws {
        let ds = ArrayDataSource([[row("value1", "Ann", "1")], [row("value1", "Bob", "2")]])
        ds.indexTitles = ["A\tB", "\u{1B}"]
        let t = ds.makeTable(width: 18, height: 3)
        t.rowHeight = .fixed(1)
        let out = lines(try t.renderText())
        // "A   B" is five columns: the table keeps 18 − 6.
        #expect(out[0] == " Ann      1  A   B")
        #expect(out[1] == " Bob      2      ␛")
    }

    @Test func aLongTitleIsCutAtAThirdOfTheTable() throws {
        let long = String(repeating: "긴제목", count: 200)
        let ds = ArrayDataSource([[row("value1", "Ann", "1")], [row("value1", "Bob", "2")]])
        ds.indexTitles = [long, "B"]
        for height: Int? in [3, nil] {
            let t = ds.makeTable(width: 30, height: height)
            t.rowHeight = .fixed(1)
            let out = lines(try t.renderText())
            // Ten columns for the title (four syllables and …, right-aligned), one before it; the rows keep 19.
            #expect(out[0] == " Ann             1   긴제목긴…", "height \(String(describing: height))")
            #expect(out[1] == " Bob             2           B")
            #expect(out.allSatisfy { DisplayWidth.of($0) <= 30 })
        }
    }
}
