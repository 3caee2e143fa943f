import CellarTestSupport
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The built `cellar` binary against hostile input and a failing stdout:
/// one sanitised line on stderr, exit 1, nothing half written.
@Suite struct InputHygieneTests {
    typealias Run = CellarCLI.Run

    /// Runs cellar in `directory`; stdout goes to `stdoutPath` when given (e.g. /dev/full).
    func cellar(_ arguments: [String], in directory: String, stdoutPath: String? = nil) throws -> Run {
        try CellarCLI.run(arguments, in: directory, stdoutPath: stdoutPath)
    }

    func scratch() throws -> String {
        let path = NSTemporaryDirectory() + "cellar-cli-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path + "/Styles", withIntermediateDirectories: true)
        return path
    }

    func write(_ path: String, _ text: String) throws { try Data(text.utf8).write(to: URL(fileURLWithPath: path)) }

    static let table = "sections:\n  - rows:\n      - text: hi\n"

    @Test func aFailedWriteToStdoutIsAnErrorInWords() throws {
        let dir = try scratch()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try write(dir + "/t.yaml", Self.table)
        try write(dir + "/Styles/a.case.yaml", "table: ../t.yaml\nwidth: 20\n")
        for arguments in [["test"], ["styles"], ["render", "t.yaml", "--width", "20"]] {
            let run = try cellar(arguments, in: dir, stdoutPath: "/dev/full")
            #expect(run.status == 1, "\(arguments)")
            #expect(
                run.stderr.hasSuffix("cannot write to standard output: no space left on device\n"),
                "\(arguments): \(run.stderr)")
        }
    }

    @Test func devicesFIFOsAndLargeFilesAreRefusedInOneLine() throws {
        let dir = try scratch()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        var run = try cellar(["render", "/dev/zero"], in: dir)
        #expect(run.status == 1 && run.stdout.isEmpty)
        #expect(
            run.stderr == "cellar: /dev/zero: not a regular file (a character device); only regular files are read\n")
        #expect(mkfifo(dir + "/Styles/x.case.yaml", 0o644) == 0)
        run = try cellar(["test"], in: dir)
        #expect(run.status == 1 && run.stdout.hasSuffix("0 passed, 1 failed\n"))
        #expect(run.stdout.contains("x.case.yaml: not a regular file (a FIFO)"))
        try write(dir + "/big.yaml", Self.table + String(repeating: "# padding\n", count: 200))
        run = try cellar(["render", "big.yaml", "--width", "20", "--max-file-size", "1K"], in: dir)
        #expect(
            run.status == 1
                && run.stderr.contains("larger than the 1 KiB file size limit (raise it with --max-file-size)"))
        run = try cellar(["render", "big.yaml", "--width", "20", "--max-file-size", "4K"], in: dir)
        #expect(run.status == 0 && run.stdout.contains("hi"))
    }

    @Test func errorsAndListingsAreSanitised() throws {
        let dir = try scratch()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try write(dir + "/t.yaml", "\"k\\e]52;c;QUFB\\a\": 1\nsections: []\n")
        var run = try cellar(["render", "t.yaml", "--width", "20"], in: dir)
        #expect(run.status == 1 && run.stderr.contains("unknown key 'k␛]52;c;QUFB␇'"))
        try write(dir + "/Styles/evil.lua", "return { identifier = \"evil\\27[2J\" }\n")
        run = try cellar(["styles"], in: dir)
        #expect(run.status == 0 && run.stdout.contains("evil␛[2J"))
        for text in [run.stdout, run.stderr] {
            #expect(!text.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
        }
        // Argument errors quote the argument.
        run = try cellar(["render", "t.yaml", "--width", "1\u{1B}]0;title\u{07}"], in: dir)
        #expect(run.status != 0 && run.stderr.contains("The value '1␛]0;title␇' is invalid"))
        #expect(!run.stderr.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
    }

    @Test func renderRefusesViewportsPastItsBounds() throws {
        let dir = try scratch()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try write(dir + "/t.yaml", Self.table)
        var run = try cellar(["render", "t.yaml", "--width", "10000", "--height", "100000"], in: dir)
        #expect(run.status == 1 && run.stderr.contains("a 10000-column viewport can be at most 400 lines high"))
        run = try cellar(["render", "t.yaml", "--width", "20", "--offset", "9223372036854775807"], in: dir)
        #expect(run.status == 1 && run.stderr.contains("--offset must be from 0 to 1000000000"))
    }
}
