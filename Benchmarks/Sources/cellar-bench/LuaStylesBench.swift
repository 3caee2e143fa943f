import Cellar
import CellarLua
import CellarText
import Foundation

/// `cellar-bench lua-styles [--rows N] [--runs R]`: Lua cell styles end to end.
/// - a full streamed render of N rows (default 1M) through a Lua style with
///   configure, update and layout, and the same table with the built-in
///   subtitle style (the ratio is the cost of Lua);
/// - a viewport of 40 Lua-styled rows, scrolled a screen per frame (median);
/// - loading 50 style files into a fresh registry (median).
func runLuaStylesBench(_ args: [String]) -> Int32 {
    runBench("lua-styles") {
        let o = try BenchOptions(
            args, counts: ["--rows", "--runs"],
            flags: ["--profile-lua", "--profile-render", "--profile-builtin"],
            usage: "use --rows N, --runs R, --profile-lua | --profile-render | --profile-builtin")
        // --profile-*: only the Lua hooks, or one full render (Lua or the
        // built-in subtitle), for perf record or callgrind.
        let profileRender =
            o.flags.contains("--profile-render")
            ? "bench"
            : o.flags.contains("--profile-builtin") ? "subtitle" : nil
        try LuaStylesBench(
            rows: o.count("--rows", default: 1_000_000), runs: o.count("--runs", default: 3),
            profileOnly: o.flags.contains("--profile-lua"), profileRender: profileRender
        ).run()
    }
}

struct LuaStylesBench {
    let rows: Int
    let runs: Int
    let profileOnly: Bool
    /// The style of the one full render to run, if only that.
    let profileRender: String?

    /// A realistic small style: two fields in, a state tweak, a two-label tree out.
    static let style = """
        return {
          identifier = "bench",
          configure = function(cell, row)
            cell.title = row.title
            cell.detail = row.detail
          end,
          update = function(config, state)
            if state.selected then config.title = "* " .. config.title end
            return config
          end,
          layout = function(config, ctx)
            return ui.vstack {
              ui.label { text = config.title },
              ui.label { text = config.detail, color = "secondaryLabel" },
            }
          end,
        }
        """

    /// Rows of a synthetic table: 1000 distinct rows repeated (row data is the
    /// app's; its cost is not what is measured).
    final class Source: TableViewDataSource {
        let count: Int
        let identifier: String
        let rows: [Value]
        init(count: Int, identifier: String, textKeys: (String, String)) {
            self.count = count
            self.identifier = identifier
            rows = (0..<1000).map { i in
                .object([textKeys.0: .string("Row \(i) 한글"), textKeys.1: .string("Detail for row \(i) 🍎")])
            }
        }
        func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { count }
        func tableView(_ tableView: TableView, cellForRowAt ip: Cellar.IndexPath) throws -> Cell {
            let cell = try tableView.dequeueReusableCell(withIdentifier: identifier, for: ip)
            try cell.configure(with: rows[ip.row % rows.count], at: ip)
            return cell
        }
    }

    final class NullSink: ByteSink {
        var bytes = 0
        func write(_ b: UnsafeBufferPointer<UInt8>) throws { bytes &+= b.count }
        func flush() throws {}
    }

    func run() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("cellar-bench-styles-\(getpid())")
        try? FileManager.default.removeItem(at: dir)
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        try Self.style.write(to: dir.appendingPathComponent("bench.lua"), atomically: true, encoding: .utf8)
        let registry = Registry()
        try StyleLoader.load(directories: [dir.path], into: registry)

        if let id = profileRender {
            let keys = id == "bench" ? ("title", "detail") : ("text", "secondaryText")
            let t = try best { try fullRender(registry, id, keys) }
            print(String(format: "full render, %@: %.0f k rows/s", id, Double(rows) / t / 1000))
            return
        }
        // 0. The style's hooks alone (what a row costs in Lua and the bridge).
        let hooks = try best { try hooksOnly(registry, "bench", ("title", "detail")) }
        if profileOnly {
            print("hooks only: \(hooks) s")
            return
        }
        let hooksBuiltIn = try best { try hooksOnly(registry, "subtitle", ("text", "secondaryText")) }
        print(
            String(
                format:
                    "hooks only, Lua (configure + update + layout + view tree in Swift): %.0f k rows/s, %.2f µs/row",
                Double(rows) / hooks / 1000, hooks / Double(rows) * 1e6))
        print(
            String(
                format: "hooks only, built-in subtitle (configure + content):               %.0f k rows/s, %.2f µs/row",
                Double(rows) / hooksBuiltIn / 1000, hooksBuiltIn / Double(rows) * 1e6))

        // 1. Full render, Lua vs built-in, same rows and widths.
        let lua = try best { try fullRender(registry, "bench", ("title", "detail")) }
        let builtIn = try best { try fullRender(registry, "subtitle", ("text", "secondaryText")) }
        print(
            String(
                format: "full render, Lua style (configure+update+layout): %.0f k rows/s (%d rows, best of %d)",
                Double(rows) / lua / 1000, rows, runs))
        print(
            String(
                format: "full render, built-in subtitle:                  %.0f k rows/s", Double(rows) / builtIn / 1000)
        )
        print(String(format: "Lua / built-in throughput: %.2f", builtIn / lua))

        // 2. Viewport of 40 single-line Lua rows, a new screen each frame.
        let one = Registry()
        try Self.style.replacingOccurrences(of: "ui.vstack", with: "ui.hstack")
            .write(to: dir.appendingPathComponent("bench.lua"), atomically: true, encoding: .utf8)
        try StyleLoader.load(directories: [dir.path], into: one)
        let source = Source(count: 100_000, identifier: "bench", textKeys: ("title", "detail"))
        let table = TableView(registry: one)
        table.dataSource = source
        table.rowHeight = .fixed(1)
        table.separatorStyle = .none
        table.width = 80
        table.viewportHeight = 40
        let writer = PlainWriter(sink: NullSink())
        try table.render(to: writer)
        var frames: [Double] = []
        for f in 1...400 {
            table.scroll(toOffset: (f * 40) % 99_000)
            frames.append(try seconds { try table.render(to: writer) })
        }
        withExtendedLifetime(source) {}
        frames.sort()
        print(
            String(
                format: "viewport of 40 Lua rows (new rows each frame): median %.3f ms, p90 %.3f ms",
                frames[frames.count / 2] * 1000, frames[frames.count * 9 / 10] * 1000))

        // 3. Loading 50 style files.
        let many = dir.appendingPathComponent("many")
        try FileManager.default.createDirectory(at: many, withIntermediateDirectories: true)
        for n in 0..<50 {
            try Self.style.replacingOccurrences(of: "\"bench\"", with: "\"bench\(n)\"")
                .write(to: many.appendingPathComponent("style\(n).lua"), atomically: true, encoding: .utf8)
        }
        var loads: [Double] = []
        for _ in 0..<21 {
            loads.append(try seconds { _ = try StyleLoader.load(directories: [many.path], into: Registry()) })
        }
        loads.sort()
        print(
            String(
                format: "loading 50 style files (new Lua state, compile, run, check): median %.2f ms",
                loads[loads.count / 2] * 1000))
    }

    func fullRender(_ registry: Registry, _ id: String, _ keys: (String, String)) throws -> Double {
        let source = Source(count: rows, identifier: id, textKeys: keys)
        let table = TableView(registry: registry)
        table.dataSource = source
        table.width = 60
        table.separatorStyle = .none
        let sink = NullSink()
        let writer = PlainWriter(sink: sink)
        let t = try withExtendedLifetime(source) { try seconds { try table.render(to: writer) } }
        guard table.statistics.rowsConfigured == rows, sink.bytes > rows else {
            throw CellarError("render did not draw every row")
        }
        return t
    }

    /// configure + content for every row on one reused cell, as the table
    /// does per row, without measuring or drawing.
    func hooksOnly(_ registry: Registry, _ id: String, _ keys: (String, String)) throws -> Double {
        guard let style = registry.style(for: id) else { throw CellarError("no style \(id)") }
        let source = Source(count: rows, identifier: id, textKeys: keys)
        let cell = try style.makeCell()
        let context = LayoutContext(width: 58)
        var lines = 0
        let t = try seconds {
            for r in 0..<rows {
                let ip = Cellar.IndexPath(0, r)
                try style.prepareForReuse(cell)
                try style.configure(cell, row: source.rows[r % source.rows.count], at: ip)
                try style.updateConfiguration(cell, state: cell.state)
                if case .stack(let s) = try style.content(for: cell, state: cell.state, context: context) {
                    lines &+= s.children.count
                }
            }
        }
        guard lines == 2 * rows else { throw CellarError("unexpected view trees") }
        return t
    }

    func best(_ body: () throws -> Double) rethrows -> Double {
        var b = Double.infinity
        for _ in 0..<runs { b = min(b, try body()) }
        return b
    }
}
