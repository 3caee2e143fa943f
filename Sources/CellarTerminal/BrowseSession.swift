import Cellar
import CellarText

/// The state of an interactive session over one table: the mode, the last
/// message and the actions performed so far. Every change to the table goes
/// through `perform` (one `TableAction` each), which also keeps the focused
/// row in view, as the golden `scroll` step clamps.
public final class BrowseSession {
    /// What the keys do now: browsing, editing, confirming a delete, or reordering a row.
    public enum Mode: Equatable, Sendable {
        case browse
        case editing
        /// The Delete button shows on the row; y/Enter confirms, n/Esc cancels.
        case confirmingDelete(IndexPath)
        /// The row picked up with `m`, and where it would drop.
        case reordering(from: IndexPath, to: IndexPath)
        /// The row's swipe actions show; Tab moves between them, Enter performs one, Esc closes.
        case swiped(IndexPath)

        /// The mode's name, as the status line shows it.
        public var name: String {
            switch self {
            case .browse: return "browse"
            case .editing: return "editing"
            case .confirmingDelete: return "delete?"
            case .reordering: return "reordering"
            case .swiped: return "swiped"
            }
        }
    }

    /// The table being browsed; it draws the focus mark (the frame on screen
    /// is the table's own, so a recorded case draws it too).
    public internal(set) var table: TableView { didSet { table.showsFocusMark = true } }
    /// The session's current mode.
    public internal(set) var mode: Mode = .browse
    /// The status line's last message (an error, "reloaded …"); the status
    /// line and the `?` overlay show it, so it is bounded here, once.
    public var message = "" {
        didSet { if message.utf8.count > Sanitizer.messageLimit { message = Sanitizer.bounded(message) } }
    }
    /// The `?` overlay shows.
    public internal(set) var showsHelp = false
    /// The last error in full (bounded), until the overlay showing it closes or the screen finds it fits the status line.
    public internal(set) var errorDetail: String?
    /// The error overlay shows `errorDetail`; any key closes it.
    public internal(set) var showsError = false
    /// The error the overlay showed last, not opened again for the same error.
    var closedError: String?
    /// `'` was typed: the next character taps that index title.
    var awaitsIndexTitle = false
    /// Set by `q`, Esc at top level or Ctrl-C.
    public internal(set) var wantsQuit = false
    /// Set by Ctrl-Z; the loop suspends and clears it.
    public var wantsSuspend = false
    /// Whether `e` begins editing (an app may keep its table read-only).
    public var allowsEditing = true
    /// Whether the terminal's focus reports move the row focus: when the
    /// window loses focus the table does too (no row is focused, its cell
    /// loses `isFocused`), and it comes back to the same row.
    public var followsTerminalFocus = false
    /// The row focused when the terminal lost focus.
    var focusBeforeBlur: IndexPath?
    /// Keep every action performed in `performed` (for `--record`; off, a
    /// long session's memory stays flat).
    public var keepsActions = false
    /// Every action performed and every resize after the first size, in
    /// order, while `keepsActions` is on (the recorder writes them as steps).
    public internal(set) var performed: [Event] = []
    /// The viewport's first size (the status line left out), set by the
    /// first `resize`: where a recorded case starts.
    public internal(set) var startSize: (width: Int, height: Int)?

    /// What the session records: an action, or the viewport's new size.
    public enum Event: Sendable {
        case action(TableAction)
        /// The terminal was resized: the table's new width and viewport height.
        case resize(width: Int, height: Int)
        /// The document was saved and read again (`replaceTable`): its new
        /// text, and the actions performed on the new table to carry the
        /// selection, editing, offset and focus over (one frame).
        case reload(text: String, actions: [TableAction])
    }

    /// Starts a session in browse mode over `table`.
    public init(table: TableView) {
        self.table = table
        table.showsFocusMark = true
    }

    /// The focused row.
    public var focus: IndexPath? { table.indexPathForFocusedRow }

    /// Applies one action; a failure (a hook's error, a row that cannot be
    /// edited) becomes the message and the session goes on.
    @discardableResult
    public func perform(_ action: TableAction) -> Bool {
        perform(action, records: keepsActions)
    }

    @discardableResult
    private func perform(_ action: TableAction, records: Bool) -> Bool {
        do {
            try table.perform(action)
            if records { performed.append(.action(action)) }
            return true
        } catch {
            report(error)
            return false
        }
    }

    /// Lays the table out at a new size (the terminal's, less the status
    /// line) and keeps the focused row in view. A size after the first is
    /// recorded as one event, the scroll that keeps the focus in view
    /// included: the golden `resize` step scrolls the same way.
    public func resize(width: Int, height: Int) {
        let width = min(max(1, width), InputLimits.width.upperBound)
        // Bounded as a case's viewport is, so the recorded step parses back.
        let height = min(max(1, height), InputLimits.height.upperBound, InputLimits.viewportCells / width)
        let first = startSize == nil
        guard first || width != table.width || height != table.viewportHeight else { return }
        table.width = width
        table.viewportHeight = height
        if first {
            startSize = (width, height)
            return
        }
        if keepsActions { performed.append(.resize(width: width, height: height)) }
        // The table scrolls itself, as the golden `resize` step does: not the
        // user's scroll (a TableAction), which would close a swiped row that
        // the recorded case keeps open.
        guard let target = table.offsetRevealingFocusedRow() else { return }
        do { try table.scroll(toOffset: target) } catch { report(error) }
    }

    /// Focuses `ip` and scrolls as little as shows it whole (its top when it
    /// is taller than the viewport).
    public func focus(_ ip: IndexPath?) {
        guard let ip else { return }
        if ip != focus { perform(.focusRow(ip)) }
        revealFocus()
    }

    /// Scrolls so the focused row is in view, if it is not.
    public func revealFocus() {
        if let target = table.offsetRevealingFocusedRow() { perform(.scrollToOffset(target)) }
    }

    /// After a scroll by other means (wheel, index title): the focus moves to
    /// the nearest row in view when it left the viewport.
    func keepFocusInViewport() {
        guard let height = table.viewportHeight else { return }
        let top = table.contentOffset
        if let ip = focus, let lines = try? table.lineRangeForRow(at: ip),
            lines.lowerBound >= top, lines.upperBound <= top + height
        {
            return
        }
        let below = focus.flatMap { try? table.lineRangeForRow(at: $0) }.map { $0.lowerBound >= top } ?? true
        // The nearest row in view: the last when the focus is below the viewport, else the first.
        let found = below ? rowOnOrBefore(line: top + height - 1) : rowOnOrAfter(line: top, limit: top + height)
        if let found, found != focus { perform(.focusRow(found)) }
    }

    // MARK: Rows in order

    /// Rows of all sections as one sequence, for the status line ("row 3/120").
    public var rowCount: Int { (0..<table.numberOfSections).reduce(0) { $0 + table.numberOfRows(inSection: $1) } }

    /// The row's 1-based position among all sections' rows, for the status line.
    public func ordinal(of ip: IndexPath) -> Int {
        (0..<ip.section).reduce(0) { $0 + table.numberOfRows(inSection: $1) } + ip.row + 1
    }

    var firstRow: IndexPath? { rowAfter(nil) }
    var lastRow: IndexPath? { rowBefore(nil) }

    /// The row after `ip` across sections (nil: the first row).
    func rowAfter(_ ip: IndexPath?) -> IndexPath? {
        var s = ip?.section ?? 0
        var r = (ip?.row ?? -1) + 1
        while s < table.numberOfSections {
            if r < table.numberOfRows(inSection: s) { return IndexPath(s, r) }
            s += 1
            r = 0
        }
        return nil
    }

    /// The row before `ip` across sections (nil: the last row).
    func rowBefore(_ ip: IndexPath?) -> IndexPath? {
        var s = ip?.section ?? table.numberOfSections - 1
        var r = ip.map { $0.row - 1 } ?? table.numberOfRows(inSection: s) - 1
        while s >= 0 {
            if r >= 0 && r < table.numberOfRows(inSection: s) { return IndexPath(s, r) }
            s -= 1
            if s >= 0 { r = table.numberOfRows(inSection: s) - 1 }
        }
        return nil
    }

    /// The first row starting on content line `line` or below (before `limit`).
    func rowOnOrAfter(line: Int, limit: Int) -> IndexPath? {
        var y = max(0, line)
        while y < limit {
            guard let ip = try? table.indexPathForRow(atLine: y), let lines = try? table.lineRangeForRow(at: ip) else {
                y += 1  // a header, footer or gap
                continue
            }
            if lines.lowerBound >= line { return ip }
            y = max(y + 1, lines.upperBound)
        }
        return nil
    }

    /// The row drawn on content line `line`, or the nearest above it.
    func rowOnOrBefore(line: Int) -> IndexPath? {
        var y = line
        while y >= 0 {
            if let ip = try? table.indexPathForRow(atLine: y) { return ip }
            y -= 1
        }
        return nil
    }

    /// Where focus goes when the rows changed under it (a delete, a reload):
    /// `wanted` (where it was) if that row still exists, else the nearest row
    /// before it.
    func repairFocus(_ wanted: IndexPath?) {
        guard rowCount > 0 else { return }
        let place = wanted ?? IndexPath(0, 0)
        let exists = Self.exists(place, in: table)
        // The content may have shrunk below the viewport: clamp as a scroll does.
        perform(.scrollToOffset(table.contentOffset))
        focus(exists ? place : rowBefore(placeAfterRows(place)) ?? firstRow)
    }

    /// `ip` brought back to at most one past the last row of its section
    /// (the last section when it is gone), so that `rowBefore` finds the
    /// nearest row before it however many rows were taken away.
    private func placeAfterRows(_ ip: IndexPath) -> IndexPath {
        let section = min(ip.section, table.numberOfSections - 1)
        guard section >= 0 else { return ip }
        let count = table.numberOfRows(inSection: section)
        return IndexPath(section, section < ip.section ? count : min(ip.row, count))
    }
}
