import CellarTestSupport
import Foundation
import Testing

@testable import Cellar

/// The threading rule: a diffable data source and its table belong to one
/// thread. An apply that another thread starts while one runs is refused
/// with an error instead of racing on the table.
@Suite("A diffable data source used from two threads")
struct DiffableThreadingTests {
    /// Holds what the two threads share; the test orders their steps with semaphores.
    final class Shared: @unchecked Sendable {
        let entered = DispatchSemaphore(value: 0)
        let go = DispatchSemaphore(value: 0)
        let done = DispatchSemaphore(value: 0)
        var dataSource: TableViewDiffableDataSource<Int, Int>?
        var blockItem: Int?
        var firstError: String?
    }

    @Test func anApplyFromAnotherThreadWhileOneRunsIsRefused() throws {
        let shared = Shared()
        let t = TableView(registry: Registry())
        t.viewportHeight = 10
        shared.dataSource = TableViewDiffableDataSource(tableView: t) { tableView, indexPath, item in
            if item == shared.blockItem {
                shared.entered.signal()
                shared.go.wait()
            }
            return try tableView.dequeueReusableCell(withIdentifier: "default", for: indexPath)
        }
        let ds = try #require(shared.dataSource)
        try ds.apply(try snapshot([(0, [1, 2])]))
        _ = try t.renderText()
        var marked = ds.snapshot()
        try marked.reconfigureItems([2])
        let s = marked
        shared.blockItem = 2
        // The first thread applies and stops inside the cell provider, holding the apply.
        let first = Thread {
            shared.firstError = message { try shared.dataSource?.apply(s) }
            shared.done.signal()
        }
        first.start()
        shared.entered.wait()
        let second = message { try ds.apply(try snapshot([(0, [9])])) }
        shared.go.signal()
        shared.done.wait()
        #expect(
            second?.hasPrefix("apply was called while another change of this diffable data source was running") == true)
        #expect(shared.firstError == nil)
        #expect(ds.snapshot().itemIdentifiers == [1, 2])
    }
}
