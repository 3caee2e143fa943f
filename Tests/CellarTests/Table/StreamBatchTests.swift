import CellarTestSupport
import CellarText
import Testing

@testable import Cellar

/// `StreamBatcher`: a stream writes the lines a viewport as tall as the
/// table draws, whatever the items' heights against the batches.
@Suite struct StreamBatchTests {
    /// Rows of automatic heights and some `tall` ones: across a batch's end
    /// (the first canvas's, shorter, and the later ones'), filling a batch,
    /// taller than any batch.
    static func table(rows: Int, tall: [Int: Int]) -> (ArrayDataSource, TableView) {
        let ds = ArrayDataSource([
            (0..<rows).map { i in row(i % 2 == 0 ? "value1" : "subtitle", "Row \(i) 한글", "\(i) 🍎") }
        ])
        ds.heights = { ip in tall[ip.row].map { .fixed($0) } ?? .automatic }
        let t = ds.makeTable(width: 40)
        t.separatorStyle = .singleLine
        return (ds, t)
    }

    @Test(arguments: [
        [0: 65, 500: StreamBatcher.batch - 100],
        [3: 192, 40: StreamBatcher.batch, 41: StreamBatcher.batch + 40],
        // Across the first, shorter canvas's end; and a first item as tall as it.
        [6: StreamBatcher.firstBatch - 1, 30: StreamBatcher.batch],
        [0: StreamBatcher.firstBatch],
        [:],
    ])
    func aStreamWritesTheLinesOfATableTallViewport(tall: [Int: Int]) throws {
        let (source, t) = Self.table(rows: 1_500, tall: tall)
        let streamed = try t.renderText()
        t.viewportHeight = t.contentHeight
        let viewport = try t.renderText()
        #expect(t.contentHeight > 2 * StreamBatcher.batch)
        #expect(streamed == viewport)
        withExtendedLifetime(source) {}
    }
}
