import CellarTestSupport
import Foundation
import Testing

/// The documents module's public surface is small enough for Cellar.docc to
/// cover: every public type it declares is named in an article, and the
/// rest of the module is `package` (shared with the CLI, the golden runner
/// and the tests, not with apps).
@Suite struct PublicSurfaceTests {
    static let root = CellarCLI.packageRoot

    static func swiftFiles(under dir: String) -> [String] {
        let base = root + "/" + dir
        let paths = FileManager.default.enumerator(atPath: base)?.compactMap { $0 as? String } ?? []
        return paths.filter { $0.hasSuffix(".swift") }.map { base + "/" + $0 }
    }

    /// The public types of Sources/CellarDocuments, by name; a file that
    /// declares an `@_spi` type (what the fuzzers reach) is not public surface.
    static func publicTypes() throws -> [String] {
        let declaration = /^\s*(?:@\w+(?:\([^)]*\))?\s+)*public\s+(?:final\s+)?(?:struct|enum|class|protocol)\s+(\w+)/
        var names: [String] = []
        for path in swiftFiles(under: "Sources/CellarDocuments") {
            let text = try String(contentsOfFile: path, encoding: .utf8)
            if text.contains("@_spi(") && text.contains(/@_spi\(\w+\) public (?:struct|enum|class)/) { continue }
            for line in text.split(separator: "\n") {
                if let m = line.firstMatch(of: declaration) { names.append(String(m.1)) }
            }
        }
        return names.sorted()
    }

    @Test func everyPublicTypeIsInTheDocs() throws {
        var articles = ""
        let dir = Self.root + "/Sources/Cellar/Cellar.docc"
        for name in try FileManager.default.contentsOfDirectory(atPath: dir) where name.hasSuffix(".md") {
            articles += try String(contentsOfFile: dir + "/" + name, encoding: .utf8)
        }
        let types = try Self.publicTypes()
        #expect(types.contains("LoadedTable"))
        let missing = types.filter { !articles.contains("`\($0)") }
        #expect(missing.isEmpty, "public types no article names: \(missing)")
    }

    /// A bound, so the surface does not grow back by accident: what the
    /// CLI and the golden runner share is `package`.
    @Test func theSurfaceStaysSmall() throws {
        let types = try Self.publicTypes()
        #expect(types.count <= 10, "public types: \(types)")
    }
}
