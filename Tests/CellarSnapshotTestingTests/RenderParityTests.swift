import CellarDocuments
import CellarSnapshotTesting
import CellarTestSupport
import SnapshotTesting
import Testing

@testable import Cellar

/// `.lines` and `.ansi` are what `cellar render` prints: the same example
/// document, loaded as an app loads it, drawn by the strategy and by the
/// CLI at the same width and theme, byte for byte.
@Suite struct RenderParityTests {
    /// What `strategy` would record for `table`.
    func drawn(_ table: TableView, as strategy: Snapshotting<TableView, String>) -> String {
        var text = ""
        strategy.snapshot(table).run { text = $0 }
        return text
    }

    static let examples = ["Examples/foods.yaml", "Examples/contacts.yaml", "Examples/fruits.json"]

    @Test(arguments: examples, [Appearance.light, .dark])
    func theStrategiesDrawWhatRenderPrints(example: String, appearance: Appearance) throws {
        let root = CellarCLI.packageRoot
        let loaded = try LoadedTable.load(path: root + "/" + example, format: nil, sizeLimit: nil)
        let registry = try loaded.registry(over: Registry())
        try loaded.validate(against: registry)
        let table = loaded.makeTableView(registry: registry)
        table.width = 80
        try loaded.checkRowHeights(width: 44)

        let plain = try CellarCLI.run(["render", example, "--width", "44", "--color", "never"], in: root)
        #expect(plain.status == 0, Comment(rawValue: plain.stderr))
        #expect(drawn(table, as: .lines(width: 44)) == plain.stdout)

        let theme = appearance.rawValue
        let ansi = try CellarCLI.run(
            ["render", example, "--width", "44", "--color", "always", "--theme", theme], in: root)
        #expect(ansi.status == 0, Comment(rawValue: ansi.stderr))
        #expect(drawn(table, as: .ansi(width: 44, appearance: appearance)) == ansi.stdout)
        #expect(ansi.stdout.contains("\u{1B}["))
        // The table gets its own width and appearance back.
        #expect(table.width == 80 && table.appearance == .light)
    }
}
