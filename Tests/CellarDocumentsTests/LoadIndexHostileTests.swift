import Cellar
import CellarTestSupport
import CellarText
import Foundation
import Testing

@testable import CellarDocuments

/// A load index is input like any other: a damaged one (bytes flipped, cut
/// short, grown) or one whose checksum holds but whose counts and offsets
/// do not fit the file is passed over, the file is scanned, and the table
/// drawn is the same. Nothing in an index can make the load trap.
@Suite struct LoadIndexHostileTests {
    typealias S = LoadIndexSupport

    /// What the table draws: whole, and a viewport, both while editing too.
    static func drawn(_ doc: StreamedDocument) throws -> [String] {
        let table = StreamedDataSource(document: doc).makeTableView(registry: Registry())
        return try StreamedDifferentialTests.draw(table, width: 40)
    }

    /// A small random generator with a fixed seed, so a failure is seen again.
    struct Seeded: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return state ^ (state >> 33)
        }
        mutating func below(_ n: Int) -> Int { Int(next() % UInt64(n)) }
        mutating func pick<T>(_ choices: [T]) -> T { choices[below(choices.count)] }
    }

    @Test(arguments: ["t.json", "t.jsonl", "t.csv", "t.yaml"])
    func damagedIndexesArePassedOver(name: String) throws {
        let dir = try ScratchDirectory()
        let cache = S.cache(dir)
        let text: String
        func load(_ path: String, _ cache: LoadIndexCache?) throws -> StreamedDocument {
            name == "t.yaml" ? try S.loadYAML(path, cache) : try S.load(path, cache)
        }
        switch name {
        case "t.json": text = S.sectionedJSON
        case "t.yaml": text = S.sectionedYAML
        case "t.jsonl":
            text = "{\"text\": \"a\", \"selected\": true}\n{\"cell\": \"subtitle\", \"text\": \"b\", \"height\": 2}\n"
        default: text = "text,secondaryText,cell\nApple,red,subtitle\nPear,green,value1\n"
        }
        let path = try S.write(dir, name, text)
        let expected = try Self.drawn(try load(path, nil))
        #expect(try load(path, cache).loadIndexUse == .written)
        let file = S.indexFile(cache, of: path)
        let good = try [UInt8](Data(contentsOf: URL(fileURLWithPath: file)))
        var rng = Seeded(state: 12_345)
        for round in 0..<300 {
            var bad = good
            switch round % 5 {
            case 0:
                let i = Int.random(in: 0..<bad.count, using: &rng)
                bad[i] ^= 1 << UInt8.random(in: 0..<8, using: &rng)
            case 1:
                let i = Int.random(in: 0..<bad.count, using: &rng)
                bad[i] = bad[i] &+ UInt8.random(in: 1...255, using: &rng)
            case 2: bad.removeLast(Int.random(in: 1...bad.count, using: &rng))
            case 3: bad += (0..<Int.random(in: 1...64, using: &rng)).map { _ in UInt8.random(in: 0...255, using: &rng) }
            default:
                // Eight bytes of a count or offset set to a large value.
                let i = Int.random(in: 0..<(bad.count / 8), using: &rng) * 8
                for k in 0..<8 where i + k < bad.count { bad[i + k] = k == 7 ? 0x7F : 0xFF }
                if bad == good { continue }
            }
            try Data(bad).write(to: URL(fileURLWithPath: file))
            let doc = try load(path, cache)
            #expect(doc.loadIndexUse == .written, "round \(round)")
            #expect(try Self.drawn(doc) == expected, "round \(round)")
        }
    }

    /// Sums `bytes` again as `LoadIndex.encoded` does, so only the checks after the checksum stand between them and the load.
    static func resummed(_ bytes: [UInt8]) -> [UInt8] {
        var out = bytes
        let sum = bytes.withUnsafeBytes { CacheChecksum.of(UnsafeRawBufferPointer(rebasing: $0[24...])) }
        withUnsafeBytes(of: sum) { for (k, b) in $0.enumerated() { out[16 + k] = b } }
        return out
    }

    @Test func indexesWhoseChecksumHoldsButWhoseRowsDoNotFitArePassedOver() throws {
        let dir = try ScratchDirectory()
        let cache = S.cache(dir)
        let path = try S.write(dir, "t.json", S.sectionedJSON)
        let size = S.sectionedJSON.utf8.count
        let expected = try Self.drawn(try S.load(path, nil))
        #expect(try S.load(path, cache).loadIndexUse == .written)
        let file = S.indexFile(cache, of: path)
        let good = try LoadIndex.decode([UInt8](Data(contentsOf: URL(fileURLWithPath: file))))
        let offsets = Array(good.found.rowOffsets)
        func narrow(_ o: [Int]) -> RowOffsets? {
            RowOffsets(byteLimit: size, narrow: o.map { UInt32(truncatingIfNeeded: $0) }, wide: [])
        }
        // Offsets out of order or past the file are refused as the index is read.
        #expect(narrow(offsets.reversed()) == nil)
        #expect(narrow(offsets.dropLast() + [size]) == nil)
        #expect(narrow(offsets + offsets.suffix(1)) == nil)
        #expect(RowOffsets(byteLimit: size, narrow: [], wide: offsets) == nil)
        var bad: [(String, LoadIndex)] = []
        var v = good
        v.found.selectedRows = [offsets.count]
        bad.append(("a selected row past the rows", v))
        v = good
        v.found.highlightedRows = [1, 1]
        bad.append(("a row highlighted twice", v))
        v = good
        v.found.rowLists[0].start += 1
        bad.append(("a rows list that does not start at its bracket", v))
        v = good
        v.found.rowLists[1].rowCount += 1
        bad.append(("lists that hold more rows than there are", v))
        v = good
        v.found.rowLists.removeLast()
        bad.append(("a rows list missing", v))
        v = good
        v.found.rowLists[0].end = v.found.rowLists[1].start + 3
        bad.append(("lists that overlap", v))
        v = good
        v.found.identifiers["default"] = size + 10
        bad.append(("an identifier past the file", v))
        v = good
        v.rowSections = [
            StreamedDocument.Section(header: "x", firstRow: 0, rowCount: offsets.count, offset: offsets[0])
        ]
        bad.append(("a table document given sections of rows", v))
        v = good
        v.fingerprint.format = .yaml
        bad.append(("a YAML index", v))
        for (what, index) in bad {
            try Data(index.encoded()).write(to: URL(fileURLWithPath: file))
            let doc = try S.load(path, cache)
            #expect(doc.loadIndexUse == .written, "\(what)")
            #expect(try Self.drawn(doc) == expected, "\(what)")
        }
    }

    /// Every eight-byte field in turn set to a huge count or offset, the checksum made to hold:
    /// no count asks for memory the file does not have, nothing traps, and an index refused
    /// draws the same table. (A value in range, as a height, is what the index says: the
    /// checksum, not the checks, is what stands against a damaged one.)
    @Test func hugeCountsAndOffsetsAreRefusedBeforeAnythingIsMade() throws {
        let dir = try ScratchDirectory()
        let cache = S.cache(dir)
        let path = try S.write(dir, "t.json", S.sectionedJSON)
        let expected = try Self.drawn(try S.load(path, nil))
        #expect(try S.load(path, cache).loadIndexUse == .written)
        let file = S.indexFile(cache, of: path)
        let good = [UInt8](try Data(contentsOf: URL(fileURLWithPath: file)))
        #expect(throws: Never.self) { try LoadIndex.decode(Self.resummed(good)) }
        var refused = 0
        var fields = 0
        for field in stride(from: 24, to: good.count - 7, by: 8) {
            fields += 1
            for huge in [UInt64(1) << 40, UInt64.max, UInt64(1) << 63] {
                var bad = good
                withUnsafeBytes(of: huge) { for (k, b) in $0.enumerated() { bad[field + k] = b } }
                bad = Self.resummed(bad)
                try Data(bad).write(to: URL(fileURLWithPath: file))
                let doc = try S.load(path, cache)
                guard (try? LoadIndex.decode(bad)) == nil else { continue }
                refused += 1
                #expect(doc.loadIndexUse == .written, "field at \(field)")
                #expect(try Self.drawn(doc) == expected, "field at \(field)")
            }
        }
        #expect(refused >= 2 * fields, "\(refused) of \(3 * fields) refused")
    }
}
