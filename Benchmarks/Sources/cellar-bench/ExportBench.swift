// cellar-bench export [--rows N]: the picture writers (SVG, HTML) against
// the plain writer over rows of mixed text: rows per second, and output
// bytes per row.
import CellarText

/// Counts what it is given and keeps nothing.
final class CountingSink: ByteSink {
    var bytes = 0
    func write(_ bytes: UnsafeBufferPointer<UInt8>) throws { self.bytes += bytes.count }
    func flush() throws {}
}

/// 1000 table-like lines, 60 columns: a bordered row of mixed text (ASCII,
/// Hangul, emoji, flags, combining marks), a tinted detail on the right on
/// every other line, a separator every third line, a selected line now and then.
func exportCanvas() -> Canvas {
    var canvas = Canvas(width: 60, height: 1000)
    let texts = mixedStrings(1000)
    let border = TextStyle(foreground: .semantic(.separator))
    for y in 0..<1000 {
        canvas.draw("│", x: 1, y: y, style: border)
        canvas.draw("│", x: 58, y: y, style: border)
        if y % 3 == 2 {
            canvas.draw(String(repeating: "─", count: 55), x: 3, y: y, style: border)
            continue
        }
        canvas.draw(texts[y], x: 3, y: y, maxWidth: 36)
        if y % 2 == 0 {
            canvas.draw("detail \(y)", x: 42, y: y, style: TextStyle(foreground: .semantic(.secondaryLabel)))
            canvas.draw("›", x: 56, y: y, style: TextStyle(foreground: .semantic(.tint)))
        }
        if y % 50 == 0 {
            canvas.overlay(x: 2, y: y, width: 56, attributes: .inverse, background: .semantic(.selectedBackground))
        }
    }
    return canvas
}

func benchExport(_ options: BenchOptions) throws {
    let rows = options.count("--rows", default: 100_000)
    let canvas = exportCanvas()
    let batches = max(1, rows / canvas.height)
    let total = batches * canvas.height
    let writers: [(String, (ByteSink) -> CanvasWriter)] = [
        ("plain", { PlainWriter(sink: $0) }),
        ("svg", { SVGWriter(sink: $0, theme: .dark) }),
        ("html", { HTMLWriter(sink: $0, theme: .dark) }),
    ]
    var plainBytes = 0.0
    for (name, make) in writers {
        var best = Double.infinity
        var bytes = 0
        for _ in 0..<3 {
            let sink = CountingSink()
            let writer = make(sink)
            let time = try seconds {
                for _ in 0..<batches { try writer.write(canvas) }
                try writer.flush()
            }
            best = min(best, time)
            bytes = sink.bytes
        }
        let perRow = Double(bytes) / Double(total)
        if name == "plain" { plainBytes = perRow }
        print(
            String(
                format: "export/%@: %.2f M rows/s, %.0f bytes/row (%.1f× plain) (%d rows of 60 columns, best of 3)",
                name, Double(total) / best / 1e6, perRow, perRow / max(plainBytes, 1), total))
    }
}

func runExportBench(_ arguments: [String]) -> Int32 {
    runBench("export") {
        try benchExport(try BenchOptions(arguments, counts: ["--rows"], usage: "use --rows N"))
    }
}
