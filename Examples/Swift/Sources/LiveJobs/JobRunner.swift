/// The work the list shows, simulated: each second the running jobs move
/// on at their own pace, at most `parallel` run at once, and an ended job
/// leaves the list a few seconds later as a new one is queued. It is an
/// actor: the ticking task and the table's cancel button both reach it.
actor JobRunner {
    private(set) var jobs: [Job]
    private var nextID: Int
    private var endedFor: [Job.ID: Int] = [:]
    private let parallel = 3
    private static let names = ["build app", "unit tests", "lint", "docs", "deploy staging", "fuzz", "benchmarks"]

    init(jobs: [Job]) {
        self.jobs = jobs
        nextID = (jobs.map(\.id).max() ?? 0) + 1
    }

    /// The first list: three running, the rest queued.
    static let initialJobs: [Job] = names.prefix(6).enumerated().map { i, name in
        Job(id: i + 1, name: name, state: i < 3 ? .running : .queued, progress: i < 3 ? 10 * (3 - i) : 0)
    }

    /// One second of work; the list as it is now.
    func tick() -> [Job] {
        for i in jobs.indices where jobs[i].state == .running {
            jobs[i].elapsed += 1
            jobs[i].progress = min(100, jobs[i].progress + 4 + jobs[i].id % 5 * 3)
            if jobs[i].progress == 100 { jobs[i].state = .done }
        }
        retireEndedJobs()
        var running = jobs.filter { $0.state == .running }.count
        for i in jobs.indices where jobs[i].state == .queued && running < parallel {
            jobs[i].state = .running
            running += 1
        }
        return jobs
    }

    /// Stops a job; it leaves the list like a finished one.
    func cancel(_ id: Job.ID) {
        guard let i = jobs.firstIndex(where: { $0.id == id }), jobs[i].state == .running || jobs[i].state == .queued
        else { return }
        jobs[i].state = .cancelled
    }

    private func retireEndedJobs() {
        for job in jobs where job.state == .done || job.state == .cancelled {
            endedFor[job.id, default: 0] += 1
        }
        let leaving = Set(endedFor.filter { $0.value > 3 }.keys)
        guard !leaving.isEmpty else { return }
        jobs.removeAll { leaving.contains($0.id) }
        for id in leaving {
            endedFor[id] = nil
            jobs.append(Job(id: nextID, name: Self.names[nextID % Self.names.count]))
            nextID += 1
        }
    }
}
