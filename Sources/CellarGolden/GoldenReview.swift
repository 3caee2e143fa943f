import Cellar
import CellarText
import FoundationEssentials

/// `cellar test --review`: walks the cases whose pending `NAME.golden.new`
/// differs from the golden, one at a time: shows the side-by-side diff and
/// asks. `a` accepts (an atomic rename over the golden), `r` rejects
/// (deletes the `.new`), `s` skips, `q` quits (the rest stay pending and
/// count as skipped). The terminal side (raw keys) belongs to the CLI;
/// this is the walk, so tests can drive it.
public struct GoldenReview {
    /// What a person chose for one case: accept, reject, skip, or quit the review.
    public enum Decision: Sendable { case accept, reject, skip, quit }

    /// What a review did: cases accepted, rejected and skipped, and errors met.
    public struct Tally: Sendable, Equatable {
        public var accepted = 0, rejected = 0, skipped = 0
        /// Changes another run at the same time took first (not errors).
        public var alreadyAccepted = 0
        /// One message for each case whose decision could not be carried out.
        public var errors: [String] = []
        /// `N accepted, N rejected, N skipped`, plus `, N already accepted`
        /// and `, N failed` when not zero.
        public var closingLine: String {
            "\(accepted) accepted, \(rejected) rejected, \(skipped) skipped"
                + (alreadyAccepted == 0 ? "" : ", \(alreadyAccepted) already accepted")
                + (errors.isEmpty ? "" : ", \(errors.count) failed")
        }
    }

    /// Filters the pending cases and draws their diffs, following the runner's options.
    public var runner: GoldenRunner

    /// Lines the terminal shows at once: a longer diff is shown a page at a
    /// time, each page under the case's heading; nil shows it whole.
    public var pageHeight: Int?

    /// Creates a review over the cases `runner` finds.
    public init(runner: GoldenRunner, pageHeight: Int? = nil) {
        self.runner = runner
        self.pageHeight = pageHeight
    }

    /// The key a person pressed, as a decision; nil for any other key.
    public static func decision(forKey key: UInt8) -> Decision? {
        switch key {
        case UInt8(ascii: "a"), UInt8(ascii: "A"): return .accept
        case UInt8(ascii: "r"), UInt8(ascii: "R"): return .reject
        case UInt8(ascii: "s"), UInt8(ascii: "S"): return .skip
        case UInt8(ascii: "q"), UInt8(ascii: "Q"), 0x03, 0x04: return .quit  // also ^C, ^D
        default: return nil
        }
    }

    static let prompt = "a accept / r reject / s skip / q quit: "
    /// A key that shows the next page of a long diff: space, Return or j.
    static func isNextPage(_ key: UInt8) -> Bool {
        key == UInt8(ascii: " ") || key == 0x0D || key == 0x0A || key == UInt8(ascii: "j")
    }

    /// Walks the pending changes under `paths`. `show` prints text as is;
    /// `readKey` returns the next key pressed, nil at end of input (taken
    /// as quit).
    public func run(paths: [String], show: (String) -> Void, readKey: () throws -> UInt8?) throws -> Tally {
        let pending = try GoldenFiles.discover(paths).pending.filter(runner.matches)
        var changes: [(file: GoldenFiles.CaseFile, golden: [UInt8]?, new: [UInt8])] = []
        for file in pending {
            let goldenPath = GoldenFiles.stem(file.path, dropping: GoldenFiles.pendingSuffix) + GoldenFiles.goldenSuffix
            // A change another run takes meanwhile is gone: not an error.
            let read: [UInt8]?
            do { read = try GoldenFiles.readBytes(file.path) } catch {
                if GoldenFiles.isGone(file.path) { continue }
                throw error
            }
            guard let new = read else { continue }
            let golden = try GoldenFiles.readBytes(goldenPath)
            if let golden, GoldenDiff.matches(expected: golden, actual: new) { continue }
            changes.append((file, golden, new))
        }
        var tally = Tally()
        if changes.isEmpty { show("nothing to review: no pending .golden.new differs from its golden\n") }
        for (index, change) in changes.enumerated() {
            let heading = "[\(index + 1)/\(changes.count)] " + Sanitizer.sanitize(change.file.name)
            let text = describe(change.file, golden: change.golden, new: change.new, index: index, of: changes.count)
            switch try ask(heading, text, show: show, readKey: readKey) {
            case .accept:
                do {
                    if try GoldenFiles.accept(pending: change.file.path) == .accepted {
                        tally.accepted += 1
                    } else {
                        tally.alreadyAccepted += 1
                        show("already accepted by another run at the same time\n")
                    }
                } catch {
                    tally.errors.append(GoldenRunner.describe(error))
                    show(GoldenRunner.describe(error) + "\n")
                }
            case .reject:
                GoldenFiles.remove(change.file.path)
                tally.rejected += 1
            case .skip:
                tally.skipped += 1
            case .quit:
                tally.skipped += changes.count - index
                return tally
            }
        }
        return tally
    }

    /// Shows one case's text, a page at a time when it is longer than the
    /// page, and asks until a decision key: the prompt names the case and,
    /// while pages are left, how far the text is shown.
    func ask(_ heading: String, _ text: String, show: (String) -> Void, readKey: () throws -> UInt8?) throws -> Decision
    {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        if lines.last?.isEmpty == true { lines.removeLast() }
        // Room for the repeated heading and the prompt.
        let page = max(4, (pageHeight ?? Int.max / 2) - 2)
        var shown = min(lines.count, page)
        show(lines.prefix(shown).map { $0 + "\n" }.joined())
        while true {
            let more = shown < lines.count
            show(
                heading + (more ? " — lines 1–\(shown) of \(lines.count), space: more — " : " — ") + Self.prompt)
            guard let key = try readKey() else { return .quit }
            if more, Self.isNextPage(key) {
                let next = min(lines.count, shown + page - 1)
                show("\n" + heading + "\n" + lines[shown..<next].map { $0 + "\n" }.joined())
                shown = next
                continue
            }
            let decision = Self.decision(forKey: key)
            show(
                decision == nil
                    ? "\n" : String(UnicodeScalar(key == 0x03 || key == 0x04 ? UInt8(ascii: "q") : key)) + "\n")
            if let decision { return decision }
        }
    }

    func describe(_ file: GoldenFiles.CaseFile, golden: [UInt8]?, new: [UInt8], index: Int, of count: Int) -> String {
        let goldenPath = GoldenFiles.stem(file.path, dropping: GoldenFiles.pendingSuffix) + GoldenFiles.goldenSuffix
        // Names come from the file system: sanitised before they reach the terminal.
        var out =
            "\n[\(index + 1)/\(count)] " + Sanitizer.sanitize(file.name)
            + "  (" + Sanitizer.sanitize(GoldenRunner.display(file.path)) + ")\n"
        if let golden {
            out += runner.failureBody(golden: golden, actual: new, goldenPath: goldenPath)
        } else {
            out += "  no golden yet: \(GoldenRunner.display(goldenPath)); the pending output is:\n"
            for line in String(decoding: new, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false) {
                out += "  " + Sanitizer.boundedLine(String(line)) + "\n"
            }
        }
        return out
    }
}
