import Cellar
import CellarText

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `cellar-bench core [full|viewport|scroll|update|all] [--rows N]`: the table-core
/// benchmarks of issue 4 (figures go to BENCHMARKS.md, "Table core").
enum CoreBench {
    /// A Swift data source of generated rows alternating value1 and subtitle.
    /// The data lives in arrays built before timing, as an app's model would.
    final class Rows: TableViewDataSource {
        var count: Int
        var texts: [String]
        var details: [String]
        init(count: Int, wide: Bool) {
            self.count = count
            texts = (0..<count).map { i in
                let even = i & 1 == 0
                return wide ? (even ? "행 \(i) 🍎" : "항목 \(i)") : (even ? "Row \(i)" : "Item \(i)")
            }
            details = (0..<count).map { i in
                let even = i & 1 == 0
                return wide ? (even ? "값 \(i % 997)" : "설명 🐰 \(i % 89)") : (even ? "\(i % 997)" : "detail \(i % 89)")
            }
        }
        func tableView(_ t: TableView, numberOfRowsInSection s: Int) -> Int { count }
        func insert(_ text: String, _ detail: String, at row: Int) {
            texts.insert(text, at: row)
            details.insert(detail, at: row)
            count += 1
        }
        func tableView(_ t: TableView, cellForRowAt ip: IndexPath) throws -> Cell {
            let cell = try t.dequeueReusableCell(withIdentifier: ip.row & 1 == 0 ? "value1" : "subtitle", for: ip)
            cell.listContentConfiguration?.text = texts[ip.row]
            cell.listContentConfiguration?.secondaryText = details[ip.row]
            return cell
        }
    }

    static func peakRSSMB() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return Double(usage.ru_maxrss) / 1024
    }

    static func table(_ ds: Rows, width: Int = 80) -> TableView {
        let t = TableView(registry: Registry())
        t.dataSource = ds
        t.width = width
        t.separatorStyle = .none
        return t
    }

    /// Full streamed render of `rows` rows to /dev/null.
    static func full(rows: Int, wide: Bool, fixed: Bool) throws {
        let ds = Rows(count: rows, wide: wide)
        let dataRSS = peakRSSMB()
        let t = table(ds)
        if fixed { t.rowHeight = .fixed(2) }
        let fd = open("/dev/null", O_WRONLY)
        defer { close(fd) }
        let writer = PlainWriter(sink: FileDescriptorSink(fd: fd))
        let elapsed = try seconds { try t.render(to: writer) }
        let label =
            "full render \(rows) rows, \(wide ? "Hangul+emoji" : "ASCII"), \(fixed ? "rowHeight 2" : "automatic")"
        print(
            "\(label): \(fmt(elapsed)) s, \(fmt(Double(rows) / elapsed / 1e6)) M rows/s, peak RSS \(fmt(peakRSSMB())) MB (\(fmt(dataRSS)) MB with the data built)"
        )
    }

    /// A 40-line viewport in the middle of a table with automatic heights and
    /// an estimate (or, with `fixed`, a fixed rowHeight of 2).
    static func viewport(rows: Int, fixed: Bool = false) throws {
        let ds = Rows(count: rows, wide: false)
        let t = table(ds)
        if fixed { t.rowHeight = .fixed(2) } else { t.estimatedRowHeight = 1 }
        t.viewportHeight = 40
        t.contentOffset = rows / 2
        let writer = PlainWriter(sink: MemorySink())
        // The first frame builds the height index (a zeroed array for estimates).
        let first = try seconds { try t.render(to: writer) }
        let reps = 200
        var best = Double.infinity
        t.resetStatistics()
        for i in 0..<reps {
            // Alternate between two offsets so each frame really scrolls.
            t.contentOffset = rows / 2 + (i & 1) * 40
            best = min(best, try seconds { try t.render(to: writer) })
        }
        t.resetStatistics()
        t.contentOffset = rows / 2 + rows / 8
        try t.render(to: writer)
        print(
            "viewport 40 lines at the middle of \(rows) rows\(fixed ? " (fixed rowHeight 2)" : ""): \(fmt(best * 1e6)) µs/frame (best of \(reps)), first frame \(fmt(first * 1e3)) ms, rows configured in a fresh frame \(t.statistics.rowsConfigured)"
        )
    }

    /// Cells created over a full scroll, page by page.
    static func scroll(rows: Int) throws {
        let ds = Rows(count: rows, wide: false)
        let t = table(ds)
        t.estimatedRowHeight = 1
        t.viewportHeight = 40
        let writer = PlainWriter(sink: MemorySink())
        var frames = 0
        let elapsed = try seconds {
            var offset = 0
            while offset < t.contentHeight {
                t.contentOffset = offset
                try t.render(to: writer)
                offset += 40
                frames += 1
            }
        }
        let s = t.statistics
        let created = s.perIdentifier.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value.created)" }.joined(
            separator: ", ")
        print(
            "full scroll through \(rows) rows (\(frames) frames of 40 lines, \(fmt(elapsed)) s): cells created \(s.cellsCreated) (\(created)), reused \(s.cellsReused)"
        )
    }

    /// One row inserted into a table of automatic heights without
    /// estimates (every row measured up front, as in UIKit): the frame after
    /// the insert measures the new row and the rows on screen, not the table.
    static func update(rows: Int) throws {
        let ds = Rows(count: rows, wide: false)
        let t = table(ds)
        t.viewportHeight = 40
        t.contentOffset = rows / 2
        let writer = PlainWriter(sink: MemorySink())
        let first = try seconds { try t.render(to: writer) }
        t.resetStatistics()
        ds.insert("Inserted", "new row", at: rows / 2 + 3)
        let after = try seconds {
            try t.insertRows(at: [IndexPath(0, rows / 2 + 3)])
            try t.render(to: writer)
        }
        print(
            "insert 1 row into \(rows) automatic rows: first frame \(fmt(first * 1e3)) ms (every row measured), insert + next frame \(fmt(after * 1e3)) ms, rows measured \(t.statistics.heightsMeasured)"
        )
    }

    static func fmt(_ x: Double) -> String {
        let r = (x * 100).rounded() / 100
        return String(r)
    }

    static func run(_ args: [String]) throws {
        let o = try BenchOptions(
            args, counts: ["--rows"], words: ["full", "viewport", "scroll", "update", "all"],
            usage: "use [full|viewport|scroll|update|all] [--rows N]")
        let what = o.words.last ?? "all"
        let rows = o.count("--rows", default: 1_000_000)
        switch what {
        case "full":
            try full(rows: rows, wide: false, fixed: false)
            try full(rows: rows, wide: false, fixed: true)
            try full(rows: rows, wide: true, fixed: false)
        case "viewport":
            for n in [1_000, 100_000, 1_000_000] { try viewport(rows: n) }
            for n in [1_000, 1_000_000] { try viewport(rows: n, fixed: true) }
        case "scroll": try scroll(rows: min(rows, 100_000))
        case "update": try update(rows: min(rows, 100_000))
        case "all":
            try full(rows: rows, wide: false, fixed: false)
            try full(rows: rows, wide: false, fixed: true)
            try full(rows: rows, wide: true, fixed: false)
            for n in [1_000, 100_000, 1_000_000] { try viewport(rows: n) }
            for n in [1_000, 1_000_000] { try viewport(rows: n, fixed: true) }
            try scroll(rows: 100_000)
            try update(rows: 100_000)
        default:
            throw CellarError("unknown core benchmark '\(what)' (full, viewport, scroll, update, all)")
        }
    }
}

/// The `core` subcommand.
func runCoreBench(_ arguments: [String]) -> Int32 {
    runBench("core") { try CoreBench.run(arguments) }
}
