import Foundation
import Testing

@_spi(Fuzzing) @testable import CellarDocuments

/// Rows piped in read as the same bytes read as a file, however the reads split them: the same rows, or the same
/// error at the same place (`PipedReadings`, which the document fuzzer runs too).
@Suite struct PipedReadingsTests {
    @Test func theCorpusReadsAlikeInReadsOfAnySize() throws {
        let dir = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../Fuzzing/corpus/document")
        var read = 0
        for name in try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() {
            guard let format = InputFormat.from(path: name), [.jsonl, .csv, .tsv].contains(format) else { continue }
            let bytes = try Array(Data(contentsOf: dir.appendingPathComponent(name)))
            for size in [1, 2, 3, 7, 64] {
                #expect(PipedReadings.mismatch(bytes, format: format, chunkSize: size) == nil, "\(name) \(size)")
            }
            read += 1
        }
        #expect(read >= 4)
        // Nothing piped in has no header, as an empty file has none.
        for format in [InputFormat.csv, .tsv, .jsonl] {
            #expect(PipedReadings.mismatch([], format: format, chunkSize: 1) == nil, "\(format)")
        }
    }

    @Test(arguments: [InputFormat.csv, .tsv, .jsonl])
    func generatedRowsReadAlike(format: InputFormat) {
        var seed = UInt64(0xC0FFEE)
        func next(_ n: Int) -> Int {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((seed >> 33) % UInt64(n))
        }
        let separator = format == .tsv ? "\t" : format == .csv ? "," : ", "
        let header = format == .jsonl ? "" : "cell\(separator)text\(separator)secondaryText\n"
        let pieces = [
            "subtitle", "a", "\"", "\"\"", separator, "\n", "\r\n", "\r", " ", "{\"text\": \"b\"}", "한", "{", "}", "[",
            "\"text\":", "\\", ";", "|",
        ]
        for _ in 0..<3_000 {
            // A byte order mark, as spreadsheets write one, before a first field that may be quoted.
            // Excel's `sep=` line, or a header separated by `;`: a CSV's other separator.
            let named = format == .csv && next(3) == 0 ? ["sep=;\n", "sep=|\r\n", "a;b;"][next(3)] : ""
            var text =
                (next(4) == 0 ? "\u{FEFF}" : "") + named + (next(3) == 0 ? "\"a\nb\"" + separator : "") + header
            for _ in 0..<(1 + next(30)) { text += pieces[next(pieces.count)] }
            let bytes = Array(text.utf8)
            let size = 1 + next(9)
            #expect(
                PipedReadings.mismatch(bytes, format: format, chunkSize: size) == nil,
                "\(text.debugDescription) in reads of \(size)")
        }
    }
}
