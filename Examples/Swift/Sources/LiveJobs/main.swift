// A live job list: the runner (an actor) moves the jobs on every second
// from a task of its own and hands each new list to the table with
// `TerminalTableController.update`, which applies it on the terminal
// loop's thread; only the lines that changed are written. Enter (or a
// click) shows a job's details, l then Enter cancels it (the trailing
// swipe action), q quits. Not in a terminal, it prints the first list.
import Cellar
import CellarTerminal

func runLiveJobs() throws {
    let runner = JobRunner(jobs: JobRunner.initialJobs)
    let jobs = JobsViewController()
    jobs.onCancel = { id in Task { await runner.cancel(id) } }
    jobs.viewDidLoad()
    try jobs.show(JobRunner.initialJobs)

    guard SystemTerminal.isAvailable else {
        jobs.tableView.width = 48
        print(try jobs.tableView.renderText(), terminator: "")
        return
    }
    let controller = try TerminalTableController(tableView: jobs.tableView, owner: jobs, title: "jobs")
    let ticker = Task.detached {
        while !Task.isCancelled {
            try await Task.sleep(for: .seconds(1))
            let list = await runner.tick()
            controller.update { jobs, _ in try jobs.show(list) }
        }
    }
    defer { ticker.cancel() }
    try controller.run()
}

try runLiveJobs()
