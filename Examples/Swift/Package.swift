// swift-tools-version:6.0
// The reference's UIKit examples, written as a UIKit developer writes them
// against `import Cellar` (see README.md). Each executable prints its table
// as text; Scripts/examples-test compares that with Goldens/.
import PackageDescription

let cellar: Target.Dependency = .product(name: "Cellar", package: "Cellar")

let package = Package(
    name: "CellarExamples",
    platforms: [.macOS(.v13)],
    dependencies: [
        // The project itself, two directories up.
        .package(name: "Cellar", path: "../.."),
    ],
    targets: [
        // "Filling a Table with Data": hierarchicalData and its basicStyleCell.
        .executableTarget(name: "HierarchicalData", dependencies: [cellar]),
        // "Configuring the Cells for Your Table": the FoodCell subclass and its outlets.
        .executableTarget(name: "FoodCells", dependencies: [cellar]),
        // "[TableView] 6. Cell Configuration": MyCellConfiguration, CellConfigurationView,
        // CellConfigTableViewCell.
        .executableTarget(name: "CellConfiguration", dependencies: [cellar]),
        // A live job list in the terminal: a diffable data source updated every
        // second from another task through TerminalTableController (Scripts/live-test).
        .executableTarget(name: "LiveJobs", dependencies: [
            cellar, .product(name: "CellarTerminal", package: "Cellar"),
        ]),
        // The "Coming from UIKit" article's Cellar snippets, compiled and run
        // (and checked against the article's text), and the tutorial's cell
        // driven through the states its golden does not show.
        .testTarget(name: "ComingFromUIKitTests", dependencies: [cellar, "CellConfiguration"]),
    ]
)
