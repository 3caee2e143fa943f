import Testing

@testable import CellarDocuments

/// Piped CSV and TSV rows are handed on a complete record at a time (`RecordEnds`): wherever the reads split the
/// bytes, a record handed on ends where reading the whole text ends one, and once all has arrived, all are.
@Suite struct RecordEndsTests {
    /// Where the whole text is between records as `DelimitedRecords` reads it (a record's end, or a blank line's
    /// after it); nil when it is refused.
    func boundaries(_ bytes: [UInt8], _ format: InputFormat) -> Set<Int>? {
        bytes.withUnsafeBufferPointer { buffer in
            let records = DelimitedRecords(buffer, format: format)
            var ends: Set<Int> = [0]
            var fields: [DelimitedRecords.Field] = []
            var at = 0
            while true {
                let start = records.nextRecordStart(from: at) ?? bytes.count
                ends.formUnion((at...start).filter { $0 == at || bytes[$0 - 1] == 0x0A })
                guard start < bytes.count else { return ends }
                guard let next = try? records.record(at: start, into: &fields) else { return nil }
                at = next
            }
        }
    }

    func lastEnd(_ bytes: [UInt8], _ format: InputFormat, pieces: [Int]) -> [Int] {
        var ends = RecordEnds(format: format)
        var seen: [Int] = []
        for cut in pieces + [bytes.count] {
            Array(bytes[..<cut]).withUnsafeBufferPointer { ends.search($0) }
            seen.append(ends.lastEnd)
        }
        return seen
    }

    @Test(arguments: [InputFormat.csv, .tsv])
    func recordsEndAsInTheWholeText(format: InputFormat) {
        var seed = UInt64(0x5EED)
        func next(_ n: Int) -> Int {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((seed >> 33) % UInt64(n))
        }
        let pieces: [[UInt8]] = [[0x61], [0x22], [0x22, 0x22], [0x09], [0x2C], [0x0A], [0x0D, 0x0A], [0x0D], [0x20]]
        var read = 0
        for _ in 0..<10_000 {
            var bytes: [UInt8] = []
            for _ in 0..<(1 + next(24)) { bytes += pieces[next(pieces.count)] }
            if next(2) == 0 { bytes.append(0x0A) }
            guard let whole = boundaries(bytes, format) else { continue }
            read += 1
            let cuts = (0..<next(5)).map { _ in next(bytes.count + 1) }.sorted()
            let seen = lastEnd(bytes, format, pieces: cuts)
            let text = "\(format) \(String(decoding: bytes, as: UTF8.self).debugDescription) cut at \(cuts)"
            #expect(seen.allSatisfy(whole.contains), "\(text): \(seen), whole \(whole.sorted())")
            #expect(seen == seen.sorted(), "\(text)")
            // All arrived, the search ends where reading at once ends: past the last record.
            #expect(seen.last == lastEnd(bytes, format, pieces: []).last, "\(text)")
            #expect(bytes.last != 0x0A || seen.last == bytes.count, "\(text)")
        }
        #expect(read > 1_000)
    }
}
