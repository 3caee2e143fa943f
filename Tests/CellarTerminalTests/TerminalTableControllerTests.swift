import Cellar
import CellarTestSupport
import CellarText
import Testing

@testable import CellarTerminal

/// An app's table driven through a fake terminal: keys typed into a pipe,
/// frames read back as the bytes written.
@Suite struct TerminalTableControllerTests {
    private typealias Controller = TerminalTableController<ArrayDataSource>

    /// `rows` jobs on a `width` × 8 fake terminal, and their controller.
    private func live(rows: Int = 10, width: Int = 30) throws -> (ArrayDataSource, FakeTerminal, Controller) {
        let source = ArrayDataSource([(0..<rows).map { row("default", "job \($0)") }])
        let terminal = FakeTerminal(width: width, height: 8)
        let c = try Controller(
            tableView: source.makeTable(width: width), owner: source, title: "jobs", useColor: false,
            terminal: terminal)
        return (source, terminal, c)
    }

    @Test func anUpdateFromAnotherThreadWritesOnlyTheLineThatChanged() throws {
        let (_, terminal, c) = try live()
        drive(c, on: terminal) {
            c.update { source, table in
                source.sections[0][3] = row("default", "job 3 done")
                table.reloadData()
            }
            #expect(terminal.waitForWrites(2))
            // UIKit's reloadRows on row 5, focused and selected: the focus stays (the
            // selection goes, as a reload in UIKit deselects).
            terminal.type("jjjjj\r")
            #expect(terminal.waitForWrites(3))
            c.update { source, table in
                source.sections[0][5] = row("default", "job 5 done")
                try table.reloadRows(at: [IndexPath(row: 5, section: 0)])
            }
            #expect(terminal.waitForWrites(4))
        }
        #expect(moves(terminal.written[3]) == [6])
        #expect(String(decoding: terminal.written[3], as: UTF8.self).contains("❯job 5 done"))
        let first = terminal.written[0]
        let update = terminal.written[1]
        #expect(moves(first) == Array(1...8))
        // Row 3 is the fourth line: only it is written, a few dozen bytes of a 30 × 8 screen.
        #expect(moves(update) == [4])
        let text = String(decoding: update, as: UTF8.self)
        #expect(text.contains("job 3 done") && !text.contains("job 2") && !text.contains("job 4"))
        #expect(update.count < 60)
        #expect(terminal.enterLeaveCounts == [1, 1])
    }

    @Test func anUpdateThatChangesNothingWritesNothing() throws {
        let (_, terminal, c) = try live()
        drive(c, on: terminal) {
            c.update { _, table in table.reloadData() }
            c.update { source, table in
                source.sections[0][9] = row("default", "job 9 (below the screen)")
                table.reloadData()
            }
        }
        #expect(terminal.written.count == 1)
    }

    @Test func keysAndClicksCallTheAppsDelegateAsUIKitDoes() throws {
        let (source, terminal, c) = try live(rows: 5)
        source.sections[0][1] = .object(["text": .string("job 1"), "accessory": .string("detailButton")])
        source.willSelect = { [unowned source] ip in
            source.events.append("will select \(ip)")
            return ip
        }
        source.trailingSwipeActions = { [unowned source] ip in
            SwipeActionsConfiguration(actions: [
                ContextualAction(style: .destructive, title: "Cancel") { _, ip in
                    source.events.append("cancel \(ip)")
                    return true
                }
            ])
        }
        // Enter on row 1, its ⓘ, a swipe on row 2 and its action, a click on row 4, quit.
        terminal.type("j\ri" + "jl\r" + "\u{1B}[<0;5;5M" + "q")
        try c.run()
        #expect(
            source.events == [
                "will select [0, 1]", "select [0, 1]", "accessory [0, 1]", "cancel [0, 2]", "will select [0, 4]",
                "deselect [0, 1]", "select [0, 4]",
            ])
        #expect(terminal.enterLeaveCounts == [1, 1])
    }

    @Test func aResizeDrawsTheWholeScreenAtTheNewSize() throws {
        let (_, terminal, c) = try live()
        drive(c, on: terminal) {
            terminal.resize(width: 40, height: 5)
            #expect(terminal.waitForWrites(2))
        }
        let redraw = terminal.written[1]
        #expect(String(decoding: redraw, as: UTF8.self).contains("\u{1B}[H\u{1B}[2J"))
        // Four rows, then the status line on the new last line.
        #expect(moves(redraw) == [1, 2, 3, 4, 5])
        #expect(String(decoding: redraw, as: UTF8.self).contains("\u{1B}[5;1H jobs  row 1/10"))
    }

    @Test func theRowFocusLeavesWithTheTerminalsFocusAndComesBack() throws {
        let (_, terminal, c) = try live()
        drive(c, on: terminal) {
            terminal.type("jj\u{1B}[O")
            #expect(terminal.waitForWrites(2))
            terminal.type("\u{1B}[I")
            #expect(terminal.waitForWrites(3))
        }
        let out = terminal.written.map { String(decoding: $0, as: UTF8.self) }
        // Focus moved to row 2 and left with the window: only the mark on row 0 goes.
        #expect(out[1].contains("\u{1B}[1;1H job 0") && !out[1].contains("❯") && out[1].contains("10 rows"))
        #expect(out[2].contains("\u{1B}[3;1H❯job 2"))
    }

    @Test func anUpdateThatThrowsShowsItsErrorAndTheTableGoesOn() throws {
        let (_, terminal, c) = try live(width: 70)
        c.update { _, _ in throw CellarError("the job list is unavailable") }
        terminal.type("j")
        terminal.endInput()
        try c.run()
        let all = terminal.written.map { String(decoding: $0, as: UTF8.self) }.joined()
        #expect(all.contains("the job list is unavailable"))
        #expect(terminal.enterLeaveCounts == [1, 1])
    }

    @Test func theTitleAndAnUpdatesErrorReachTheScreenSanitised() throws {
        let source = ArrayDataSource([[row("default", "job")]])
        let terminal = FakeTerminal(width: 70, height: 4)
        let c = try Controller(
            tableView: source.makeTable(width: 70), owner: source, title: "jobs\u{1B}]0;title\u{07}",
            useColor: false, terminal: terminal)
        c.update { _, _ in throw CellarError("bad\u{1B}[2Jrow") }
        terminal.endInput()
        try c.run()
        let all = terminal.written.joined()
        // Only the frame's own sequences (CSI …) are written: no OSC, no erase the text asked for.
        #expect(!all.contains(0x07) && !String(decoding: all, as: UTF8.self).contains("\u{1B}]"))
        #expect(String(decoding: all, as: UTF8.self).ranges(of: "\u{1B}[2J").count == 1)
        #expect(String(decoding: all, as: UTF8.self).contains("bad"))
    }

    @Test func editingBeginsOnlyWhenTheAppAllowsIt() throws {
        let (_, terminal, refused) = try live(width: 70)
        terminal.type("eq")
        try refused.run()
        #expect(terminal.written.map { String(decoding: $0, as: UTF8.self) }.joined().contains("does not edit"))

        let rows = EditableRows(["a", "b", "c"])
        let editing = FakeTerminal(width: 30, height: 6)
        let allowed = try TerminalTableController(
            tableView: rows.table(), owner: rows, title: "rows", useColor: false, allowsEditing: true,
            terminal: editing)
        editing.type("jedyq")
        try allowed.run()
        #expect(rows.texts == ["a", "c"])
    }
}

/// The live table with a diffable data source, as the LiveJobs example has it.
@Suite struct TerminalTableDiffableTests {
    /// Names by item, the table and its diffable data source: what an app keeps beside its table.
    final class Names {
        var byID: [Int: String] = Dictionary(uniqueKeysWithValues: (0..<10).map { ($0, "item \($0)") })
        let table = TableView(style: .plain, registry: Registry())
        var dataSource: TableViewDiffableDataSource<Int, Int>?

        init() throws {
            table.separatorStyle = .none
            let dataSource = TableViewDiffableDataSource<Int, Int>(tableView: table) { [unowned self] tv, ip, id in
                let cell = try tv.dequeueReusableCell(withIdentifier: "default", for: ip)
                cell.contentConfiguration = ListContentConfiguration(text: byID[id])
                return cell
            }
            var snapshot = DiffableDataSourceSnapshot<Int, Int>()
            try snapshot.appendSections([0])
            try snapshot.appendItems(Array(0..<10), toSection: 0)
            try dataSource.apply(snapshot)
            self.dataSource = dataSource
        }

        /// Applies the snapshot shown, changed by `change`.
        func apply(_ change: (inout DiffableDataSourceSnapshot<Int, Int>) throws -> Void) throws {
            guard let dataSource else { return }
            var snapshot = dataSource.snapshot()
            try change(&snapshot)
            try dataSource.apply(snapshot)
        }
    }

    @Test func aSnapshotAppliedFromAnotherThreadWritesOnlyTheLinesThatChanged() throws {
        let names = try Names()
        let terminal = FakeTerminal(width: 30, height: 8)
        let c = try TerminalTableController(
            tableView: names.table, owner: names, title: "items", useColor: false, terminal: terminal)
        drive(c, on: terminal) {
            c.update { names, _ in
                names.byID[3] = "item 3 renamed"
                try names.apply { try $0.reconfigureItems([3]) }
            }
            #expect(terminal.waitForWrites(2))
            // An item appended below the screen: only the status line's count changes.
            c.update { names, _ in
                names.byID[10] = "item 10"
                try names.apply { try $0.appendItems([10], toSection: 0) }
            }
            #expect(terminal.waitForWrites(3))
        }
        let out = terminal.written.map { String(decoding: $0, as: UTF8.self) }
        #expect(out[1].contains("\u{1B}[4;1H item 3 renamed") && moves(terminal.written[1]) == [4])
        #expect(out[2].contains("\u{1B}[8;1H items  row 1/11") && moves(terminal.written[2]) == [8])
    }
}
