import Cellar
import CellarDocuments
import CellarTestSupport
import Foundation
import Testing

@testable import CellarLua

/// `cellar new-style NAME` writes a style that loads and an example that renders.
@Suite struct LuaStyleTemplateTests {
    @Test func theSkeletonLoadsAndItsExampleRenders() throws {
        let scratch = try ScratchDirectory()
        let root = scratch.path
        let written = try StyleTemplate.write(
            name: "todo", stylesDir: root + "/Styles", examplesDir: root + "/Examples")
        #expect(
            written == [
                root + "/Styles/todo.lua", root + "/Styles/cases/todo/example.case.yaml",
                root + "/Examples/todo.yaml",
            ])
        // No emoji whose width terminals disagree on (🖥 is one column by wcwidth, two in many terminals).
        let example = try String(contentsOfFile: root + "/Examples/todo.yaml", encoding: .utf8)
        #expect(!example.unicodeScalars.contains { $0.value == 0x1F5A5 })
        let registry = try luaRegistry([root + "/Styles"])
        let style = try #require(registry.style(for: "todo") as? LuaCellStyle)
        #expect(style.hooks == ["configure", "update", "layout", "prepare_for_reuse", "on_select"])
        let doc = try StreamedDocument.load(DocumentInput.read(root + "/Examples/todo.yaml"))
        try doc.validate(against: registry)
        let source = StreamedDataSource(document: doc)
        let table = source.makeTableView(registry: registry)
        table.width = 50
        table.viewportHeight = 20
        let text = try table.renderText()
        #expect(text.contains("📝 Write the style"))
        #expect(text.contains("✓"))
        #expect(text.contains("한국어 제목"))
        // Its on_select works: the second row gets its checkmark.
        try table.userSelectRow(at: IndexPath(0, 1))
        #expect(source.rowValue(at: IndexPath(0, 1))?["done"] == .bool(true))
    }

    @Test func refusesToOverwriteAndWritesNothingHalfway() throws {
        let scratch = try ScratchDirectory()
        let root = scratch.path
        try FileManager.default.createDirectory(atPath: root + "/Examples", withIntermediateDirectories: true)
        try "keep me".write(toFile: root + "/Examples/todo.yaml", atomically: true, encoding: .utf8)
        let e = cellarError {
            try StyleTemplate.write(name: "todo", stylesDir: root + "/Styles", examplesDir: root + "/Examples")
        }
        #expect(e?.description == "new-style: \(root)/Examples/todo.yaml already exists; not overwriting it")
        #expect(!FileManager.default.fileExists(atPath: root + "/Styles/todo.lua"))
        #expect(try String(contentsOfFile: root + "/Examples/todo.yaml", encoding: .utf8) == "keep me")
    }

    @Test(arguments: ["", "9lives", "has space", "../escape", "_private", "subtitle", "x.d"])
    func refusesUnusableNames(_ name: String) {
        #expect(cellarError { try StyleTemplate.validate(name: name) } != nil)
    }
}
