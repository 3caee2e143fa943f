// cellar-bench text [--strings N] [--width-only]: width, wrapping, canvas
// and writers. Results are "name: figure" lines that BENCHMARKS.md records.
import CellarText
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

func seconds(_ body: () throws -> Void) rethrows -> Double {
    let start = ContinuousClock.now
    try body()
    let d = ContinuousClock.now - start
    return Double(d.components.seconds) + Double(d.components.attoseconds) / 1e18
}

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data(("cellar-bench: " + message + "\n").utf8))
    exit(1)
}

/// Deterministic short strings mixing ASCII, Hangul and emoji (and some
/// CJK, combining marks, flags), 1–5 pieces each.
func mixedStrings(_ count: Int) -> [String] {
    let pieces = [
        "hello", "row 42", "Cellar", " ", "한글", "테이블 셀", "설정", "😀", "👩‍🔬", "🇰🇷", "👍🏽",
        "漢字", "e\u{301}", "ok", "✔", "❤️", "-", "데이터", "abc def",
    ]
    var state: UInt64 = 0x5EED
    var out: [String] = []
    out.reserveCapacity(count)
    for _ in 0..<count {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        var s = ""
        let n = 1 + Int((state >> 33) % 5)
        for k in 0..<n {
            let r = (state >> UInt64(8 + 5 * k)) % UInt64(pieces.count)
            s += pieces[Int(r)]
        }
        out.append(s)
    }
    return out
}

/// Times Python wcwidth.wcswidth over the same strings (one per line).
func pythonWcswidth(_ strings: [String]) -> (seconds: Double, sum: Int)? {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("cellar-bench-\(getpid()).txt")
    defer { try? FileManager.default.removeItem(at: file) }
    do { try Data(strings.joined(separator: "\n").utf8).write(to: file) } catch { return nil }
    let script = """
        import sys, time, wcwidth
        lines = open(sys.argv[1], encoding='utf-8').read().split('\\n')
        f = wcwidth.wcswidth
        best = None
        for _ in range(3):
            t = time.perf_counter()
            total = 0
            for s in lines:
                total += f(s)
            t = time.perf_counter() - t
            best = t if best is None else min(best, t)
        print(best, total)
        """
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", "-c", script, file.path]
    let pipe = Pipe()
    process.standardOutput = pipe
    do { try process.run() } catch { return nil }
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    let parts = String(decoding: data, as: UTF8.self).split(whereSeparator: \.isWhitespace)
    guard process.terminationStatus == 0, parts.count == 2,
        let t = Double(parts[0]), let sum = Int(parts[1])
    else { return nil }
    return (t, sum)
}

func benchText(_ options: BenchOptions) {
    let count = options.count("--strings", default: 1_000_000)

    // 1. Width of short mixed strings, against Python wcwidth in the same run.
    let strings = mixedStrings(count)
    let bytes = strings.reduce(0) { $0 + $1.utf8.count }
    // Best of 5 runs here and best of 3 in Python: the machine is shared,
    // the minimum is the least disturbed figure for both.
    var sum = 0
    var swiftTime = Double.infinity
    for _ in 0..<5 {
        sum = 0
        swiftTime = min(swiftTime, seconds { for s in strings { sum &+= DisplayWidth.of(s) } })
    }
    print(
        String(
            format: "width/mixed: %d strings (%.1f MB) in %.3f s = %.1f M strings/s (sum %d)",
            count, Double(bytes) / 1e6, swiftTime, Double(count) / swiftTime / 1e6, sum))
    var touched = 0
    let touchTime = seconds {
        for s in strings { touched &+= s.utf8.withContiguousStorageIfAvailable { $0.reduce(0) { $0 &+ Int($1) } } ?? 0 }
    }
    print(
        String(
            format: "width/mixed: (baseline: reading every byte of the strings takes %.3f s, checksum %d)", touchTime,
            touched))
    if options.flags.contains("--width-only") { return }
    if let py = pythonWcswidth(strings) {
        print(
            "width/mixed: python wcwidth.wcswidth " + String(format: "%.3f", py.seconds) + " s (sum \(py.sum)"
                + (py.sum == sum ? ", same" : ", DIFFERENT") + ") -> Cellar is "
                + String(format: "%.1f", py.seconds / swiftTime) + "x faster")
    } else {
        print("width/mixed: python3 with wcwidth unavailable, no comparison")
    }

    // 2. ASCII width throughput.
    let line = Array("The quick brown fox jumps over the lazy dog; 0123456789 ~!@#$%^&*() ".utf8)
    var ascii: [UInt8] = []
    ascii.reserveCapacity(64 << 20)
    while ascii.count + line.count <= 64 << 20 { ascii += line }
    var asciiSum = 0
    let rounds = 8
    let asciiTime = seconds {
        ascii.withUnsafeBufferPointer { p in
            for _ in 0..<rounds { asciiSum &+= DisplayWidth.of(utf8: p) }
        }
    }
    print(
        String(
            format: "width/ascii: %.0f MB/s (%d MB x %d, sum %d)",
            Double(ascii.count * rounds) / asciiTime / 1e6, ascii.count >> 20, rounds, asciiSum))
    let asciiString = String(decoding: ascii.prefix(1 << 20), as: UTF8.self)
    var stringSum = 0
    let stringTime = seconds { for _ in 0..<256 { stringSum &+= DisplayWidth.of(asciiString) } }
    print(
        String(
            format: "width/ascii-string: %.0f MB/s (1 MB String x 256, sum %d)",
            Double(256 << 20) / stringTime / 1e6, stringSum))

    // 3. Wrapping throughput: paragraphs of Latin, Korean and mixed text at 40 columns.
    let paragraphs = [
        String(repeating: "The table view reuses cells as rows scroll by. ", count: 6),
        String(repeating: "테이블 뷰는 행이 스크롤될 때 셀을 재사용합니다. ", count: 6),
        String(repeating: "Mixed 한글 text with emoji 😀 and 漢字 flows here. ", count: 6),
    ]
    var wrapLines = 0
    var wrapBytes = 0
    let wrapTime = seconds {
        for i in 0..<60_000 {
            let p = paragraphs[i % 3]
            wrapLines &+= TextLayout.lines(p, width: 40).count
            wrapBytes &+= p.utf8.count
        }
    }
    print(
        String(
            format: "wrap: %.0f MB/s, %.2f M lines/s (60,000 paragraphs at 40 columns)",
            Double(wrapBytes) / wrapTime / 1e6, Double(wrapLines) / wrapTime / 1e6))

    // 4. 1M 80-column lines through the plain writer to /dev/null.
    let fd = open("/dev/null", O_WRONLY)
    guard fd >= 0 else { fail("cannot open /dev/null") }
    var canvas = Canvas(width: 80, height: 1000)
    let row = String(repeating: "Row text 0123456789 ", count: 4)
    let drawTime = seconds {
        for _ in 0..<1000 { for y in 0..<1000 { canvas.draw(row, x: 0, y: y) } }
    }
    print(String(format: "canvas/draw: %.1f M 80-column ASCII lines/s", 1.0 / drawTime))
    let sink = FileDescriptorSink(fd: fd)
    let plain = PlainWriter(sink: sink)
    do {
        let plainTime = try seconds {
            for _ in 0..<1000 { try plain.write(canvas) }
            try plain.flush()
        }
        print(String(format: "writer/plain: %.1f M 80-column lines/s to /dev/null (1M lines)", 1.0 / plainTime))
        for y in stride(from: 0, to: 1000, by: 2) {
            canvas.draw("Bold 한글 😀", x: 0, y: y, style: TextStyle(attributes: .bold, foreground: .semantic(.tint)))
        }
        let ansi = ANSIWriter(sink: sink)
        let ansiTime = try seconds {
            for _ in 0..<1000 { try ansi.write(canvas) }
            try ansi.flush()
        }
        print(
            String(format: "writer/ansi: %.1f M 80-column lines/s to /dev/null (1M lines, styled runs)", 1.0 / ansiTime)
        )
    } catch {
        fail("write failed: \(error)")
    }
    close(fd)
}

/// The `text` subcommand: width, wrapping, canvas and writers.
func runTextBench(_ arguments: [String]) -> Int32 {
    runBench("text") {
        benchText(
            try BenchOptions(
                arguments, counts: ["--strings"], flags: ["--width-only"],
                usage: "use --strings N, --width-only"))
    }
}
