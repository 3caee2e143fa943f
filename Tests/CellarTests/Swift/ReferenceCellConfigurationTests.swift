import Cellar
import Testing

// The reference's Cell Configuration tutorial, written as it writes it (only
// `UI` dropped, `try` added, and the UIView/Auto Layout lines a terminal has
// no use for left out): MyCellConfiguration, CellConfigurationView and
// CellConfigTableViewCell, registered as a class and dequeued with `as?`.

struct MyCellConfiguration: ContentConfiguration, Hashable {

    var title: String = ""
    var body: String = ""

    func makeContentView() -> any ContentView {
        return CellConfigurationView(config: self)
    }

    func updated(for state: any ConfigurationState) -> MyCellConfiguration {
        if let state = state as? CellConfigurationState {
            var updatedConfig = self

            if state.isSelected {
                updatedConfig.title = "선택됨: " + updatedConfig.title
            }
            return updatedConfig
        }
        return self
    }
}

final class CellConfigurationView: ContentView {

    fileprivate var customConfiguration: MyCellConfiguration!

    fileprivate func applyConfigAndChangeUI(_ newConfiguration: MyCellConfiguration) {
        self.customConfiguration = newConfiguration
        titleLabel.text = newConfiguration.title
        bodyLabel.text = newConfiguration.body
    }

    var configuration: ContentConfiguration {
        get { customConfiguration }
        set {
            if let newConfiguration = newValue as? MyCellConfiguration {
                applyConfigAndChangeUI(newConfiguration)
            }
        }
    }

    init(config: MyCellConfiguration) {
        applyConfigAndChangeUI(config)
    }

    lazy var titleLabel: Label = {
        var label = Label("타이틀 라벨")
        label.numberOfLines = 1
        label.style = TextStyle(attributes: .bold)
        return label
    }()

    lazy var bodyLabel: Label = {
        var label = Label("바디 라벨")
        label.numberOfLines = 0
        return label
    }()

    // The storyboard's constraints: title over body, 10 points in (one column here).
    func node(in context: LayoutContext) -> ViewNode {
        .padding(Insets(leading: 1), .stack(.vertical([.label(titleLabel), .label(bodyLabel)])))
    }
}

class CellConfigTableViewCell: Cell {

    var title: String = "" {
        didSet {
            setNeedsUpdateConfiguration()
        }
    }

    var body: String = "" {
        didSet {
            setNeedsUpdateConfiguration()
        }
    }

    override func updateConfiguration(using state: CellConfigurationState) {
        super.updateConfiguration(using: state)

        var contentConfig = MyCellConfiguration().updated(for: state)
        contentConfig.title = title
        contentConfig.body = body
        self.contentConfiguration = contentConfig
    }
}

struct DummyData {
    let title: String
    let body: String
}

struct DummySection {
    let title: String
    let rows: [DummyData]
}

final class CellConfigurationListViewController: TableViewDataSource, TableViewDelegate {

    var myTableView: TableView!
    var dummySections: [DummySection] = [
        DummySection(
            title: "과일",
            rows: [
                DummyData(title: "사과", body: "빨갛고 아삭한 사과"),
                DummyData(title: "배", body: "달콤하고 시원한 배는 가을에 가장 맛있다"),
            ])
    ]

    func viewDidLoad() throws {
        myTableView = TableView(style: .plain)
        try configureTableView()
    }

    fileprivate func configureTableView() throws {
        try self.myTableView.register(CellConfigTableViewCell.self, forCellReuseIdentifier: "CellConfigTableViewCell")

        self.myTableView.dataSource = self
        self.myTableView.delegate = self
    }

    func tableView(_ tableView: TableView, titleForHeaderInSection section: Int) -> String? {
        return "헤더: " + dummySections[section].title
    }

    func numberOfSections(in tableView: TableView) -> Int {
        return dummySections.count
    }

    func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int {
        return dummySections[section].rows.count
    }

    func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) throws -> Cell {
        guard
            let cell = try tableView.dequeueReusableCell(withIdentifier: "CellConfigTableViewCell", for: indexPath)
                as? CellConfigTableViewCell
        else {
            return Cell()
        }

        let sectionData: DummySection = dummySections[indexPath.section]

        let cellData: DummyData = sectionData.rows[indexPath.row]

        cell.title = cellData.title
        cell.body = cellData.body
        return cell
    }
}

@Suite struct ReferenceCellConfigurationTests {
    func loaded() throws -> CellConfigurationListViewController {
        let controller = CellConfigurationListViewController()
        try controller.viewDidLoad()
        controller.myTableView.width = 24
        return controller
    }

    @Test func drawsTheConfigurationViewOfEachRow() throws {
        let controller = try loaded()
        let text = try controller.myTableView.renderText()
        #expect(
            text == """
                 헤더: 과일 ────────────
                  사과
                  빨갛고 아삭한 사과
                 ───────────────────────
                  배
                  달콤하고 시원한 배는
                  가을에 가장 맛있다

                """)
        // Each row's cell is an instance of the registered class, its view made by the configuration.
        controller.myTableView.viewportHeight = 8
        _ = try controller.myTableView.renderText()
        let cell = try #require(controller.myTableView.cellForRow(at: IndexPath(0, 0)))
        #expect(cell is CellConfigTableViewCell)
        #expect(cell.contentView is CellConfigurationView)
    }

    @Test func selectionRunsUpdateConfigurationAndTheStatePrefixesTheTitle() throws {
        // The tutorial's override makes a fresh configuration, updates it for
        // the state and then sets its title, overwriting that prefix; the cell
        // then updates the configuration it holds for the state
        // (automaticallyUpdatesContentConfiguration, true by default), so a
        // selected row reads "선택됨: …" once, as the tutorial means it to.
        let controller = try loaded()
        let table = controller.myTableView!
        try table.perform(.selectRow(IndexPath(0, 1)))
        let lines = try table.renderText().split(separator: "\n").map(String.init)
        #expect(lines[4] == "▌ 선택됨: 배")
        #expect(lines.joined().components(separatedBy: "선택됨").count == 2)
        // Deselected, the title is its own again: the prefix never stacks.
        try table.perform(.deselectRow(IndexPath(0, 1)))
        let again = try table.renderText().split(separator: "\n").map(String.init)
        #expect(again[4] == "  배")
    }
}
