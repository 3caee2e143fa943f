// swift-tools-version:6.0
// Cellar's benchmarks, kept apart from the product so `Scripts/test` never
// builds them. Run through Scripts/bench and Scripts/icount (release mode).
import PackageDescription

let package = Package(
    name: "CellarBenchmarks",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(name: "Cellar", path: ".."),
    ],
    targets: [
        // Lua's C API for the raw baselines the bridge is measured against.
        .systemLibrary(name: "CLuaSystem", pkgConfig: "lua5.4", providers: [.apt(["liblua5.4-dev"])]),
        .target(name: "CLuaBench", dependencies: ["CLuaSystem"]),
        .executableTarget(name: "cellar-bench", dependencies: [
            "CLuaSystem", "CLuaBench",
            .product(name: "Cellar", package: "Cellar"),
            .product(name: "CellarLua", package: "Cellar"),
            .product(name: "CellarText", package: "Cellar"),
            .product(name: "CellarTerminal", package: "Cellar"),
        ]),
    ]
)
