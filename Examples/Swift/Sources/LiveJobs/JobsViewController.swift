import Cellar

/// The job list's view controller, as a UIKit app writes one: a table fed
/// by a diffable data source (items are job IDs; a job whose numbers
/// changed is reconfigured), a delegate that opens a job's details on
/// selection and offers Cancel on a trailing swipe.
///
/// Everything here runs on the table's thread (the terminal loop's): the
/// ticking task reaches it only through `TerminalTableController.update`.
final class JobsViewController: TableViewDelegate {
    enum Section: Hashable, Sendable {
        case jobs
    }

    let tableView = TableView(style: .plain, registry: Registry())
    private lazy var dataSource = makeDataSource()
    private var jobsByID: [Job.ID: Job] = [:]
    /// The job whose details show (selected last).
    private var expanded: Job.ID?
    /// Jobs cancelled here that the runner may not have stopped yet.
    private var cancelled: Set<Job.ID> = []
    /// Tells the runner to stop a job.
    var onCancel: ((Job.ID) -> Void)?

    func viewDidLoad() {
        tableView.delegate = self
        tableView.separatorStyle = .none
        _ = dataSource
    }

    private func makeDataSource() -> TableViewDiffableDataSource<Section, Job.ID> {
        TableViewDiffableDataSource(tableView: tableView) { [unowned self] tableView, indexPath, id in
            guard let job = jobsByID[id] else { return nil }
            if id == expanded {
                let cell = try tableView.dequeueReusableCell(withIdentifier: "subtitle", for: indexPath)
                cell.contentConfiguration = ListContentConfiguration(
                    text: "\(job.name)  \(job.progressText)", secondaryText: job.detail)
                return cell
            }
            let cell = try tableView.dequeueReusableCell(withIdentifier: "value1", for: indexPath)
            cell.contentConfiguration = ListContentConfiguration(text: job.name, secondaryText: job.progressText)
            return cell
        }
    }

    /// Shows the runner's list: new jobs inserted, gone ones deleted, and
    /// the ones whose numbers moved reconfigured.
    func show(_ jobs: [Job]) throws {
        var list = jobs
        for i in list.indices where cancelled.contains(list[i].id) { list[i].state = .cancelled }
        cancelled.formIntersection(list.map(\.id))
        let changed = list.filter { old in jobsByID[old.id].map { $0 != old } ?? false }.map(\.id)
        jobsByID = Dictionary(uniqueKeysWithValues: list.map { ($0.id, $0) })
        var snapshot = DiffableDataSourceSnapshot<Section, Job.ID>()
        try snapshot.appendSections([.jobs])
        try snapshot.appendItems(list.map(\.id), toSection: .jobs)
        try snapshot.reconfigureItems(changed)
        try dataSource.apply(snapshot, animatingDifferences: false)
    }

    /// Reconfigures `ids` in the snapshot the table shows.
    private func reconfigure(_ ids: [Job.ID]) throws {
        var snapshot = dataSource.snapshot()
        try snapshot.reconfigureItems(ids.filter { snapshot.indexOfItem($0) != nil })
        try dataSource.apply(snapshot)
    }

    // MARK: TableViewDelegate

    func tableView(_ tableView: TableView, didSelectRowAt indexPath: IndexPath) throws {
        guard let id = dataSource.itemIdentifier(for: indexPath) else { return }
        let previous = expanded
        expanded = previous == id ? nil : id
        try reconfigure([id] + (previous.map { [$0] } ?? []))
    }

    func tableView(_ tableView: TableView, trailingSwipeActionsConfigurationForRowAt indexPath: IndexPath)
        -> SwipeActionsConfiguration?
    {
        guard let id = dataSource.itemIdentifier(for: indexPath), let job = jobsByID[id],
            job.state == .running || job.state == .queued
        else { return SwipeActionsConfiguration(actions: []) }
        let cancel = ContextualAction(style: .destructive, title: "Cancel") { [unowned self] _, _ in
            cancelled.insert(id)
            jobsByID[id]?.state = .cancelled
            onCancel?(id)
            try reconfigure([id])
            return true
        }
        return SwipeActionsConfiguration(actions: [cancel])
    }
}
