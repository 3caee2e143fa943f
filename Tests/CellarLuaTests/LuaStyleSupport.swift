import Cellar
import CellarDocuments
import CellarTestSupport
import CellarText
import Foundation
import Testing

@testable import CellarLua

/// The package root, found from this file: Tests/CellarLuaTests/<file>.
let luaStylesPackageRoot: String = {
    var url = URL(fileURLWithPath: #filePath)
    for _ in 0..<3 { url.deleteLastPathComponent() }
    return url.path
}()
let shippedStylesDir = luaStylesPackageRoot + "/Styles"

/// A scratch directory holding the given style files in its `Styles`
/// folder (`.styles`), removed when the test is done with it.
func styleDirectory(_ files: [String: String]) throws -> ScratchDirectory {
    let dir = try ScratchDirectory.withStyles()
    for (name, source) in files { try dir.write("Styles/" + name, source) }
    return dir
}

/// A registry with the built-ins and the styles under `directories`.
func luaRegistry(_ directories: [String], limits: LuaLimits = LuaLimits()) throws -> Registry {
    let registry = Registry()
    try StyleLoader.load(directories: directories, into: registry, limits: limits)
    return registry
}

/// A table over an inline document.
func luaTable(_ yaml: String, _ registry: Registry, width: Int = 40, height: Int? = nil) throws -> TableView {
    let doc = try streamedDocument(yaml, path: "test.yaml")
    // The document's own `register:` identifiers, as render and the runner add them.
    let registry = try doc.registry(over: registry)
    try doc.validate(against: registry)
    let table = StreamedDataSource(document: doc).makeTableView(registry: registry)
    table.width = width
    table.viewportHeight = height
    return table
}

/// The lines of a table's plain rendering, trailing blanks trimmed.
func renderLines(_ table: TableView) throws -> [String] {
    try table.renderText().split(separator: "\n", omittingEmptySubsequences: false).map {
        var s = String($0)
        while s.hasSuffix(" ") { s.removeLast() }
        return s
    }
}

/// The CellarError `body` throws (nil, with an issue recorded, if none).
func cellarError(_ body: () throws -> Void) -> CellarError? {
    do { try body() } catch let e as CellarError { return e } catch {
        Issue.record("expected a CellarError, got \(error)")
        return nil
    }
    Issue.record("expected an error")
    return nil
}

/// Collects every drawn canvas cell (character and style), so two renderings
/// can be compared colour for colour, not only as text.
final class CapturingWriter: CanvasWriter {
    var lines: [[Canvas.Cell]] = []
    func write(_ canvas: Canvas, lines range: Range<Int>) throws {
        for y in range { lines.append((0..<canvas.width).map { canvas[$0, y] }) }
    }
    func flush() throws {}
}
