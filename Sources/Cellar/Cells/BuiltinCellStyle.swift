import CellarText

/// The four UITableViewCell.CellStyle looks, as Swift styles.
public final class BuiltinCellStyle: CellStyle {
    public enum Kind: String, CaseIterable, Sendable {
        case `default`, subtitle, value1, value2
    }
    public let kind: Kind
    public var reuseIdentifier: String { kind.rawValue }
    public var source: String { "built-in" }

    public init(_ kind: Kind) { self.kind = kind }

    public static func allStyles() -> [BuiltinCellStyle] { Kind.allCases.map(BuiltinCellStyle.init) }

    public func makeCell() throws -> Cell {
        let cell = Cell(reuseIdentifier: reuseIdentifier)
        cell.contentConfiguration = ListContentConfiguration()
        cell.builtinKind = kind
        return cell
    }

    /// Row data in: `text`, `secondaryText`, `image`, `accessory`,
    /// `accessoryText`, `editingAccessory`, `indentation`, `textProperties`,
    /// `secondaryTextProperties`. Other keys are ignored by built-ins.
    public func configure(_ cell: Cell, row: Value, at indexPath: IndexPath) throws {
        do {
            let parsed = try RowData.parse(row, style: kind)
            cell.contentConfiguration = parsed.content
            cell.accessory = parsed.accessory
            cell.editingAccessory = parsed.editingAccessory
            cell.indentationLevel = parsed.indentation
        } catch let e as RowDataError {
            throw CellarError("row \(indexPath): \(e.keyPath.joined(separator: ".")): \(e.message)")
        }
    }

    public func content(for cell: Cell, state: CellState, context: LayoutContext) throws -> ViewNode {
        Self.layout(kind, cell.contentConfiguration ?? ListContentConfiguration(), width: context.width)
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
            main = .stack(Stack(axis: .vertical, spacing: c.textToSecondaryTextVerticalPadding,
                                alignment: .fill, children: [text, detail]))
        case .value1:
            var props = c.secondaryTextProperties
            if props.alignment == .leading { props.alignment = .trailing }
            let detail = ViewNode.label(label(c.secondaryText, props, sizing: .fit))
            main = .stack(Stack(axis: .horizontal, spacing: c.textToSecondaryTextHorizontalPadding,
                                alignment: .top, children: [text, detail]))
        case .value2:
            // A narrow, right-aligned, tinted heading column, then the detail.
            var head = c.textProperties
            head.alignment = .trailing
            if head.color == .semantic(.label) { head.color = .semantic(.tint) }
            var detailProps = c.secondaryTextProperties
            if detailProps.color == .semantic(.secondaryLabel) { detailProps.color = .semantic(.label) }
            let column = value2ColumnWidth(width)
            main = .stack(Stack(axis: .horizontal, spacing: c.textToSecondaryTextHorizontalPadding,
                                alignment: .top, children: [
                .label(label(c.text ?? "", head, sizing: .fixed(column))),
                .label(label(c.secondaryText, detailProps, sizing: .flexible)),
            ]))
        }
        if let image = c.image, !image.isEmpty {
            main = .stack(Stack(axis: .horizontal, spacing: c.imageToTextPadding, alignment: .top,
                                children: [.image(glyph: image, style: .plain), main]))
        }
        let m = c.directionalLayoutMargins
        if m != .zero { main = .padding(m, main) }
        return main
    }

    /// UIKit's value2 heading column is about a quarter of the cell.
    public static func value2ColumnWidth(_ width: Int) -> Int { max(3, min(14, width / 4)) }

    static func label(_ text: String?, _ p: TextProperties, sizing: Sizing) -> Label {
        Label(text ?? "", numberOfLines: p.numberOfLines, lineBreakMode: p.lineBreakMode,
              alignment: p.alignment, transform: p.transform, style: p.textStyle, width: sizing)
    }
}

/// A problem in row data, with the key path to it (so documents can point at the key).
struct RowDataError: Error {
    var keyPath: [String]
    var message: String
}

/// Row data as the built-in styles read it.
struct RowData {
    var content = ListContentConfiguration()
    var accessory = Accessory.none
    var editingAccessory = Accessory.none
    var indentation = 0

    static func parse(_ row: Value, style: BuiltinCellStyle.Kind?) throws -> RowData {
        var out = RowData()
        guard case .object(let o) = row else {
            throw RowDataError(keyPath: [], message: "a row must be a mapping of keys to values")
        }
        out.content.text = try string(o["text"], "text")
        out.content.secondaryText = try string(o["secondaryText"], "secondaryText")
        out.content.image = try string(o["image"], "image")
        if let v = o["accessory"] { out.accessory = try accessoryType(v, "accessory") }
        if let v = o["accessoryText"], let text = try string(v, "accessoryText") { out.accessory = .text(text) }
        if let v = o["editingAccessory"] { out.editingAccessory = try accessoryType(v, "editingAccessory") }
        if let v = o["indentation"] {
            guard let n = v.intValue, n >= 0 else {
                throw RowDataError(keyPath: ["indentation"], message: "must be a non-negative whole number")
            }
            out.indentation = n
        }
        if let v = o["textProperties"] {
            out.content.textProperties = try properties(v, base: out.content.textProperties, "textProperties")
        }
        if let v = o["secondaryTextProperties"] {
            out.content.secondaryTextProperties = try properties(v, base: out.content.secondaryTextProperties,
                                                                 "secondaryTextProperties")
        }
        return out
    }

    static func string(_ v: Value?, _ key: String) throws -> String? {
        guard let v else { return nil }
        switch v {
        case .null: return nil
        case .string, .bytes, .int, .double, .bool: return v.stringValue
        default: throw RowDataError(keyPath: [key], message: "must be text")
        }
    }

    static func accessoryType(_ v: Value, _ key: String) throws -> Accessory {
        guard let name = v.stringValue, case .string = v else {
            throw RowDataError(keyPath: [key], message: "must be one of \(AccessoryType.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        return .type(try choice(name, AccessoryType.self, [key]))
    }

    static func choice<E: RawRepresentable & CaseIterable>(_ name: String, _: E.Type, _ path: [String]) throws -> E
    where E.RawValue == String {
        if let e = E(rawValue: name) { return e }
        let names = E.allCases.map(\.rawValue)
        throw RowDataError(keyPath: path, message: Suggest.unknown("value", name, among: names))
    }

    static let propertyKeys = ["numberOfLines", "lineBreakMode", "alignment", "color", "transform",
                               "bold", "italic", "underline", "dim"]

    static func properties(_ v: Value, base: TextProperties, _ key: String) throws -> TextProperties {
        guard case .object(let o) = v else {
            throw RowDataError(keyPath: [key], message: "must be a mapping (numberOfLines, lineBreakMode, alignment, color, transform, bold)")
        }
        var p = base
        for (k, value) in o.sorted(by: { $0.key < $1.key }) {
            let path = [key, k]
            switch k {
            case "numberOfLines":
                guard let n = value.intValue, n >= 0 else {
                    throw RowDataError(keyPath: path, message: "must be a whole number ≥ 0 (0 = unlimited)")
                }
                p.numberOfLines = n
            case "lineBreakMode": p.lineBreakMode = try choice(value.stringValue ?? "", LineBreakMode.self, path)
            case "alignment":
                let name = value.stringValue ?? ""
                p.alignment = name == "natural" ? .leading : try choice(name, TextAlignment.self, path)
            case "transform": p.transform = try choice(value.stringValue ?? "", TextTransform.self, path)
            case "color": p.color = try color(value, path)
            case "bold", "italic", "underline", "dim":
                guard let b = value.boolValue else { throw RowDataError(keyPath: path, message: "must be true or false") }
                let attr: TextAttributes = k == "bold" ? .bold : k == "italic" ? .italic : k == "underline" ? .underline : .dim
                if b { p.attributes.insert(attr) } else { p.attributes.remove(attr) }
            default:
                throw RowDataError(keyPath: path, message: Suggest.unknown("key", k, among: propertyKeys))
            }
        }
        return p
    }

    /// A semantic colour name, a palette index 0–255 or `#rrggbb`.
    static func color(_ v: Value, _ path: [String]) throws -> Color {
        if let n = v.intValue {
            guard (0...255).contains(n) else { throw RowDataError(keyPath: path, message: "palette colour must be 0–255") }
            return .palette(UInt8(n))
        }
        guard let s = v.stringValue else { throw RowDataError(keyPath: path, message: "must be a colour name") }
        if s == "default" { return .default }
        if s.hasPrefix("#"), s.utf8.count == 7, let rgb = Int(s.dropFirst(), radix: 16) {
            return .rgb(UInt8((rgb >> 16) & 255), UInt8((rgb >> 8) & 255), UInt8(rgb & 255))
        }
        let names = SemanticColor.allCases.map { "\($0)" }
        if let i = names.firstIndex(of: s) { return .semantic(SemanticColor.allCases[i]) }
        throw RowDataError(keyPath: path, message: Suggest.unknown("colour", s, among: names + ["default", "#rrggbb"]))
    }
}
