import CLuaBench
import CLuaSystem
import Cellar
import CellarLua

/// `cellar-bench lua [--iterations N] [--runs R]`: a hook call through the
/// bridge vs the same work in plain C on the same lua_State. Each figure is
/// the best of R runs (least disturbed by other processes).
func runLuaBench(_ args: [String]) -> Int32 {
    runBench("lua") {
        let o = try BenchOptions(args, counts: ["--iterations", "--runs"], usage: "use --iterations N, --runs R")
        try LuaBench(iterations: o.count("--iterations", default: 2_000_000), runs: o.count("--runs", default: 5)).run()
    }
}

struct LuaBench {
    let iterations: Int
    let runs: Int
    let title = "Tomato soup"
    let detail = "Fresh basil, cream and a pinch of salt"

    static let source = """
        local M = {}
        function M.empty() end
        function M.hook(row)
          return { text = row.title, width = #row.detail }
        end
        return M
        """

    /// Best time per iteration in nanoseconds of each case over `runs`
    /// rounds; the cases alternate within a round so that load from other
    /// processes hits them alike.
    func measure(_ cases: [() throws -> Void]) throws -> [Double] {
        let clock = ContinuousClock()
        var best = Array(repeating: Double.infinity, count: cases.count)
        for _ in 0..<runs {
            for (i, body) in cases.enumerated() {
                let start = clock.now
                try body()
                let d = clock.now - start
                let ns = Double(d.components.seconds) * 1e9 + Double(d.components.attoseconds) / 1e9
                best[i] = min(best[i], ns / Double(iterations))
            }
        }
        return best
    }

    func run() throws {
        let rt = try LuaRuntime()
        let module = try rt.compile(source: Array(Self.source.utf8), chunkName: "bench.lua")
        rt.push(module)
        try rt.pcall(arguments: 0, results: 1)
        guard let m = rt.table(at: -1), let empty = m.function(rt.key("empty")), let hook = m.function(rt.key("hook"))
        else {
            throw LuaError(kind: .runtime, message: "bench.lua did not return its hooks")
        }
        rt.pop()
        let L = rt.L
        rt.push(empty)
        let emptyRef = luaL_ref(L, -1_001_000)
        rt.push(hook)
        let hookRef = luaL_ref(L, -1_001_000)
        let msgh: Int32 = 1  // the runtime keeps its message handler in slot 1

        let n = iterations
        var sink = 0

        let cEmpty = { sink &+= cellar_bench_c_empty(L, emptyRef, msgh, n) }
        let swiftEmpty = {
            for _ in 0..<n {
                rt.push(empty)
                try rt.pcall(arguments: 0, results: 0)
            }
        }

        let cRound = { sink &+= cellar_bench_c_roundtrip(L, hookRef, msgh, n, title, detail) }
        let titleKey = rt.key("title")
        let detailKey = rt.key("detail")
        let textKey = rt.key("text")
        let widthKey = rt.key("width")
        // One row-table round trip per iteration; `textLength` reads the
        // returned text, as a Swift String or as raw bytes.
        func roundTrips(_ textLength: @escaping () -> Int) -> () throws -> Void {
            {
                for _ in 0..<n {
                    rt.push(hook)
                    rt.pushTable(fieldCount: 2)
                    rt.push(title)
                    rt.rawSet(titleKey, inTableAt: -2)
                    rt.push(detail)
                    rt.rawSet(detailKey, inTableAt: -2)
                    try rt.pcall(arguments: 1, results: 1)
                    rt.rawGet(textKey, fromTableAt: -1)
                    let text = textLength()
                    rt.rawGet(widthKey, fromTableAt: -2)
                    sink &+= text &+ (rt.integer(at: -1) ?? 0)
                    rt.pop(3)
                }
            }
        }
        let swiftRound = roundTrips { (rt.string(at: -1) ?? "").utf8.count }
        let swiftBytes = roundTrips { rt.bytes(at: -1)?.count ?? 0 }
        let row = Value.object(["title": .string(title), "detail": .string(detail)])
        let valueRound = {
            for _ in 0..<n {
                let results = try rt.call(hook, row)
                sink &+=
                    (results.first?["text"]?.stringValue?.utf8.count ?? 0) &+ (results.first?["width"]?.intValue ?? 0)
            }
        }

        let t = try measure([cEmpty, swiftEmpty, cRound, swiftBytes, swiftRound, valueRound])

        func line(_ name: String, _ ns: Double, _ base: Double?) {
            let perSecond = 1e9 / ns
            let ratio = base.map { "  \(fmt($0 > 0 ? ns / $0 : 0, 2))x C" } ?? ""
            print(
                "\(name.padding(toLength: 44, withPad: " ", startingAt: 0)) \(fmt(ns, 1).leftPad(8)) ns  \(fmt(perSecond / 1e6, 2).leftPad(7)) M calls/s\(ratio)"
            )
        }
        print("Lua bridge, \(n) calls per run, best of \(runs) runs")
        line("empty hook, raw C API", t[0], nil)
        line("empty hook, LuaRuntime.pcall", t[1], t[0])
        line("row table round trip, raw C API", t[2], nil)
        line("row table round trip, fast path (bytes)", t[3], t[2])
        line("row table round trip, fast path (String)", t[4], t[2])
        line("row table round trip, call(_:_:) with Value", t[5], t[2])
        if sink == 42 { print("") }  // keeps the work observable
    }
}

private func fmt(_ x: Double, _ digits: Int) -> String {
    var scale = 1.0
    for _ in 0..<digits { scale *= 10 }
    let r = (x * scale).rounded() / scale
    var s = String(r)
    if let dot = s.firstIndex(of: ".") {
        let decimals = s.distance(from: dot, to: s.endIndex) - 1
        if decimals < digits { s += String(repeating: "0", count: digits - decimals) }
    }
    return s
}

extension String {
    fileprivate func leftPad(_ n: Int) -> String { count >= n ? self : String(repeating: " ", count: n - count) + self }
}
