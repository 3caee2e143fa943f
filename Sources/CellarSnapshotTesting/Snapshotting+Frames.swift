import Cellar
import CellarGolden
import SnapshotTesting

/// The frames strategy: user actions played against the table, every
/// frame in order in one snapshot, as a golden case shows them.
extension Snapshotting where Value == TableView, Format == String {
    /// Draws the table, then plays each action (`TableView.perform(_:)`:
    /// a tap, a swipe, the Edit button…) and draws it again, in the golden
    /// format: a `=== N: what ===` header per frame, the first for the
    /// table as it is. `marks` adds a marks line under every styled line
    /// and a legend per frame, as a case's `styles: true` does; `stats` the
    /// reuse statistics after every frame.
    ///
    /// The table is drawn at `width` (nil: its own) and keeps its viewport
    /// (`viewportHeight`, `contentOffset`) and its focus mark. The actions
    /// stay done: the table is left as the last frame shows it. An action
    /// the table refuses fails the test, numbered from 1 (`action 3: …`).
    public static func frames(
        _ actions: [TableAction], width: Int? = nil, appearance: Appearance? = nil,
        marks: Bool = false, stats: Bool = false
    ) -> Self {
        Snapshotting(pathExtension: "frames.txt", diffing: .lines) { table in
            TableDrawing.withSettings(of: table, width: width, appearance: appearance) {
                let scenario = FramesScenario.make(for: table, actions: actions, marks: marks, stats: stats)
                do {
                    return try GoldenScenario.play(scenario, swiftTable: table)
                } catch {
                    return TableDrawing.failure("the frames could not be played", error)
                }
            }
        }
    }
}

/// The golden case a frames snapshot plays: no file, the table's own
/// viewport, one step per action.
enum FramesScenario {
    /// Where errors point: `action N`, N counting the actions from 1.
    static let source = "action"

    static func make(for table: TableView, actions: [TableAction], marks: Bool, stats: Bool) -> GoldenCase {
        let start = Cellar.SourceLocation(file: source, line: 0)
        var scenario = GoldenCase(
            name: "frames", path: source, table: .swift(name: "frames", location: start), width: table.width,
            height: table.viewportHeight, offset: table.contentOffset, stats: stats, styles: marks,
            steps: actions.enumerated().map { index, action in
                GoldenStep(.user(action), at: Cellar.SourceLocation(file: source, line: index + 1))
            })
        scenario.focusMark = table.showsFocusMark
        return scenario
    }

    /// An error's text; one met while playing says which action (`action 3:
    /// select [0, 9]: no row 9 …`) or that it was the first frame.
    static func describe(_ error: Error) -> String {
        guard let e = error as? CellarError, let at = e.location, at.file == source else { return "\(error)" }
        return (at.line == 0 ? "the first frame" : "action \(at.line)") + ": " + e.message
    }
}
