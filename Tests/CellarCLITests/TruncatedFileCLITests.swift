import CellarTestSupport
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `cellar render` maps its file: another process truncating it while the
/// table is drawn is reported in one line naming the file (sanitised), and
/// the command exits with status 1 instead of dying of SIGBUS.
@Suite struct TruncatedFileCLITests {
    @Test func aFileTruncatedWhileItIsDrawnIsReportedByName() throws {
        let binary = try #require(CellarCLI.binary)
        let dir = try ScratchDirectory()
        let name = "rows\u{1B}[31m.jsonl"
        var text = ""
        for i in 0..<50_000 { text += "{\"text\": \"Row \(i)\"}\n" }
        let path = try dir.write(name, text)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        // Wide rows: the render holds its first 8 MiB back, and these pass that within a few thousand rows.
        process.arguments = ["render", name, "--width", "1000", "--color", "never"]
        process.currentDirectoryURL = URL(fileURLWithPath: dir.path)
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        // Output has begun: the file is mapped and its rows are being read (the full pipe then holds the render).
        let first = PipedRowsCLITests.readSome(output.fileHandleForReading.fileDescriptor, seconds: 120)
        #expect(!first.isEmpty)
        #expect(truncate(path, 0) == 0)
        let rest = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationReason == .exit)
        #expect(process.terminationStatus == 1)
        #expect(
            stderr
                == "cellar: rows␛[31m.jsonl: the file was truncated by another process while it was read; "
                + "the render stopped\n")
        #expect(!(first + rest).contains("Row 49999"), "the render stopped before its last row")
    }
}
