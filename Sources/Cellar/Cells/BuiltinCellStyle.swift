import CellarText

/// The four UITableViewCell.CellStyle looks, as Swift styles.
public final class BuiltinCellStyle: CellStyle {
    /// Which UITableViewCell.CellStyle the style draws; its raw value is the reuse identifier.
    public enum Kind: String, CaseIterable, Sendable {
        case `default`, subtitle, value1, value2
    }
    /// Which of the four looks this style draws.
    public let kind: Kind
    /// `Accelerators.enabled`, read once for the style's rows (`directLayout`).
    private let laysOutDirectly = Accelerators.enabled
    /// The kind's name (`default`, `subtitle`, `value1`, `value2`), as cells are registered under.
    public var reuseIdentifier: String { kind.rawValue }
    /// Built-in styles report "built-in" as their source.
    public var source: String { "built-in" }

    /// Creates the style for one of UIKit's four looks.
    public init(_ kind: Kind) { self.kind = kind }

    /// A built-in style draws a row from the row's data and state alone.
    public var drawsRowsIndependently: Bool { true }

    /// The app's `content` on a cell is drawn in place of the built-in layout.
    public var readsCellContent: Bool { false }

    /// Built-in styles read the keys of `RowData`.
    public var rowKeys: [String]? { RowData.keys }

    /// One line on what the style draws (`cellar styles` lists it).
    public var summary: String {
        switch kind {
        case .default: return "UIKit's default: text, an optional image on the leading edge"
        case .subtitle: return "UIKit's subtitle: text over a secondary-coloured detail"
        case .value1: return "UIKit's value1: text, the detail right-aligned on the same line"
        case .value2: return "UIKit's value2: a tinted heading column, then the detail"
        }
    }

    /// One style for each of the four looks, in declaration order.
    public static func allStyles() -> [BuiltinCellStyle] { Kind.allCases.map(BuiltinCellStyle.init) }

    /// A new cell with an empty list content configuration.
    public func makeCell() throws -> Cell {
        let cell = Cell(reuseIdentifier: reuseIdentifier)
        cell.listConfiguration = ListContentConfiguration()
        return cell
    }

    /// Row data in: `RowData.keys`. Documents reject other keys before a
    /// render; Swift callers' other keys are ignored.
    public func configure(_ cell: Cell, row: Value, at indexPath: IndexPath) throws {
        do {
            // Taken apart whole, so each field moves into the cell (not copied, then released).
            let (content, accessory, editingAccessory, indentation) = try RowData.parse(row, style: kind).parts()
            cell.listContentConfiguration = content
            cell.accessory = accessory
            cell.editingAccessory = editingAccessory
            cell.indentationLevel = indentation
        } catch let e as RowDataError {
            throw CellarError("row \(indexPath): " + e.pathAndMessage)
        }
    }

    /// Configures a cell a built-in style draws from a row parsed ahead
    /// (`ParsedRowData`): the cell ends as `configure(_:row:at:)` leaves it
    /// for that row, and the box holds the cell's previous fields for its
    /// owner to free. False, and nothing done, for a cell of another style.
    package static func configure(_ cell: Cell, exchanging row: ParsedRowData) -> Bool {
        guard cell.hasBuiltinStyle else { return false }
        swap(&cell.listConfiguration, &row.content)
        swap(&cell.measuredLabels, &row.measuredLabels)
        swap(&cell.accessory, &row.accessory)
        swap(&cell.editingAccessory, &row.editingAccessory)
        cell.indentationLevel = row.indentation
        return true
    }

    /// The view tree for the cell's content configuration at the context's width.
    public func content(for cell: Cell, state: CellState, context: LayoutContext) throws -> ViewNode {
        Self.layout(kind, cell.listConfiguration ?? ListContentConfiguration(), width: context.width)
    }

    /// Labels without margins skip the view tree (see `BuiltinDirectLayout`).
    public func directLayout(of cell: Cell, width: Int, engine: LayoutEngine) -> BuiltinDirectLayout? {
        laysOutDirectly ? BuiltinDirectLayout.make(kind, cell, width: width, engine: engine) : nil
    }

    /// The view tree of a built-in style: UIKit's placement (UIKIT.md).
    public static func layout(_ kind: Kind, _ c: ListContentConfiguration, width: Int) -> ViewNode {
        let text = ViewNode.label(label(c.text, c.textProperties, sizing: .flexible))
        var main: ViewNode
        switch kind {
        case .default:
            // The style has no detail: secondaryText is not drawn (documents reject it).
            main = text
        case .subtitle:
            let detail = ViewNode.label(label(c.secondaryText, c.secondaryTextProperties, sizing: .flexible))
            main = .stack(
                Stack(
                    axis: .vertical, spacing: c.textToSecondaryTextVerticalPadding,
                    alignment: .fill, children: [text, detail]))
        case .value1:
            var props = c.secondaryTextProperties
            if props.alignment == .leading { props.alignment = .trailing }
            let detail = ViewNode.label(label(c.secondaryText, props, sizing: .fit))
            main = .stack(
                Stack(
                    axis: .horizontal, spacing: c.textToSecondaryTextHorizontalPadding,
                    alignment: .top, children: [text, detail]))
        case .value2:
            // A narrow, right-aligned, tinted heading column, then the detail.
            var head = c.textProperties
            head.alignment = .trailing
            if head.color == .semantic(.label) { head.color = .semantic(.tint) }
            var detailProps = c.secondaryTextProperties
            if detailProps.color == .semantic(.secondaryLabel) { detailProps.color = .semantic(.label) }
            let column = value2ColumnWidth(width)
            main = .stack(
                Stack(
                    axis: .horizontal, spacing: c.textToSecondaryTextHorizontalPadding,
                    alignment: .top,
                    children: [
                        .label(label(c.text ?? "", head, sizing: .fixed(column))),
                        .label(label(c.secondaryText, detailProps, sizing: .flexible)),
                    ]))
        }
        if let image = c.image, !image.isEmpty {
            main = .stack(
                Stack(
                    axis: .horizontal, spacing: c.imageToTextPadding, alignment: .top,
                    children: [.image(glyph: image, style: .plain), main]))
        }
        let m = c.directionalLayoutMargins
        if m != .zero { main = .padding(m, main) }
        return main
    }

    /// UIKit's value2 heading column is about a quarter of the cell.
    public static func value2ColumnWidth(_ width: Int) -> Int { max(3, min(14, width / 4)) }

    static func label(_ text: String?, _ p: TextProperties, sizing: Sizing) -> Label {
        Label(
            text ?? "", numberOfLines: p.numberOfLines, lineBreakMode: p.lineBreakMode,
            alignment: p.alignment, transform: p.transform, style: p.textStyle, width: sizing)
    }
}
