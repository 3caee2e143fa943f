// cellar-bench SUBCOMMAND [options]: release-mode benchmarks.
// Each subcommand lives in its own file; add it to this table.
// Build and run: swift run -c release cellar-bench lua
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

let subcommands: [(name: String, summary: String, run: ([String]) -> Int32)] = [
    ("text", "display width, wrapping, canvas and writers", runTextBench),
    ("lua", "Lua bridge calls per second vs the raw C API", runLuaBench),
    ("core", "table core: full render, viewport, scroll [full|viewport|scroll|all] [--rows N]", runCoreBench),
    (
        "export", "SVG and HTML writers vs plain over 100k rows of mixed text: rows/s, bytes/row [--rows N]",
        runExportBench
    ),
    (
        "browse",
        "cellar browse over a pseudo-terminal: key-to-frame latency, bytes per scroll, memory, idle CPU [--keys N] [--idle S]",
        runBrowseBench
    ),
    (
        "diffable",
        "diffable data source over 100k items: build, first apply, one apply + frame per kind of change [--items N]",
        runDiffableBench
    ),
    (
        "lua-styles", "Lua cell styles: 1M-row render, 40-row viewport, loading 50 styles, Lua vs built-in",
        runLuaStylesBench
    ),
]

let arguments = Array(CommandLine.arguments.dropFirst())
if let name = arguments.first, let sub = subcommands.first(where: { $0.name == name }) {
    exit(sub.run(Array(arguments.dropFirst())))
}
print("usage: cellar-bench SUBCOMMAND [options]")
for sub in subcommands { print("  \(sub.name)\t\(sub.summary)") }
exit(arguments.isEmpty ? 0 : 2)
