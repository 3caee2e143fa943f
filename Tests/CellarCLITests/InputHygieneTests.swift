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

    static let table = "sections:\n  - rows:\n      - text: hi\n"

    @Test func aFailedWriteToStdoutIsAnErrorInWords() throws {
        let dir = try ScratchDirectory.withStyles()
        try dir.write("t.yaml", Self.table)
        try dir.write("Styles/a.case.yaml", "table: ../t.yaml\nwidth: 20\n")
        for arguments in [["test"], ["styles"], ["render", "t.yaml", "--width", "20"]] {
            let run = try CellarCLI.run(arguments, in: dir.path, stdoutPath: "/dev/full")
            #expect(run.status == 1, "\(arguments)")
            #expect(
                run.stderr.hasSuffix("cannot write to standard output: no space left on device\n"),
                "\(arguments): \(run.stderr)")
        }
    }

    @Test func devicesFIFOsAndLargeFilesAreRefusedInOneLine() throws {
        let dir = try ScratchDirectory.withStyles()
        var run = try CellarCLI.run(["render", "/dev/zero"], in: dir.path)
        #expect(run.status == 1 && run.stdout.isEmpty)
        #expect(
            run.stderr
                == "cellar: /dev/zero: not a regular file (a character device); only regular files and pipes are read\n"
        )
        // browse reads its file again when it changes: neither a device nor a pipe.
        #expect(mkfifo(dir.path + "/rows.fifo", 0o644) == 0)
        for (file, kind) in [("/dev/zero", "a character device"), ("rows.fifo", "a FIFO")] {
            run = try CellarCLI.run(["browse", file], in: dir.path)
            #expect(run.status != 0 && run.stdout.isEmpty)
            #expect(
                run.stderr.contains(
                    "cellar browse: FILE must be a regular file, not \(kind) (browse reads it again when it changes)"),
                "\(run.stderr)")
        }
        #expect(mkfifo(dir.path + "/Styles/x.case.yaml", 0o644) == 0)
        run = try CellarCLI.run(["test"], in: dir.path)
        #expect(run.status == 1 && run.stdout.hasSuffix("0 passed, 1 failed\n"))
        #expect(run.stdout.contains("x.case.yaml: not a regular file (a FIFO)"))
        try dir.write("big.yaml", Self.table + String(repeating: "# padding\n", count: 200))
        run = try CellarCLI.run(["render", "big.yaml", "--width", "20", "--max-file-size", "1K"], in: dir.path)
        #expect(
            run.status == 1
                && run.stderr.contains("larger than the 1 KiB file size limit (raise it with --max-file-size)"))
        run = try CellarCLI.run(["render", "big.yaml", "--width", "20", "--max-file-size", "4K"], in: dir.path)
        #expect(run.status == 0 && run.stdout.contains("hi"))
    }

    /// A mapped document has no default size limit (its memory is its row
    /// index); a document held whole keeps one, and the flag sets either.
    @Test func onlyDocumentsHeldWholeHaveADefaultSizeLimit() throws {
        let dir = try ScratchDirectory.withStyles()
        // Past the 4 MiB limit cases keep, so a default for every file would refuse it.
        let rows = (0..<100_000).map { "{\"text\": \"row \($0) padded to some length\"}" }
        let bytes = "{\"sections\": [{\"rows\": [\n" + rows.joined(separator: ",\n") + "\n]}]}\n"
        #expect(bytes.utf8.count > 4 << 20)
        try dir.write("big.json", bytes)
        var run = try CellarCLI.run(["render", "big.json", "--width", "40", "--height", "3"], in: dir.path)
        #expect(run.status == 0 && run.stdout.contains("row 0 padded"), "\(run.stderr)")
        run = try CellarCLI.run(["render", "big.json", "--width", "40", "--max-file-size", "4M"], in: dir.path)
        #expect(run.status == 1 && run.stderr.contains("big.json: larger than the 4 MiB file size limit"))
        // A case's table is read whole: the case limit applies.
        try dir.write("Styles/big.case.yaml", "table: ../big.json\nwidth: 40\nheight: 3\n")
        run = try CellarCLI.run(["test"], in: dir.path)
        #expect(run.status == 1 && run.stdout.contains("larger than the 4 MiB file size limit"), "\(run.stdout)")
        let help = try CellarCLI.run(["render", "--help"], in: dir.path)
        let words = help.stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(words.contains("A file that `render` maps (JSON, JSON Lines, CSV, TSV, and YAML through its JSON form"))
        #expect(words.contains("on disk) has no limit unless this is given"))
    }

    @Test func errorsAndListingsAreSanitised() throws {
        let dir = try ScratchDirectory.withStyles()
        try dir.write("t.yaml", "\"k\\e]52;c;QUFB\\a\": 1\nsections: []\n")
        var run = try CellarCLI.run(["render", "t.yaml", "--width", "20"], in: dir.path)
        #expect(run.status == 1 && run.stderr.contains("unknown key 'k␛]52;c;QUFB␇'"))
        try dir.write("Styles/evil.lua", "return { identifier = \"evil\\27[2J\" }\n")
        run = try CellarCLI.run(["styles"], in: dir.path)
        #expect(run.status == 0 && run.stdout.contains("evil␛[2J"))
        for text in [run.stdout, run.stderr] {
            #expect(!text.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
        }
        // Argument errors quote the argument.
        run = try CellarCLI.run(["render", "t.yaml", "--width", "1\u{1B}]0;title\u{07}"], in: dir.path)
        #expect(run.status != 0 && run.stderr.contains("The value '1␛]0;title␇' is invalid"))
        #expect(!run.stderr.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
    }

    @Test func renderRefusesViewportsPastItsBounds() throws {
        let dir = try ScratchDirectory.withStyles()
        try dir.write("t.yaml", Self.table)
        var run = try CellarCLI.run(["render", "t.yaml", "--width", "10000", "--height", "100000"], in: dir.path)
        #expect(run.status == 1 && run.stderr.contains("a 10000-column viewport can be at most 400 lines high"))
        run = try CellarCLI.run(["render", "t.yaml", "--width", "20", "--offset", "9223372036854775807"], in: dir.path)
        #expect(run.status == 1 && run.stderr.contains("--offset must be from 0 to 1000000000"))
    }

    /// An argument that is not UTF-8 (a Latin-1 file name) is refused by name,
    /// its stray bytes shown as `\xNN`, not reported as a missing file.
    @Test func anArgumentThatIsNotUTF8IsRefusedByName() throws {
        let dir = try ScratchDirectory.withStyles()
        let binary = try #require(CellarCLI.binary)
        // The name's bytes reach the program only through a shell: Foundation's arguments are Strings.
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = [
            "-c", #"printf 'sections: []\n' > "$(printf 'caf\351.yaml')"; exec "$0" render "$(printf 'caf\351.yaml')""#,
            binary,
        ]
        process.currentDirectoryURL = URL(fileURLWithPath: dir.path)
        let err = Pipe()
        process.standardError = err
        process.standardOutput = Pipe()
        try process.run()
        let text = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 1)
        #expect(
            text == "cellar: 'caf\\xE9.yaml' is not UTF-8 text, and Cellar reads its arguments as UTF-8 "
                + "(rename the file; `cellar render -` reads a table from standard input)\n")
    }
}
