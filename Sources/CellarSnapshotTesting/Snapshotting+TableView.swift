import Cellar
import CellarText
import SnapshotTesting

/// Strategies for pointfreeco's swift-snapshot-testing: a table view as the
/// text `cellar render` prints for a document table, so
/// `assertSnapshot(of: tableView, as: .lines)` locks what a table built in
/// Swift draws, beside the test under `__Snapshots__`.
///
/// Each strategy draws what `renderText()` draws: the viewport when the
/// table has a `viewportHeight`, else the whole table. A render that throws
/// is a test failure, and its message is the snapshot, so it never passes
/// for a drawing.
extension Snapshotting where Value == TableView, Format == String {
    /// Plain text at the table's width and appearance, as `cellar render` draws it.
    public static var lines: Self { lines() }

    /// Plain text at `width` columns and in `appearance` (each nil: the
    /// table's own); the table gets its own width and appearance back after.
    public static func lines(width: Int? = nil, appearance: Appearance? = nil) -> Self {
        Snapshotting(pathExtension: "txt", diffing: .lines) { table in
            TableDrawing.text(of: table, width: width, appearance: appearance, color: false)
        }
    }

    /// Text with its colours and attributes as ANSI escape sequences, as
    /// `cellar render --color always` draws it (a `.ansi` file: `cat` shows it).
    public static var ansi: Self { ansi() }

    /// ANSI text at `width` columns and in `appearance` (each nil: the
    /// table's own), as `render --color always --theme dark` for `.dark`.
    public static func ansi(width: Int? = nil, appearance: Appearance? = nil) -> Self {
        Snapshotting(pathExtension: "ansi", diffing: .ansiLines) { table in
            TableDrawing.text(of: table, width: width, appearance: appearance, color: true)
        }
    }
}

extension Diffing where Value == String {
    /// Line diffs of ANSI text with every escape made visible (ESC as `␛`),
    /// so a failure message shows which attribute changed instead of
    /// colouring the test log; the file keeps the escapes.
    static var ansiLines: Self {
        var diffing = Diffing.lines
        let plain = diffing.diffV2
        diffing.diffV2 = { old, new in plain(TableDrawing.visible(old), TableDrawing.visible(new)) }
        return diffing
    }
}
