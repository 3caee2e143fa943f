import Cellar
import Testing

/// The Cell Configuration tutorial's cell, as Examples/Swift's
/// CellConfiguration writes it, cut to its title: `updateConfiguration(using:)`
/// builds `PrefixingConfiguration().updated(for: state)`, then sets its
/// title, so the prefix its own call added is overwritten. UIKit then
/// updates the configuration set for the cell's state
/// (`automaticallyUpdatesContentConfiguration`, true by default), so a
/// selected row reads "선택됨: …" (/work/shared/UIKIT.md, "Configuration
/// state").
struct PrefixingConfiguration: ContentConfiguration {
    var title = ""
    func makeContentView() -> any ContentView { TitleView(configuration: self) }
    func updated(for state: any ConfigurationState) -> PrefixingConfiguration {
        guard let state = state as? CellConfigurationState, state.isSelected else { return self }
        var updated = self
        updated.title = "선택됨: " + title
        return updated
    }
}

final class TitleView: ContentView {
    var configuration: any ContentConfiguration
    init(configuration: PrefixingConfiguration) { self.configuration = configuration }
    func node(in context: LayoutContext) -> ViewNode {
        .label(Label((configuration as? PrefixingConfiguration)?.title ?? ""))
    }
}

final class TutorialCell: Cell {
    var title = "" { didSet { setNeedsUpdateConfiguration() } }
    override func updateConfiguration(using state: CellConfigurationState) {
        super.updateConfiguration(using: state)
        var content = PrefixingConfiguration().updated(for: state)
        content.title = title
        contentConfiguration = content
    }
}

final class OneTutorialRow: TableViewDataSource {
    func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { 1 }
    func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) throws -> Cell {
        let cell = try tableView.dequeueReusableCell(withIdentifier: "tutorial", for: indexPath) as! TutorialCell
        cell.title = "오늘도 코딩"
        return cell
    }
}

@Suite struct TutorialSelectionTests {
    @Test func aSelectedRowReadsAsUIKitDrawsIt() throws {
        let row = OneTutorialRow()
        let tableView = try TableView.testing(row, width: 24, separators: true, cells: ["tutorial": TutorialCell.self])
        try tableView.perform(.selectRow(IndexPath(row: 0, section: 0)))
        let drawn = try tableView.drawnLines()
        #expect(drawn == ["▌선택됨: 오늘도 코딩"])
    }
}
