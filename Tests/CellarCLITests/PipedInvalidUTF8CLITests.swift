import CellarTestSupport
import Foundation
import Testing

/// Rows piped on standard input are checked for UTF-8 as they are scanned:
/// a bad byte fails at `<stdin>:line:column` of that byte, whether it comes
/// in the first read or after rows were drawn, and whether its sequence
/// was cut by the end of one read and finished (or spoilt) by the next.
@Suite struct PipedInvalidUTF8CLITests {
    /// A header (for CSV and TSV) and two rows, in `format`, ending with a line break.
    static func firstRows(_ format: String) -> String {
        switch format {
        case "csv": "text,secondaryText\nApples 사과,red\nBananas,yellow\n"
        case "tsv": "text\tsecondaryText\nApples 사과\tred\nBananas\tyellow\n"
        default: #"{"text": "Apples 사과"}"# + "\n" + #"{"text": "Bananas"}"# + "\n"
        }
    }

    /// The start of a row whose text begins `text`, and what follows the text up to the line's end.
    static func row(_ format: String) -> (start: String, end: String) {
        switch format {
        case "csv": ("", ",green\n")
        case "tsv": ("", "\tgreen\n")
        default: (#"{"text": ""#, "\"}\n")
        }
    }

    /// The rows line a row after `firstRows` is on (CSV and TSV have a header line).
    static func lineAfterFirstRows(_ format: String) -> Int { format == "jsonl" ? 3 : 4 }

    /// A byte that cannot start a sequence, in a row that comes after rows were drawn.
    @Test(arguments: ["jsonl", "csv", "tsv"])
    func anInvalidByteInALaterReadIsLocated(format: String) throws {
        let (start, end) = Self.row(format)
        let rest = Array((start + "Cherries" + end + start + "Elder").utf8) + [0xFF] + Array(("berries" + end).utf8)
        let piped = try PipedRowsCLITests.pipedRender(
            ["--input-format", format, "--cell", "subtitle", "--width", "32"],
            first: Array(Self.firstRows(format).utf8), rest: rest)
        #expect(piped.status != 0)
        #expect(piped.early.contains("Apples 사과"))
        #expect(!piped.stdout.contains("berries"))
        let line = Self.lineAfterFirstRows(format) + 1
        let column = start.count + "Elder".count + 1
        #expect(piped.stderr == "cellar: <stdin>:\(line):\(column): invalid UTF-8\n")
    }

    /// A sequence whose first bytes end one read: the next read's byte makes it whole, or not.
    @Test(arguments: ["jsonl", "csv", "tsv"], [true, false])
    func aSequenceCutBetweenReadsIsCheckedWhole(format: String, valid: Bool) throws {
        let (start, end) = Self.row(format)
        // 中 is E4 B8 AD; E4 B8 then "A" is a sequence cut short.
        let first = Array((Self.firstRows(format) + start + "Fig ").utf8) + [0xE4, 0xB8]
        let rest = [valid ? 0xAD : UInt8(ascii: "A")] + Array(end.utf8)
        let piped = try PipedRowsCLITests.pipedRender(
            ["--input-format", format, "--cell", "subtitle", "--width", "32"], first: first, rest: rest)
        #expect(piped.early.contains("Apples 사과"), "the rows before the cut are drawn first")
        if valid {
            #expect(piped.status == 0, "\(piped.stderr)")
            #expect(piped.stdout.contains("Fig 中"))
        } else {
            #expect(piped.status != 0)
            let column = start.count + "Fig ".count + 1
            #expect(piped.stderr == "cellar: <stdin>:\(Self.lineAfterFirstRows(format)):\(column): invalid UTF-8\n")
        }
    }

    /// Standard input from a file is read 64 KiB at a time: a sequence across
    /// that boundary is checked whole, after the rows before it were read.
    @Test(arguments: ["jsonl", "csv"], [true, false])
    func aSequenceAcrossTheReadSizeIsCheckedWhole(format: String, valid: Bool) throws {
        let (start, end) = Self.row(format)
        let head = format == "csv" ? "text,secondaryText\nApples," : #"{"text": "Apples", "secondaryText": ""#
        let tail = (format == "csv" ? "\n" : "\"}\n") + start + "Fig "
        let readSize = 1 << 16
        // The lead byte is the first read's last byte.
        let padding = String(repeating: "x", count: readSize - 1 - head.utf8.count - tail.utf8.count)
        var bytes = Array((head + padding + tail).utf8) + [0xE4, 0xB8]
        bytes += [valid ? 0xAD : UInt8(ascii: "A")] + Array(end.utf8)
        #expect(bytes[readSize - 1] == 0xE4)
        let dir = try ScratchDirectory()
        let input = try dir.write("rows", "")
        try Data(bytes).write(to: URL(fileURLWithPath: input))
        let run = try CellarCLI.run(
            ["render", "-", "--input-format", format, "--cell", "subtitle", "--width", "32"], in: dir.path,
            stdinPath: input)
        if valid {
            #expect(run.status == 0, "\(run.stderr)")
            #expect(run.stdout.contains("Apples") && run.stdout.contains("Fig 中"))
        } else {
            #expect(run.status != 0)
            let line = format == "csv" ? 3 : 2
            let column = start.count + "Fig ".count + 1
            #expect(run.stderr == "cellar: <stdin>:\(line):\(column): invalid UTF-8\n")
        }
    }

    /// Bad bytes the scan meets where it expects something else, or after a
    /// row that fails in another way (in the same read): piped, as from the
    /// file, the first invalid byte is what is reported.
    static let badBytes: [(format: String, bytes: [UInt8])] = [
        ("jsonl", Array(#"{"text": "a"}"#.utf8) + [0x0A] + Array(#"{"text": "#.utf8) + [0xFF] + Array(#""b"}"#.utf8)),
        ("jsonl", Array(#"{"text": "a"} "#.utf8) + [0xC3, 0x0A]),
        (
            "jsonl",
            Array(#"{"text": "a", "selected": "yes"}"#.utf8) + [0x0A] + Array(#"{"text": "b"#.utf8) + [0xFF]
                + Array("\"}\n".utf8)
        ),
        // Past the first 64 KiB read, where rows were read before.
        (
            "jsonl",
            Array((#"{"text": "a"}"# + "\n" + #"{"text": "b"}"# + String(repeating: " ", count: 1 << 16) + "\n").utf8)
                + Array(#"{"text": "#.utf8) + [0xFF] + Array(#""c"}"#.utf8)
        ),
        ("csv", Array("text,x\na,b,c\nb".utf8) + [0xED, 0xA0, 0x80] + Array(",d\n".utf8)),
        ("tsv", Array("text\tx\na\tb\tc\nb".utf8) + [0xF4, 0x90, 0x80, 0x80] + Array("\td\n".utf8)),
    ]

    @Test(arguments: 0..<badBytes.count)
    func aBadByteFailsAsInTheFile(case index: Int) throws {
        let (format, bytes) = Self.badBytes[index]
        let dir = try ScratchDirectory()
        let input = try dir.write("rows." + format, "")
        try Data(bytes).write(to: URL(fileURLWithPath: input))
        let file = try CellarCLI.run(["render", "rows." + format, "--width", "32"], in: dir.path)
        let piped = try CellarCLI.run(
            ["render", "-", "--input-format", format, "--width", "32"], in: dir.path, stdinPath: input)
        #expect(file.status != 0 && piped.status != 0)
        #expect(file.stderr.hasSuffix(": invalid UTF-8\n"), "\(file.stderr)")
        #expect(piped.stderr == file.stderr.replacingOccurrences(of: "rows." + format, with: "<stdin>"))
    }
}
