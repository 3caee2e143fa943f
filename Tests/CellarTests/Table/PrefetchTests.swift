import CellarTestSupport
import Testing

@testable import Cellar

/// Records prefetch and cancel calls as row numbers (section 0) or "s.r".
final class PrefetchRecorder: TableViewDataSourcePrefetching {
    var prefetched: [[String]] = []
    var cancelled: [[String]] = []
    func tableView(_ tableView: TableView, prefetchRowsAt indexPaths: [IndexPath]) {
        prefetched.append(indexPaths.map(\.description))
    }
    func tableView(_ tableView: TableView, cancelPrefetchingForRowsAt indexPaths: [IndexPath]) {
        cancelled.append(indexPaths.map(\.description))
    }
}

@Suite struct PrefetchTests {
    func table(_ sections: [[Value]], height: Int) -> (TableView, ArrayDataSource, PrefetchRecorder) {
        let ds = ArrayDataSource(sections)
        let t = ds.makeTable(width: 20, height: height)
        t.rowHeight = .fixed(1)
        t.delegate = nil
        t.retainedDataSource = ds
        let p = PrefetchRecorder()
        t.prefetchDataSource = p
        t.prefetchDistance = 3
        return (t, ds, p)
    }

    @Test func rowsBeyondTheViewportNearestFirstThenCancelledWhenFar() throws {
        let (t, ds, p) = table([(0..<100).map { row("default", "r\($0)") }], height: 5)
        t.contentOffset = 20
        _ = try t.renderText()
        // Rows 20–24 on screen; below first on a tie (the default direction is down).
        #expect(p.prefetched == [["0.25", "0.19", "0.26", "0.18", "0.27", "0.17"]])
        #expect(p.cancelled.isEmpty)
        // Prefetching configures nothing itself.
        #expect(ds.cellForRowCalls == 5)

        t.contentOffset = 22  // rows 22–26: 25 and 26 appear, 17 and 18 are left behind
        _ = try t.renderText()
        #expect(p.cancelled == [["0.17", "0.18"]])
        // 20 and 21 were just on screen: near now, but not announced.
        #expect(p.prefetched.last == ["0.28", "0.29"])

        _ = try t.renderText()  // nothing moved: nothing announced again
        #expect(p.prefetched.count == 2 && p.cancelled.count == 1)

        t.contentOffset = 80  // a jump: everything announced before is cancelled
        _ = try t.renderText()
        #expect(p.cancelled.last == ["0.19", "0.27", "0.28", "0.29"])  // never 20 and 21: not announced
        #expect(p.prefetched.last == ["0.85", "0.79", "0.86", "0.78", "0.87", "0.77"])
    }

    @Test func scrollingUpPutsRowsAboveFirst() throws {
        let (t, _, p) = table([(0..<100).map { row("default", "r\($0)") }], height: 5)
        t.contentOffset = 50
        _ = try t.renderText()
        t.contentOffset = 40
        _ = try t.renderText()
        // Rows 40–44 on screen: above first; 47 was announced from the first frame and is still near.
        #expect(p.prefetched.last == ["0.39", "0.45", "0.38", "0.46", "0.37"])
        #expect(p.cancelled == [["0.48", "0.49", "0.55", "0.56", "0.57"]])
    }

    @Test func rowsAcrossSectionsAndAtTheEnds() throws {
        let (t, ds, p) = table(
            [(0..<3).map { row("default", "a\($0)") }, (0..<3).map { row("default", "b\($0)") }], height: 2)
        ds.headers = ["A", "B"]
        t.reloadData()
        _ = try t.renderText()  // header A and a0 on screen; the rows go on past header B
        #expect(p.prefetched == [["0.1", "0.2", "1.0"]])
        t.contentOffset = 6  // b1, b2: the last rows, so only rows above are near
        let q = PrefetchRecorder()
        t.prefetchDataSource = q
        _ = try t.renderText()
        #expect(q.prefetched == [["1.0", "0.2", "0.1"]])
        #expect(p.cancelled.isEmpty && q.cancelled.isEmpty)
    }

    @Test func defaultDistanceIsOneScreenful() throws {
        let (t, _, p) = table([(0..<100).map { row("default", "r\($0)") }], height: 2)
        t.prefetchDistance = nil
        t.contentOffset = 10
        _ = try t.renderText()
        #expect(p.prefetched == [["0.12", "0.9", "0.13", "0.8"]])
    }
}
