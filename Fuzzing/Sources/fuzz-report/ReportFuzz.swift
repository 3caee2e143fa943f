import Cellar
import CellarGolden
import CellarText
import FuzzSupport
import Glibc

/// The report writer and the runner's failure text over a hostile golden
/// and description: one case whose golden file is the fuzzer's bytes,
/// replayed by `cellar test`'s runner (under CI: nothing written) and drawn
/// into the HTML report. Neither lets a control character, markup or an
/// unbounded line through.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzReport(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    withFuzzBytes(data, size) { raw in
        var input = FuzzInput(raw)
        let description = String(decoding: input.bytes(maxCount: 200), as: UTF8.self)
        let golden = input.rest()
        let caseText =
            "description: \"\(escaped(description))\"\nwidth: 24\nstyles: true\n"
            + "table: {sections: [{rows: [{text: \"Apple <b>&\", accessory: checkmark}, {text: 사과}]}]}\n"
            + "steps:\n  - select: [0, 1]\n"
        guard write(caseText.utf8, to: directory + "/f.case.yaml"), write(golden, to: directory + "/f.golden") else {
            return
        }
        let runner = GoldenRunner(
            options: .init(isCI: true, terminalWidth: 100, workers: 1), makeRegistry: { Registry() })
        guard let summary = try? runner.run(paths: [directory]) else { return }
        for result in summary.results {
            check(result.report, "the runner's report", allowingNewlines: true)
            for line in result.report.split(separator: "\n") {
                invariant(line.utf8.count <= 4 * Sanitizer.messageLimit, "a report line of \(line.utf8.count) bytes")
            }
        }
        let page = GoldenReport(summary: summary, runner: runner).html()
        check(page, "the report page", allowingNewlines: true)
        invariant(!page.contains("<script") && !page.contains("<b>"), "markup from input reached the page")
    }
}

private let directory: String = {
    let path = "/tmp/cellar-fuzz-report-\(getpid())"
    mkdir(path, 0o755)
    return path
}()

private func write(_ bytes: some Sequence<UInt8>, to path: String) -> Bool {
    let all = Array(bytes)
    let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    guard fd >= 0 else { return false }
    defer { close(fd) }
    return all.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) } == all.count
}

/// A YAML double-quoted scalar's content: every scalar outside printable ASCII escaped.
private func escaped(_ text: String) -> String {
    var out = ""
    for scalar in text.unicodeScalars {
        if scalar.isASCII, scalar.value >= 0x20, scalar != "\"", scalar != "\\", scalar != "\u{7F}" {
            out.unicodeScalars.append(scalar)
        } else if scalar.value > 0xFFFF {
            out +=
                "\\U" + String(repeating: "0", count: 8 - String(scalar.value, radix: 16).count)
                + String(scalar.value, radix: 16)
        } else {
            out +=
                "\\u" + String(repeating: "0", count: 4 - String(scalar.value, radix: 16).count)
                + String(scalar.value, radix: 16)
        }
    }
    return out
}

/// No control character but the line break, and no bidi override, in what is shown.
private func check(_ text: String, _ what: String, allowingNewlines: Bool) {
    for scalar in text.unicodeScalars {
        let v = scalar.value
        let control = (v < 0x20 && !(allowingNewlines && v == 0x0A)) || (0x7F...0x9F).contains(v)
        let bidi = (0x202A...0x202E).contains(v) || (0x2066...0x2069).contains(v)
        invariant(!control && !bidi, "\(what) holds U+\(String(v, radix: 16, uppercase: true))")
    }
}
