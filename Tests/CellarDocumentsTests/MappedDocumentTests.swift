import Cellar
import CellarTestSupport
import CellarText
import Foundation
import Testing

@testable import CellarDocuments

/// A document read from a file is mapped, not copied into memory: the load's
/// passes and a whole-table render give back the pages behind them, so
/// what stays resident is the pages near the rows in use, and every row
/// still decodes (a page given back is read again). The row index is
/// 32-bit below 4 GiB, and the rows with editing keys take a bit each.
@Suite struct MappedDocumentTests {
    /// A JSON Lines file of `rows` rows, each padded with a key no style reads to about `rowBytes` bytes.
    static func rowsFile(_ dir: ScratchDirectory, rows: Int, rowBytes: Int) throws -> String {
        let pad = String(repeating: "x", count: rowBytes)
        var text = ""
        text.reserveCapacity(rows * (rowBytes + 40))
        for i in 0..<rows { text += "{\"text\": \"Row \(i) 한글\", \"pad\": \"\(pad)\"}\n" }
        return try dir.write("rows.jsonl", text)
    }

    /// The bytes of the mapping at `bytes` resident in this process (its Rss in /proc/self/smaps).
    static func resident(_ bytes: DocumentBytes) throws -> Int {
        let base = bytes.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) }
        let smaps = String(decoding: try InputFile.read("/proc/self/smaps", limit: 1 << 30), as: UTF8.self)
        var inside = false
        for line in smaps.split(separator: "\n") {
            if let dash = line.firstIndex(of: "-"), let start = UInt(line[..<dash], radix: 16) {
                inside = start == base
            } else if inside && line.hasPrefix("Rss:") {
                let kB = line.split(separator: " ").dropFirst().first.flatMap { Int($0) }
                return try #require(kB) * 1024
            }
        }
        Issue.record("no mapping at \(String(base, radix: 16)) in /proc/self/smaps")
        return -1
    }

    @Test func aFileIsMappedAndReadsAsItsBytesWould() throws {
        let dir = try ScratchDirectory()
        let path = try Self.rowsFile(dir, rows: 50, rowBytes: 10)
        let mapped = try DocumentInput.read(path)
        let read = try DocumentInput.read(path, mapFile: false)
        #expect(mapped.bytes.isMapped && !read.bytes.isMapped)
        let a = try StreamedDocument.load(mapped)
        let b = try StreamedDocument.load(read)
        #expect(a.rowCount == 50)
        for i in [0, 17, 49] { #expect(try a.row(i) == b.row(i)) }
        // An empty file has no pages to map: it is read (and is an empty table).
        let empty = try dir.write("empty.jsonl", "")
        let e = try DocumentInput.read(empty)
        #expect(!e.bytes.isMapped)
        #expect(try StreamedDocument.load(e).rowCount == 0)
    }

    @Test func theLoadGivesBackThePagesItRead() throws {
        let dir = try ScratchDirectory()
        let path = try Self.rowsFile(dir, rows: 8_000, rowBytes: 4_000)
        let doc = try StreamedDocument.load(DocumentInput.read(path, sizeLimit: 1 << 30))
        #expect(doc.bytes.count > 30 << 20)
        // The UTF-8 check and the scan each read every page; neither keeps them.
        #expect(try Self.resident(doc.bytes) < 1 << 20)
        // A row decoded after reads its pages again.
        #expect(try doc.row(7_999)["text"] == .string("Row 7999 한글"))
        #expect(try Self.resident(doc.bytes) > 0)
    }

    /// A load from the load index reads two bytes of each section's `rows`
    /// list; the pages faulted in around them are given back as it passes,
    /// as a scan's are, or a file of many sections would be held whole.
    /// The second part of a two-part check of a many-section JSON file
    /// gives back the pages behind it across its `rows` lists, each shorter
    /// than a step (a pass per list gave back none).
    @Test func theLaterPartOfATwoPartCheckGivesBackThePagesItRead() throws {
        let dir = try ScratchDirectory()
        let path = try LoadIndexSupport.write(dir, "sections.json", Self.sectionsText())
        let input = try DocumentInput.read(path, sizeLimit: 1 << 30)
        #expect(input.bytes.count > 30 << 20)
        // A row's line past the middle, where the second thread's part starts.
        let start = try #require(
            input.bytes.withUnsafeBufferPointer { b in
                (b.count / 2..<b.count - 1).first { b[$0] == 0x0A && b[$0 + 1] == UInt8(ascii: "{") }.map { $0 + 1 }
            })
        let part = StreamedDocument.LaterPart(StreamedDocument(input, options: TableOptions()), from: start)
        part.check()
        #expect(part.passed && part.segments.count > 150)
        #expect(try Self.resident(input.bytes) <= 2 * DropBehind.step + (1 << 20))
    }

    /// 400 sections of 200 rows, about 34 MB.
    static func sectionsText() -> String {
        let pad = String(repeating: "x", count: 400)
        var text = "{\"sections\": [\n"
        for s in 0..<400 {
            let rows = (0..<200).map {
                "{\"cell\": \"subtitle\", \"text\": \"Row \(s * 200 + $0)\", \"secondaryText\": \"\(pad)\"}"
            }
            text +=
                (s == 0 ? "" : ",\n") + "{\"header\": \"Section \(s)\", \"rows\": [\n" + rows.joined(separator: ",\n")
                + "]}"
        }
        return text + "]}\n"
    }

    @Test func aLoadFromTheIndexGivesBackThePagesItRead() throws {
        let dir = try ScratchDirectory()
        let path = try LoadIndexSupport.write(dir, "sections.json", Self.sectionsText())
        let cache = LoadIndexSupport.cache(dir)
        _ = try LoadIndexSupport.load(path, cache)
        let doc = try LoadIndexSupport.load(path, cache)
        #expect(doc.loadIndexUse == .read)
        #expect(doc.bytes.count > 30 << 20)
        #expect(try Self.resident(doc.bytes) <= DropBehind.step + (1 << 20))
    }

    /// On two threads (rows decoded ahead) and on one (decoded by the table as it draws).
    @Test(arguments: [true, false])
    func aWholeTableRenderGivesBackThePagesBehindIt(threads: Bool) throws {
        let dir = try ScratchDirectory()
        let path = try Self.rowsFile(dir, rows: 8_000, rowBytes: 4_000)
        let doc = try StreamedDocument.load(DocumentInput.read(path, sizeLimit: 1 << 30))
        let source = StreamedDataSource(document: doc)
        source.threadMinimumRows = threads ? 0 : Int.max
        let table = source.makeTableView(registry: Registry())
        table.width = 40
        table.streamThreadMinimumRows = threads ? 0 : Int.max
        let sink = MemorySink()
        try table.render(to: PlainWriter(sink: sink))
        #expect(String(decoding: sink.bytes, as: UTF8.self).contains("Row 7999 한글"))
        // At most the step being read and the one before it, of a file of more than 30 MiB.
        #expect(try Self.resident(doc.bytes) <= 2 * DropBehind.step + (1 << 20))
    }

    /// The scan checks UTF-8 as it reads and gives pages back in steps: a
    /// character across a step's end is whole, and invalid UTF-8 just
    /// after it is found where it is.
    @Test func theUTF8CheckAcrossAStepFindsWhatTheWholeCheckFinds() throws {
        let dir = try ScratchDirectory()
        let step = DropBehind.step
        let open = Array(#"{"text": ""#.utf8)
        for (at, tail, expected) in [
            (step - 1, "한", nil), (step - 2, "한", nil), (step - 3, "😀", nil), (step, "\u{FF}", step),
            (step - 1, "\u{C3}(", step - 1), (step - 2, "\u{E2}\u{82}(", step - 2),
        ] as [(Int, String, Int?)] {
            var bytes = open + [UInt8](repeating: UInt8(ascii: "a"), count: at - open.count)
            // The invalid sequences are written as Latin-1 bytes, not UTF-8.
            bytes +=
                tail.unicodeScalars.allSatisfy({ $0.value < 0x100 })
                ? tail.unicodeScalars.map { UInt8($0.value) } : Array(tail.utf8)
            bytes += [UInt8](repeating: UInt8(ascii: "b"), count: 100) + Array("\"}\n".utf8)
            let file = dir.path + "/u.jsonl"
            try Data(bytes).write(to: URL(fileURLWithPath: file))
            let input = try DocumentInput.read(file, format: .jsonl, sizeLimit: 1 << 30)
            let whole = bytes.withUnsafeBufferPointer { WordScanner($0).firstInvalidUTF8() }
            #expect(whole == expected, "\(tail.unicodeScalars.map(\.value)) at \(at)")
            do {
                _ = try StreamedDocument.load(input)
                #expect(expected == nil, "\(tail.unicodeScalars.map(\.value)) at \(at)")
            } catch let error as CellarError {
                let column = (expected ?? -2) + 1
                #expect("\(error)".contains(":1:\(column): invalid UTF-8"), "\(error)")
            }
        }
    }

    @Test func rowBitsHoldTheirRowsAndNoOthers() {
        var bits = RowBits()
        #expect(bits.isEmpty && !bits.contains(0))
        for row in [3, 64, 1_000_000] { bits.insert(row) }
        #expect(!bits.isEmpty)
        #expect([3, 64, 1_000_000].allSatisfy(bits.contains))
        #expect(![-1, 0, 4, 63, 65, 999_999, 1_000_001, 2_000_000].contains(where: bits.contains))
    }

    @Test func rowOffsetsAre32BitUpTo4GiB() {
        var narrow = RowOffsets(byteLimit: 1 << 32)
        narrow.append(0)
        narrow.append(Int(UInt32.max))
        #expect(!narrow.isWide && Array(narrow) == [0, Int(UInt32.max)])
        var wide = RowOffsets(byteLimit: (1 << 32) + 1)
        wide.append(1 << 32)
        wide.append(5 << 32)
        #expect(wide.isWide && Array(wide) == [1 << 32, 5 << 32])
    }
}
