// swift-tools-version:6.0
// Swift 6 language mode is the default for tools version 6.0.
import PackageDescription

let package = Package(
    name: "Cellar",
    platforms: [.macOS(.v13)],
    products: [
        .library(name: "Cellar", targets: ["Cellar"]),
        .library(name: "CellarDocuments", targets: ["CellarDocuments"]),
        .library(name: "CellarGolden", targets: ["CellarGolden"]),
        .library(name: "CellarText", targets: ["CellarText"]),
        .library(name: "CellarLua", targets: ["CellarLua"]),
        .library(name: "CellarTerminal", targets: ["CellarTerminal"]),
        .library(name: "CellarSnapshotTesting", targets: ["CellarSnapshotTesting"]),
        .executable(name: "cellar", targets: ["cellar"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        // Only CellarSnapshotTesting and its tests link it; every other target keeps its light dependencies.
        .package(url: "https://github.com/pointfreeco/swift-snapshot-testing", exact: "1.19.7"),
    ],
    targets: [
        // Lua 5.4 from the system (Debian: liblua5.4-dev).
        .systemLibrary(
            name: "CLua",
            pkgConfig: "lua5.4",
            providers: [.apt(["liblua5.4-dev"])]
        ),
        // libfyaml from the system (Debian: libfyaml-dev): a YAML 1.2 parser whose events every
        // YAML document is read on (`YAMLEvents`).
        .systemLibrary(
            name: "CFYAML",
            pkgConfig: "libfyaml",
            providers: [.apt(["libfyaml-dev"])]
        ),
        // C wrappers for Lua's macros, and the trampolines that raise Lua
        // errors on the C side so no longjmp ever crosses a Swift frame.
        .target(name: "CLuaShim", dependencies: ["CLua"]),
        .target(name: "CellarText"),
        // The core: model, TableView and its parts, styles, layout. No I/O formats.
        .target(name: "Cellar", dependencies: ["CellarText"]),
        // Table documents (YAML, JSON) as data sources.
        .target(
            name: "CellarDocuments",
            dependencies: [
                "Cellar", "CellarText", "CFYAML",
            ]),
        // Golden cases: parsing, scenarios, the runner, diffs and files.
        .target(
            name: "CellarGolden",
            dependencies: [
                "Cellar", "CellarDocuments", "CellarText",
            ]),
        .target(name: "CellarLua", dependencies: ["Cellar", "CellarText", "CLua", "CLuaShim"]),
        // The interactive front-end: raw mode, keys and mouse, frame diff, the browse loop.
        .target(name: "CellarTerminal", dependencies: ["Cellar", "CellarText"]),
        // Strategies for pointfreeco's swift-snapshot-testing (tables as text, ANSI, frames of
        // actions), and golden cases played against a table a Swift data source fills.
        .target(
            name: "CellarSnapshotTesting",
            dependencies: [
                "Cellar", "CellarGolden", "CellarText",
                .product(name: "SnapshotTesting", package: "swift-snapshot-testing"),
            ]),
        .executableTarget(
            name: "cellar",
            dependencies: [
                "Cellar", "CellarDocuments", "CellarGolden", "CellarLua", "CellarTerminal", "CellarText",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]),
        .testTarget(name: "CellarTextTests", dependencies: ["CellarText"]),
        .testTarget(
            name: "CellarTerminalTests", dependencies: ["CellarTerminal", "Cellar", "CellarText", "CellarTestSupport"]),
        // Fixtures the test targets share: array data sources, scratch directories, the CLI runner.
        .target(
            name: "CellarTestSupport", dependencies: ["Cellar", "CellarDocuments", "CellarGolden", "CellarText"],
            path: "Tests/CellarTestSupport"),
        .testTarget(
            name: "CellarTests",
            dependencies: ["Cellar", "CellarDocuments", "CellarText", "CellarLua", "CellarTestSupport"]),
        .testTarget(
            name: "CellarDocumentsTests",
            dependencies: [
                "CellarDocuments", "Cellar", "CellarText", "CellarTestSupport", "CellarGolden", "CellarLua",
            ]),
        .testTarget(
            name: "CellarGoldenTests",
            dependencies: [
                "CellarGolden", "CellarDocuments", "Cellar", "CellarText", "CellarLua", "CellarTestSupport",
            ]),
        .testTarget(
            name: "CellarLuaTests",
            dependencies: ["CellarLua", "Cellar", "CellarDocuments", "CellarTestSupport", "CLuaShim", "CLua"]),
        .testTarget(
            name: "CellarSnapshotTestingTests",
            dependencies: [
                "CellarSnapshotTesting", "Cellar", "CellarDocuments", "CellarGolden", "CellarText", "CellarTestSupport",
                .product(name: "SnapshotTesting", package: "swift-snapshot-testing"),
            ],
            // Recorded snapshots and golden cases are read from beside the tests, not bundled.
            exclude: ["__Snapshots__", "Cases"]
        ),
        .testTarget(
            name: "CellarCLITests",
            dependencies: ["cellar", "Cellar", "CellarDocuments", "CellarText", "CellarTestSupport"]
        ),
    ]
)
