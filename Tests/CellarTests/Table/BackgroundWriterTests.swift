import CellarTestSupport
import CellarText
import Testing

@testable import Cellar

/// `BackgroundCanvasWriter`: a whole-table render that writes its bytes on
/// a second thread writes the same bytes as on one, and a write that fails
/// there fails the render with that error.
@Suite struct BackgroundWriterTests {
    /// A sink that fails on its `failAt`-th write.
    final class FailingSink: ByteSink {
        struct Failure: Error, Equatable {}
        let failAt: Int
        var writes = 0
        init(failAt: Int) { self.failAt = failAt }
        func write(_ bytes: UnsafeBufferPointer<UInt8>) throws {
            writes += 1
            if writes >= failAt { throw Failure() }
        }
        func flush() throws {}
    }

    func table(rows: Int) -> (ArrayDataSource, TableView) {
        let ds = ArrayDataSource([
            (0..<rows).map { i in row(i % 2 == 0 ? "value1" : "subtitle", "Row \(i) 한글", "\(i) 🍎") }
        ])
        let t = ds.makeTable(width: 50)
        t.separatorStyle = .singleLine
        return (ds, t)
    }

    @Test func aLongRenderWritesTheSameBytesOnTwoThreads() throws {
        // Several batches of the stream (a batch is 256 lines), selection styles included.
        let (oneSource, one) = table(rows: 3_000)
        one.streamThreadMinimumRows = Int.max
        one.selectRow(at: IndexPath(0, 1_234))
        let expected = MemorySink()
        try one.render(to: ANSIWriter(sink: expected))
        let (twoSource, two) = table(rows: 3_000)
        two.streamThreadMinimumRows = 0
        two.selectRow(at: IndexPath(0, 1_234))
        let got = MemorySink()
        try two.render(to: ANSIWriter(sink: got))
        #expect(got.bytes == expected.bytes)
        #expect(two.statistics == one.statistics)
        withExtendedLifetime((oneSource, twoSource)) {}
    }

    @Test func aFailedWriteOnTheSecondThreadFailsTheRender() throws {
        let (source, t) = table(rows: 3_000)
        t.streamThreadMinimumRows = 0
        let sink = FailingSink(failAt: 2)
        #expect(throws: FailingSink.Failure()) { try t.render(to: PlainWriter(sink: sink)) }
        // Nothing is written after the failure, and the table renders again.
        let failedWrites = sink.writes
        let again = MemorySink()
        try t.render(to: PlainWriter(sink: again))
        #expect(sink.writes == failedWrites)
        #expect(!again.bytes.isEmpty)
        withExtendedLifetime(source) {}
    }

    /// Batch after batch through `writeAndClear`, the canvases handed back
    /// (written spares, cleared) give the bytes of clearing one canvas in place.
    @Test func handedBackCanvasesWriteTheSameBytes() throws {
        func run(_ writer: CanvasWriter) throws {
            var canvas = Canvas(width: 12, height: 6, ambiguousWide: true)
            for batch in 0..<200 {
                // Each batch draws fewer lines than the last may have: a spare not cleared would show.
                let used = 1 + batch % 6
                for y in 0..<(batch % 3 == 0 ? used : 1) {
                    let style = TextStyle(foreground: .palette(UInt8(batch % 7)))
                    canvas.text("b\(batch) 한\(y)", x: batch % 4, y: y, style: batch % 2 == 0 ? style : .plain)
                }
                try writer.writeAndClear(&canvas, lines: 0..<used)
                #expect(canvas.width == 12 && canvas.height == 6 && canvas.ambiguousWide)
            }
            try writer.flush()
        }
        let expected = MemorySink()
        try run(ANSIWriter(sink: expected))
        let got = MemorySink()
        let background = BackgroundCanvasWriter(wrapping: ANSIWriter(sink: got))
        defer { background.finish() }
        try run(background)
        #expect(got.bytes == expected.bytes)
        #expect(background.sparesReused > 0)
    }
}
