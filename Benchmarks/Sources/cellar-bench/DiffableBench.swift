import Cellar
import CellarText

/// `cellar-bench diffable [--items N]`: a diffable data source over N items
/// in 100 sections, shown in a 40-line viewport. Times building the
/// snapshot, the first apply and frame, then one apply and frame for each
/// kind of change, and counts the rows each asked the cell provider for.
enum DiffableBench {
    static func run(_ args: [String]) throws {
        let o = try BenchOptions(args, counts: ["--items"], usage: "diffable [--items N]")
        let items = o.count("--items", default: 100_000)
        var asked = 0
        let t = TableView(registry: Registry())
        t.width = 60
        t.viewportHeight = 40
        t.rowHeight = .fixed(1)
        let ds = TableViewDiffableDataSource<Int, Int>(tableView: t) { tableView, indexPath, item in
            asked += 1
            let cell = try tableView.dequeueReusableCell(withIdentifier: "default", for: indexPath)
            cell.contentConfiguration = ListContentConfiguration(text: "Item \(item)")
            return cell
        }
        let writer = PlainWriter(sink: MemorySink())
        var s = DiffableDataSourceSnapshot<Int, Int>()
        let perSection = max(1, items / 100)
        let build = try seconds {
            try s.appendSections(Array(0..<100))
            for i in 0..<items { try s.appendItems([i], toSection: min(99, i / perSection)) }
        }
        print("build a snapshot of \(items) items one append at a time: \(CoreBench.fmt(build * 1e3)) ms")
        let first = try seconds {
            try ds.apply(s)
            try t.render(to: writer)
        }
        print("first apply + frame: \(CoreBench.fmt(first * 1e3)) ms, rows asked \(asked)")
        let changes: [(String, (inout DiffableDataSourceSnapshot<Int, Int>) throws -> Void)] = [
            ("insert 1 item at the top", { try $0.insertItems([-1], beforeItem: 0) }),
            ("move 1 item to the top", { try $0.moveItem(items - 1, beforeItem: -1) }),
            ("reconfigure 5 visible items", { try $0.reconfigureItems([1, 2, 3, 4, 5]) }),
            ("delete 1000 items", { $0.deleteItems(Array(items / 2..<items / 2 + 1000)) }),
            ("move the last section first", { try $0.moveSection(99, beforeSection: 0) }),
        ]
        for (name, change) in changes {
            asked = 0
            let elapsed = try seconds {
                var next = ds.snapshot()
                try change(&next)
                try ds.apply(next)
                try t.render(to: writer)
            }
            print("\(name): apply + frame \(CoreBench.fmt(elapsed * 1e3)) ms, rows asked \(asked)")
        }
    }
}

func runDiffableBench(_ arguments: [String]) -> Int32 {
    runBench("diffable") { try DiffableBench.run(arguments) }
}
