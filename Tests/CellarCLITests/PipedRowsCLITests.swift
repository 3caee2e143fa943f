import CellarTestSupport
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `cellar render - --input-format jsonl|csv|tsv` draws rows as they come
/// down the pipe: the first lines are out before the input ends, and the
/// whole output is the file's render, byte for byte. A bad row found later
/// leaves the lines already written, and is reported at its line.
@Suite struct PipedRowsCLITests {
    /// The render of rows written in two parts: what was out before the
    /// second part was written, everything, standard error and the status.
    struct PipedRun {
        var early: String
        var stdout: String
        var stderr: String
        var status: Int32
    }

    /// Reads what `fd` has within `seconds` (nothing on timeout); "" at end of file.
    static func readSome(_ fd: Int32, seconds: Int32) -> String {
        var p = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        guard poll(&p, 1, seconds * 1000) > 0 else { return "" }
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        return n > 0 ? String(decoding: buffer[0..<n], as: UTF8.self) : ""
    }

    /// With `file` the render reads the pipe by that path (`/dev/stdin`, as a shell's `<(command)` names one).
    static func pipedRender(_ arguments: [String], first: String, rest: String, file: String = "-") throws -> PipedRun {
        try pipedRender(arguments, first: Array(first.utf8), rest: Array(rest.utf8), file: file)
    }

    /// `pipedRender` with the two parts as bytes (which need not be UTF-8, nor end between characters).
    static func pipedRender(_ arguments: [String], first: [UInt8], rest: [UInt8], file: String = "-") throws
        -> PipedRun
    {
        let binary = try #require(CellarCLI.binary)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = ["render", file] + arguments
        let input = Pipe()
        let output = Pipe()
        let errors = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors
        // A render that fails before reading everything closes the pipe: the write then fails, not the tests.
        signal(SIGPIPE, SIG_IGN)
        try process.run()
        try input.fileHandleForWriting.write(contentsOf: Data(first))
        // Bounded: without rows drawn as they arrive, nothing comes until the input ends.
        let early = readSome(output.fileHandleForReading.fileDescriptor, seconds: 30)
        try? input.fileHandleForWriting.write(contentsOf: Data(rest))
        try input.fileHandleForWriting.close()
        let remaining = output.fileHandleForReading.readDataToEndOfFile()
        let stderr = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return PipedRun(
            early: early, stdout: early + String(decoding: remaining, as: UTF8.self),
            stderr: String(decoding: stderr, as: UTF8.self), status: process.terminationStatus)
    }

    static let jsonl = [
        #"{"cell": "subtitle", "text": "Apples 사과", "secondaryText": "red 🍎"}"#,
        #"{"text": "Bananas", "selected": true}"#,
        #"{"cell": "value1", "text": "Cherries", "secondaryText": "12"}"#,
        #"{"text": "Dates"}"#,
    ]
    static let csv = [
        "text,secondaryText,cell", "Apples 사과,\"red, 🍎\",subtitle", "Bananas,,default",
        "Cherries,\"two\nlines\",subtitle", "Dates,4,value1",
    ]

    @Test(arguments: ["jsonl", "csv"])
    func rowsAreDrawnAsTheyArrive(format: String) throws {
        let lines = format == "csv" ? Self.csv : Self.jsonl
        let split = format == "csv" ? 3 : 2
        let first = lines[..<split].joined(separator: "\n") + "\n"
        let rest = lines[split...].joined(separator: "\n") + "\n"
        let dir = try ScratchDirectory()
        try dir.write("rows." + format, first + rest)
        let file = try CellarCLI.run(["render", "rows." + format, "--width", "32"], in: dir.path)
        #expect(file.status == 0)
        let piped = try Self.pipedRender(["--input-format", format, "--width", "32"], first: first, rest: rest)
        #expect(piped.status == 0, "\(piped.stderr)")
        #expect(piped.early.contains("Apples 사과"), "the first row is out before the input ends")
        #expect(!piped.early.contains("Dates"))
        #expect(piped.stdout == file.stdout)
    }

    /// A pipe named by its path (`<(command)`) is read as standard input is: rows drawn as they arrive, located by
    /// that path; a whole document read to its end and drawn as its file is.
    @Test func aPipeNamedByItsPathIsReadAsStandardInput() throws {
        let first = Self.jsonl[0] + "\n" + Self.jsonl[1] + "\n"
        let rest = #"{"text": "Elderberries", "selected": "yes"}"# + "\n"
        let rows = try Self.pipedRender(
            ["--input-format", "jsonl", "--width", "32"], first: first, rest: rest, file: "/dev/stdin")
        #expect(rows.early.contains("Apples 사과"), "the first row is out before the input ends")
        #expect(
            rows.status != 0
                && rows.stderr
                    == "cellar: /dev/stdin:3:38: selected must be true or false (got 'yes'), which Cellar reads as text, as YAML 1.2 does\n"
        )
        let dir = try ScratchDirectory()
        let yaml = "sections:\n  - header: Fruit\n    rows:\n      - text: Apples 사과\n      - text: Bananas\n"
        try dir.write("rows.yaml", yaml)
        let file = try CellarCLI.run(["render", "rows.yaml", "--width", "32"], in: dir.path)
        // As a shell passes it; the format from the bytes, as for `-`.
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["-c", #""$0" render <(cat rows.yaml) --width 32"#, try #require(CellarCLI.binary)]
        process.currentDirectoryURL = URL(fileURLWithPath: dir.path)
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let whole = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(file.status == 0 && process.terminationStatus == 0)
        #expect(whole == file.stdout && file.stdout.contains("Bananas"))
    }

    /// Piped rows may start with a byte order mark, as a file may (PowerShell's pipes write one).
    @Test(arguments: ["jsonl", "csv"])
    func aByteOrderMarkMayStartPipedRows(format: String) throws {
        let lines = format == "csv" ? Self.csv : Self.jsonl
        let rows = lines.joined(separator: "\n") + "\n"
        let plain = try Self.pipedRender(["--input-format", format, "--width", "32"], first: rows, rest: "")
        #expect(plain.status == 0 && plain.stdout.contains("Apples 사과"), "\(plain.stderr)")
        let marked = try Self.pipedRender(
            ["--input-format", format, "--width", "32"], first: [0xEF, 0xBB, 0xBF] + Array(rows.utf8), rest: [])
        #expect(marked.status == 0, "\(marked.stderr)")
        #expect(marked.stdout == plain.stdout)
    }

    @Test func aBadRowLaterLeavesTheRowsDrawnAndIsLocated() throws {
        let first = Self.jsonl[0] + "\n" + Self.jsonl[1] + "\n"
        let rest = #"{"text": "Elderberries", "selected": "yes"}"# + "\n" + Self.jsonl[3] + "\n"
        let piped = try Self.pipedRender(["--input-format", "jsonl", "--width", "32"], first: first, rest: rest)
        #expect(piped.status != 0)
        #expect(piped.early.contains("Apples 사과"))
        #expect(piped.stdout.contains("Apples 사과") && !piped.stdout.contains("Elderberries"))
        #expect(
            piped.stderr
                == "cellar: <stdin>:3:38: selected must be true or false (got 'yes'), which Cellar reads as text, as YAML 1.2 does\n"
        )
    }

    /// Heights are checked for the rows of each new chunk, once: a row too
    /// tall to draw in a later chunk still fails, at its line.
    @Test func aTooTallRowLaterIsLocated() throws {
        let first = Self.jsonl[0] + "\n" + #"{"text": "Short", "height": 2}"# + "\n"
        let rest = #"{"text": "Tall", "height": 10000}"# + "\n" + Self.jsonl[3] + "\n"
        let piped = try Self.pipedRender(["--input-format", "jsonl", "--width", "1000"], first: first, rest: rest)
        #expect(piped.status != 0)
        #expect(piped.early.contains("Apples 사과"))
        #expect(!piped.stdout.contains("Tall"))
        #expect(
            piped.stderr.hasPrefix("cellar: <stdin>:3:") && piped.stderr.contains("10000 lines tall"), "\(piped.stderr)"
        )
    }

    /// A viewport needs the whole table first: piped rows are read to the end, and drawn as the file's are.
    @Test func aViewportFromAPipeIsTheFilesViewport() throws {
        let dir = try ScratchDirectory()
        let rows = Self.jsonl.joined(separator: "\n") + "\n"
        try dir.write("rows.jsonl", rows)
        let viewport = ["--width", "32", "--height", "5", "--offset", "2"]
        let file = try CellarCLI.run(["render", "rows.jsonl"] + viewport, in: dir.path)
        let piped = try CellarCLI.run(
            ["render", "-", "--input-format", "jsonl"] + viewport, in: dir.path, stdinPath: dir.path + "/rows.jsonl")
        #expect(file.status == 0 && piped.status == 0)
        #expect(piped.stdout == file.stdout && file.stdout.contains("Bananas"))
    }
}
