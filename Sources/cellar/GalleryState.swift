import Cellar
import CellarDocuments
import CellarGolden
import CellarText

/// A state the gallery draws a style's samples in, and how a table is put
/// in it: through the same `TableAction`s a person's keys perform, on a
/// table built from the samples as a document is, so the gallery draws what
/// `render`, `browse` and the golden cases draw.
enum GalleryState: String, CaseIterable {
    case normal, highlighted, selected, disabled, editing
    case swipedLeading = "swiped leading"
    case swipedTrailing = "swiped trailing"
    case focused, reordering

    /// The states a header/footer view has: it is never selected, edited or swiped.
    static func states(headerFooter: Bool) -> [GalleryState] { headerFooter ? [.normal] : allCases }

    /// Why the table shows nothing for this state (a style with no swipe
    /// actions at that edge), or nil when it was put in the state.
    func apply(to table: TableView, rows: Int) throws -> String? {
        let all = (0..<rows).map { IndexPath(0, $0) }
        let first = IndexPath(0, 0)
        switch self {
        case .normal, .disabled: break
        case .highlighted: for ip in all { try table.perform(.highlightRow(ip)) }
        case .selected:
            table.allowsMultipleSelection = true
            for ip in all { table.selectRow(at: ip) }
        case .editing: try table.perform(.setEditing(true))
        case .swipedLeading, .swipedTrailing:
            let edge: SwipeEdge = self == .swipedLeading ? .leading : .trailing
            guard try table.swipeActionsConfiguration(at: first, edge: edge)?.actions.isEmpty == false else {
                return "no \(edge.rawValue) swipe actions"
            }
            try table.perform(.swipe(first, edge: edge, full: false))
        case .focused:
            table.showsFocusMark = true
            try table.perform(.focusRow(first))
        case .reordering:
            try table.perform(.setEditing(true))
            try table.perform(.beginReorder(first))
        }
        return nil
    }

    /// A table of `entry`'s samples in this state at `width`, from a
    /// document written for it (rows with `cell:`, or sections with a
    /// `headerView:`), its keys checked as any document's.
    func table(_ entry: GalleryEntry, registry: Registry, width: Int) throws -> (TableView, note: String?) {
        let rows = entry.samples.map { sample -> Value in
            guard case .object(var o) = sample else { return sample }
            if entry.isHeaderFooter {
                o["view"] = .string(entry.identifier)
                return .object(["headerView": .object(o), "rows": .array([])])
            }
            o["cell"] = .string(entry.identifier)
            if self == .disabled { o["disabled"] = .bool(true) }
            return .object(o)
        }
        let sections: Value = entry.isHeaderFooter ? .array(rows) : .array([.object(["rows": .array(rows)])])
        let text = GoldenRecorder.json(.object(["style": .string("plain"), "sections": sections]))
        let document = try StreamedDocument.load(
            DocumentInput(path: entry.source + " (samples)", bytes: Array(text.utf8), format: .yaml))
        let documentRegistry = try document.registry(over: registry)
        try document.validate(against: documentRegistry)
        try document.checkRowHeights(width: width)
        let table = StreamedDataSource(document: document).makeTableView(registry: documentRegistry)
        table.width = width
        let note = try apply(to: table, rows: entry.isHeaderFooter ? 0 : rows.count)
        return (table, note)
    }
}
