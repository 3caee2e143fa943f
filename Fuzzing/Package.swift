// swift-tools-version:6.0
// Coverage-guided fuzz targets (libFuzzer), kept out of the root package so
// its normal build and tests never compile them. Build and run them with
// `Scripts/fuzz`.
import PackageDescription

let package = Package(
    name: "CellarFuzz",
    dependencies: [
        // Named, so the products resolve whatever the checkout's directory is called.
        .package(name: "Cellar", path: ".."),
    ],
    targets: [
        .target(name: "FuzzSupport"),
        .executableTarget(name: "fuzz-document", dependencies: [
            "FuzzSupport", .product(name: "Cellar", package: "Cellar"),
            .product(name: "CellarDocuments", package: "Cellar"),
        ]),
        .executableTarget(name: "fuzz-golden", dependencies: [
            "FuzzSupport", .product(name: "Cellar", package: "Cellar"),
            .product(name: "CellarDocuments", package: "Cellar"),
            .product(name: "CellarGolden", package: "Cellar"),
            .product(name: "CellarLua", package: "Cellar"),
        ]),
        .executableTarget(name: "fuzz-lua", dependencies: [
            "FuzzSupport", .product(name: "Cellar", package: "Cellar"),
            .product(name: "CellarDocuments", package: "Cellar"),
            .product(name: "CellarLua", package: "Cellar"),
        ]),
        .executableTarget(name: "fuzz-yaml", dependencies: [
            "FuzzSupport", .product(name: "CellarDocuments", package: "Cellar"),
        ]),
        .executableTarget(name: "fuzz-recorder", dependencies: [
            "FuzzSupport", .product(name: "Cellar", package: "Cellar"),
            .product(name: "CellarGolden", package: "Cellar"),
        ]),
        .executableTarget(name: "fuzz-report", dependencies: [
            "FuzzSupport", .product(name: "Cellar", package: "Cellar"),
            .product(name: "CellarGolden", package: "Cellar"), .product(name: "CellarText", package: "Cellar"),
        ]),
        .executableTarget(name: "fuzz-text", dependencies: [
            "FuzzSupport", .product(name: "CellarText", package: "Cellar"),
        ]),
    ]
)
