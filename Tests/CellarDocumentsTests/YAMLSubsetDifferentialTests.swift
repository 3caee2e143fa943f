import CellarTestSupport
import Foundation
import Testing

@_spi(Fuzzing) @testable import CellarDocuments

/// The subset scanner (`YAMLSubsetEvents`) against libyaml over every YAML
/// file in the repository, every refusal the streamed reader is tested on,
/// and thousands of generated documents and seeded mutations of them: where
/// the scanner does not step aside its events are libyaml's, and a load's
/// JSON form or error is libyaml's (`YAMLDifferential.mismatch`).
@Suite struct YAMLSubsetDifferentialTests {
    static func check(_ bytes: [UInt8], _ comment: @autoclosure () -> String = "") {
        if let difference = YAMLDifferential.mismatch(bytes) {
            let text = String(decoding: bytes.prefix(300), as: UTF8.self).debugDescription
            Issue.record("\(difference)\n\(text) \(comment())")
        }
    }

    /// Every .yaml and .yml under the repository's examples, styles, tests and fuzzing inputs.
    static func repositoryYAML() throws -> [String] {
        let root = CellarCLI.packageRoot
        var paths: [String] = []
        for top in ["Examples", "Styles", "Tests", "Fuzzing/corpus", "Fuzzing/regressions", "Fuzzing/pending"] {
            guard let walk = FileManager.default.enumerator(atPath: root + "/" + top) else { continue }
            for case let name as String in walk where name.hasSuffix(".yaml") || name.hasSuffix(".yml") {
                paths.append(root + "/" + top + "/" + name)
            }
        }
        return paths.sorted()
    }

    @Test func everyYAMLFileInTheRepository() throws {
        let paths = try Self.repositoryYAML()
        #expect(paths.count > 50)
        for path in paths {
            let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
            Self.check(bytes, path)
            // The example tables are written in the subset, so libyaml never reads them.
            // (Golden cases open with a folded `description: >`, a block scalar: libyaml's.)
            if path.contains("/Examples/") { #expect(YAMLDifferential.isInSubset(bytes), "\(path)") }
        }
    }

    @Test func everyRefusalOfTheStreamedReader() {
        for text in StreamedYAMLTests.bad + YAMLSubsetCorpus.edges { Self.check(Array(text.utf8)) }
    }

    @Test func generatedDocuments() {
        var rng = YAMLSubsetCorpus.Seeded(state: 0x5EED)
        var inSubset = 0
        for n in 0..<1500 {
            let bytes = Array(YAMLSubsetCorpus.document(&rng).utf8)
            Self.check(bytes, "document \(n)")
            if YAMLDifferential.isInSubset(bytes) { inSubset += 1 }
        }
        // The generator writes the subset: the scanner must take nearly all of it.
        #expect(inSubset > 1400, "\(inSubset)")
    }

    @Test func mutatedDocuments() {
        var rng = YAMLSubsetCorpus.Seeded(state: 0xBAD5EED)
        var taken = 0
        for n in 0..<4000 {
            var bytes = Array(YAMLSubsetCorpus.document(&rng).utf8)
            for _ in 0..<(1 + Int(rng.next() % 3)) { YAMLSubsetCorpus.mutate(&bytes, &rng) }
            Self.check(bytes, "mutation \(n)")
            if YAMLDifferential.isInSubset(bytes) { taken += 1 }
        }
        // Both sides are exercised: many mutations stay in the subset, many leave it.
        #expect(taken > 800 && taken < 3600, "\(taken)")
    }
}
