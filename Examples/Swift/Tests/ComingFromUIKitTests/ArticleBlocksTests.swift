import Foundation
import Testing

/// The "Coming from UIKit" article shows each UIKit snippet beside its
/// Cellar twin. Every Cellar block (a ```swift block whose first line is
/// `// Cellar`) must be, character for character, a region of the
/// `Snippets*.swift` files here — between `// article: begin` and
/// `// article: end`, in the same order — where it is compiled against
/// `import Cellar` alone and run. So the article cannot drift from what
/// compiles.
@Suite struct ArticleBlocksTests {
    static let here = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    static let article = here.appendingPathComponent("../../../../Sources/Cellar/Cellar.docc/ComingFromUIKit.md")
        .standardizedFileURL

    @Test func everyCellarBlockIsACompiledSnippet() throws {
        let blocks = try ArticleText.cellarBlocks(of: String(contentsOf: Self.article, encoding: .utf8))
        let regions = try snippetRegions()
        #expect(blocks.count > 0, "no `// Cellar` block in \(Self.article.path)")
        for (index, pair) in zip(blocks, regions).enumerated() where pair.0 != pair.1 {
            Issue.record(
                """
                Cellar block \(index + 1) of the article differs from snippet region \(index + 1):
                --- article
                \(pair.0)
                --- Snippets*.swift
                \(pair.1)
                """)
        }
        #expect(
            blocks.count == regions.count,
            "the article has \(blocks.count) Cellar blocks, the snippets \(regions.count) regions")
    }

    /// Every block is labelled, so none is left unchecked by a missing label.
    @Test func everyBlockSaysWhichSideItIs() throws {
        let text = try String(contentsOf: Self.article, encoding: .utf8)
        for block in ArticleText.swiftBlocks(of: text) {
            let first = block.first ?? ""
            #expect(first == "// UIKit" || first == "// Cellar", "a block starts \(first.debugDescription)")
        }
    }

    /// The extraction itself: a stray fence or an unlabelled block is noticed.
    @Test func theExtractionReadsLabelledBlocksOnly() throws {
        let text = """
            Prose.

            ```swift
            // UIKit
            let a = 1
            ```

            ```swift
            // Cellar
            let a = 1
                let b = 2
            ```
            """
        #expect(try ArticleText.cellarBlocks(of: text) == ["let a = 1\n    let b = 2"])
        #expect(throws: ArticleText.Unclosed.self) { try ArticleText.cellarBlocks(of: "```swift\n// Cellar\nx") }
        let regions = try ArticleText.regions(
            of: "func f() {\n    // article: begin\n    let a = 1\n        let b = 2\n    // article: end\n}\n")
        #expect(regions == ["let a = 1\n    let b = 2"])
    }

    func snippetRegions() throws -> [String] {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.here.path)
            .filter { $0.hasPrefix("Snippets") && $0.hasSuffix(".swift") }.sorted()
        return try files.flatMap { name in
            try ArticleText.regions(
                of: String(contentsOf: Self.here.appendingPathComponent(name), encoding: .utf8))
        }
    }
}

/// Fenced blocks out of Markdown, and marked regions out of Swift.
enum ArticleText {
    struct Unclosed: Error, CustomStringConvertible {
        var line: Int
        var description: String { "a block or region opened at line \(line) is never closed" }
    }

    /// The lines of each ```swift block.
    static func swiftBlocks(of text: String) -> [[String]] {
        (try? blocks(of: text)) ?? []
    }

    static func blocks(of text: String) throws -> [[String]] {
        var blocks: [[String]] = []
        var current: [String]?
        var opened = 0
        for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if current == nil {
                if line == "```swift" {
                    current = []
                    opened = number + 1
                }
            } else if line == "```" {
                blocks.append(current ?? [])
                current = nil
            } else {
                current?.append(String(line))
            }
        }
        if current != nil { throw Unclosed(line: opened) }
        return blocks
    }

    /// The Cellar blocks, without their `// Cellar` line.
    static func cellarBlocks(of text: String) throws -> [String] {
        try blocks(of: text).filter { $0.first == "// Cellar" }.map { $0.dropFirst().joined(separator: "\n") }
    }

    /// The regions between `// article: begin` and `// article: end`,
    /// moved left by the begin marker's indentation.
    static func regions(of source: String) throws -> [String] {
        var regions: [String] = []
        var current: [String]?
        var indent = 0
        var opened = 0
        for (number, line) in source.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let trimmed = line.drop { $0 == " " }
            if trimmed == "// article: begin" {
                current = []
                indent = line.count - trimmed.count
                opened = number + 1
            } else if trimmed == "// article: end" {
                regions.append((current ?? []).joined(separator: "\n"))
                current = nil
            } else if current != nil {
                current?.append(String(line.dropFirst(min(indent, line.prefix { $0 == " " }.count))))
            }
        }
        if current != nil { throw Unclosed(line: opened) }
        return regions
    }
}
