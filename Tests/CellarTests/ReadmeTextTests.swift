import Cellar
import CellarTestSupport
import Foundation
import Testing

/// The README's examples are what the project does: its Swift example is the
/// code `ReadmeExampleTests.swift` compiles and runs, its sample render is
/// what the foods example draws, and its golden excerpt starts that golden.
@Suite struct ReadmeTextTests {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func text(_ path: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    }

    /// The lines of the README's fenced block that follows `marker`.
    static func block(after marker: String) throws -> [String] {
        let readme = try text("README.md")
        let start = try #require(readme.range(of: marker), "README lost \(marker)")
        let fence = try #require(readme.range(of: "```", range: start.upperBound..<readme.endIndex))
        let bodyStart = try #require(readme[fence.upperBound...].firstIndex(of: "\n"))
        let end = try #require(readme.range(of: "\n```", range: bodyStart..<readme.endIndex))
        return lines(String(readme[readme.index(after: bodyStart)..<end.lowerBound]))
    }

    @Test func swiftExampleIsTheCompiledExample() throws {
        let readme = try Self.block(after: "## Using Cellar from Swift").joined(separator: "\n")
        let source = try Self.text("Tests/CellarTests/ReadmeExampleTests.swift")
        let start = try #require(source.range(of: "struct Food"))
        let classStart = try #require(source.range(of: "final class FoodList"))
        let end = try #require(source.range(of: "\n}\n", range: classStart.upperBound..<source.endIndex))
        #expect(readme.contains(source[start.lowerBound..<end.upperBound]))
    }

    @Test func sampleRenderIsWhatTheFoodsExampleDraws() throws {
        let shown = try Self.block(after: "# Cellar")
        #expect(shown.first == "$ Scripts/cellar render Examples/foods.yaml --width 46")
        let (drawn, _) = try render(try Self.text("Examples/foods.yaml"), width: 46)
        let frame = Array(shown.dropFirst())
        #expect(Array(lines(drawn).prefix(frame.count)) == frame)
    }

    @Test func goldenExcerptStartsTheToggleGolden() throws {
        let shown = try Self.block(after: "and the start of `toggle.golden`")
        let golden = lines(try Self.text("Styles/cases/checklist/toggle.golden"))
        #expect(shown.count > 10)
        #expect(Array(golden.prefix(shown.count)) == shown)
    }
}
