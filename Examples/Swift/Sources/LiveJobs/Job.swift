/// One job of the list: a build, a test run, a deploy. A value, so the
/// runner's task can hand a whole list to the table's thread.
struct Job: Hashable, Sendable, Identifiable {
    enum State: String, Sendable {
        case queued, running, done, cancelled
    }

    let id: Int
    let name: String
    var state: State = .queued
    /// Percent done.
    var progress = 0
    /// Seconds it has been running.
    var elapsed = 0

    /// "▕████▌     ▏ 45%", or the state once it ended.
    var progressText: String {
        switch state {
        case .queued: return "queued"
        case .done: return "done ✓"
        case .cancelled: return "cancelled"
        case .running:
            let eighths = progress * 80 / 100
            let full = String(repeating: "█", count: eighths / 8)
            let part = eighths % 8 == 0 ? "" : String(Array("▏▎▍▌▋▊▉")[eighths % 8 - 1])
            let bar = (full + part).padding(to: 10)
            return "▕\(bar)▏\(String(progress).leftPadded(to: 3))%"
        }
    }

    /// What selecting the job shows under its name.
    var detail: String {
        "job #\(id) · \(state.rawValue) · \(elapsed) s · \(progress)% · worker \(id % 3 + 1)"
    }
}

extension String {
    fileprivate func padding(to width: Int) -> String { self + String(repeating: " ", count: max(0, width - count)) }
    fileprivate func leftPadded(to width: Int) -> String {
        String(repeating: " ", count: max(0, width - count)) + self
    }
}
