/// The bounds every number from outside (CLI options, documents, golden
/// cases) is checked against where it enters, so no later arithmetic can
/// overflow and no allocation is sized by input: a table at most this wide,
/// a viewport at most this tall, offsets and indexes within what a table of
/// bounded rows can hold.
public enum InputLimits {
    /// Columns (`--width`, a case's `width`).
    public static let width = 1...10_000
    /// Viewport lines (`--height`, a case's `height`).
    public static let height = 0...100_000
    /// Content offsets in lines (`--offset`, a case's `offset`, `scroll:` steps).
    public static let offset = 0...1_000_000_000
    /// A viewport's width × height: each cell of it is allocated at once,
    /// so both bounds at their maximum (a billion cells) are refused.
    public static let viewportCells = 4_000_000
    /// Section and row numbers in a case's steps.
    public static let index = 0...1_000_000_000
    /// A row's indentation level and a label's `numberOfLines`.
    public static let smallCount = 0...10_000

    /// Nil when a `width` × `height` viewport fits `viewportCells`, else why not.
    public static func viewportProblem(width: Int, height: Int) -> String? {
        let (cells, overflow) = width.multipliedReportingOverflow(by: height)
        guard overflow || cells > viewportCells else { return nil }
        return "a \(width)-column viewport can be at most \(viewportCells / max(1, width)) lines high "
            + "(width × height is at most \(viewportCells) cells)"
    }

    /// Nil when `what` (a row, a section's header view), `lines` tall, fits
    /// `viewportCells` at `width` columns, else why not: each is drawn into
    /// one canvas of its full height, whatever the viewport shows of it.
    /// `what` is only worked out for a block that fails (rows are checked one by one).
    public static func tallBlockProblem(_ what: @autoclosure () -> String, lines: Int, width: Int) -> String? {
        let (cells, overflow) = width.multipliedReportingOverflow(by: lines)
        guard overflow || cells > viewportCells else { return nil }
        return "\(what()) \(lines) lines tall cannot be drawn \(width) columns wide: width × height "
            + "is at most \(viewportCells) cells (at most \(viewportCells / max(1, width)) lines here)"
    }

    /// "width must be from 1 to 10000 (got 99999999999)".
    public static func message(_ what: String, _ range: ClosedRange<Int>, got: String) -> String {
        "\(what) must be from \(range.lowerBound) to \(range.upperBound) (got \(got))"
    }
}
