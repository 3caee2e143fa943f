import Cellar
import FoundationEssentials

/// `cellar test --accept`: pending `.golden.new` files become goldens,
/// beside another run doing the same at the same time.
extension GoldenRunner {
    /// The outcome of `accept(paths:)`: goldens accepted and errors met.
    public struct AcceptSummary: Sendable {
        /// The goldens accepted, as displayed paths.
        public var accepted: [String] = []
        /// Goldens whose pending file another run, at the same time, accepted first.
        public var alreadyAccepted: [String] = []
        /// One message for each pending file that could not be accepted.
        public var errors: [String] = []
        /// CI is set, so nothing was accepted.
        public var refusedForCI = false
        /// Whether every pending file was accepted (here or by another run) and CI did not refuse.
        public var succeeded: Bool { errors.isEmpty && !refusedForCI }
        /// `N accepted`, `, N already accepted`, `, N failed` when not zero, or why CI refused.
        public var closingLine: String {
            refusedForCI
                ? "CI is set: nothing is written, nothing accepted"
                : "\(accepted.count) accepted"
                    + (alreadyAccepted.isEmpty ? "" : ", \(alreadyAccepted.count) already accepted")
                    + (errors.isEmpty ? "" : ", \(errors.count) failed")
        }

        /// Nothing accepted yet.
        public init() {}
    }

    /// Turns pending `NAME.golden.new` files (whose case exists and whose name
    /// passes the filter) into goldens. Under CI nothing is written.
    public func accept(paths: [String]) throws -> AcceptSummary {
        var summary = AcceptSummary()
        let found = try GoldenFiles.discover(paths, sizeLimit: options.maxFileSize)
        let pending = found.pending.filter(matches)
        if options.isCI {
            summary.refusedForCI = true
            return summary
        }
        for file in pending {
            do {
                let golden = GoldenRunner.display(
                    GoldenFiles.stem(file.path, dropping: GoldenFiles.pendingSuffix) + GoldenFiles.goldenSuffix)
                switch try GoldenFiles.accept(pending: file.path) {
                case .accepted: summary.accepted.append(golden)
                case .takenByAnotherRun: summary.alreadyAccepted.append(golden)
                }
            } catch {
                summary.errors.append(GoldenRunner.sanitizedLines(GoldenRunner.describe(error)))
            }
        }
        return summary
    }
}
