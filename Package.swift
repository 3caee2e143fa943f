// swift-tools-version:6.0
// Swift 6 language mode is the default for tools version 6.0.
import PackageDescription

let package = Package(
    name: "Cellar",
    platforms: [.macOS(.v13)],
    products: [
        .library(name: "Cellar", targets: ["Cellar"]),
        .library(name: "CellarText", targets: ["CellarText"]),
        .library(name: "CellarLua", targets: ["CellarLua"]),
        .executable(name: "cellar", targets: ["cellar"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
    ],
    targets: [
        // Lua 5.4 from the system (Debian: liblua5.4-dev).
        .systemLibrary(
            name: "CLua",
            pkgConfig: "lua5.4",
            providers: [.apt(["liblua5.4-dev"])]
        ),
        // C wrappers for Lua's macros, and the trampolines that raise Lua
        // errors on the C side so no longjmp ever crosses a Swift frame.
        .target(name: "CLuaShim", dependencies: ["CLua"]),
        .target(name: "CellarText"),
        .target(name: "Cellar", dependencies: [
            "CellarText",
            .product(name: "Yams", package: "Yams"),
        ]),
        .target(name: "CellarLua", dependencies: ["Cellar", "CellarText", "CLua", "CLuaShim"]),
        .executableTarget(name: "cellar", dependencies: [
            "Cellar", "CellarLua", "CellarText",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),
        .testTarget(name: "CellarTextTests", dependencies: ["CellarText"]),
        .testTarget(name: "CellarTests", dependencies: ["Cellar", "CellarText", "CellarLua"]),
        .testTarget(name: "CellarLuaTests", dependencies: ["CellarLua", "Cellar", "CLuaShim", "CLua"]),
        .testTarget(name: "CellarCLITests", dependencies: ["cellar", "CellarText"]),
    ]
)
