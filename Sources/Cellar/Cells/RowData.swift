import CellarText

/// A problem in row data, with the key path to it (so documents can point at the key).
package struct RowDataError: Error {
    package var keyPath: [String]
    package var message: String

    /// `background.color: unknown colour …`: the key path as messages quote input, then what is wrong.
    package var pathAndMessage: String { keyPath.map(Sanitizer.excerpt).joined(separator: ".") + ": " + message }
}

/// Row data as the built-in styles read it.
package struct RowData {
    /// Never nil once parsed: optional as the cell's and `ParsedRowData`'s
    /// are, so that a box exchanges its fields with a row's (no copy each).
    var content: ListContentConfiguration? = ListContentConfiguration()
    var accessory = Accessory.none
    var editingAccessory = Accessory.none
    var indentation = 0

    /// The keys `parse` reads (`RowDataFields.Field` names each; `TableSchemaTests` holds them equal).
    static let keys = TableSchema.builtinRowKeys

    package static func parse(_ row: Value, style: BuiltinCellStyle.Kind?) throws -> RowData {
        guard case .object(let o) = row else {
            throw RowDataError(keyPath: [], message: "a row must be a mapping of keys to values")
        }
        // Filled in place: a returned aggregate is copied and destroyed through its value witnesses.
        var fields = RowDataFields()
        fields.read(o)
        return try parse(fields)
    }

    /// The row data from a row's fields, found by `RowDataFields` or by a
    /// document's decoder straight from its bytes.
    package static func parse(_ f: RowDataFields) throws -> RowData {
        var fields = f
        return try parse(taking: &fields)
    }

    /// `parse`, the labels' text moved out of `f` (left nil there), not
    /// copied: a document's decoder drops the fields once parsed.
    package static func parse(taking f: inout RowDataFields) throws -> RowData {
        // Built from locals and returned whole (read in the order errors are reported).
        let text = try string(f.text.take(), "text")
        let secondaryText = try string(f.secondaryText.take(), "secondaryText")
        let image = try string(f.image.take(), "image")
        var accessory = Accessory.none
        if let t = f.accessoryType {
            accessory = .type(t)
        } else if let v = f.accessory {
            accessory = try accessoryType(v, "accessory")
        }
        if let v = f.accessoryText, let text = try string(v, "accessoryText") { accessory = .text(text) }
        var editingAccessory = Accessory.none
        if let t = f.editingAccessoryType {
            editingAccessory = .type(t)
        } else if let v = f.editingAccessory {
            editingAccessory = try accessoryType(v, "editingAccessory")
        }
        var indentation = 0
        if let v = f.indentation {
            guard let n = v.intValue, InputLimits.smallCount.contains(n) else {
                throw RowDataError(
                    keyPath: ["indentation"],
                    message: "must be a whole number from 0 to \(InputLimits.smallCount.upperBound)" + got(v))
            }
            indentation = n
        }
        var textProperties: TextProperties?
        if let v = f.textProperties { textProperties = try properties(v, base: TextProperties(), "textProperties") }
        var secondaryProperties: TextProperties?
        if let v = f.secondaryTextProperties {
            secondaryProperties = try properties(
                v, base: ListContentConfiguration.secondaryTextDefaults, "secondaryTextProperties")
        }
        // Made once nothing more can throw: a configuration made before a
        // throwing read is copied whole and destroyed.
        var content = ListContentConfiguration(text: text, secondaryText: secondaryText, image: image)
        if let textProperties { content.textProperties = textProperties }
        if let secondaryProperties { content.secondaryTextProperties = secondaryProperties }
        return RowData(
            content: content, accessory: accessory, editingAccessory: editingAccessory, indentation: indentation)
    }

    /// The fields, given up whole.
    consuming func parts() -> (ListContentConfiguration?, Accessory, Accessory, Int) {
        (content, accessory, editingAccessory, indentation)
    }

    /// Whether `parse` takes `value` under the built-in key `name` (each
    /// field is checked on its own); true for a name that is no field.
    package static func accepts(_ value: Value, as name: String) -> Bool {
        guard let field = RowDataFields.Field(rawValue: name) else { return true }
        var fields = RowDataFields()
        fields.set(field, to: value)
        return (try? parse(fields)) != nil
    }

    /// The text of `v`, moved out of it when it is a string.
    static func string(_ v: consuming Value?, _ key: String) throws -> String? {
        switch consume v {
        case .none, .null?: return nil
        case .string(let s)?: return s
        case let v?:
            switch v {
            case .bytes, .int, .double, .bool: return v.stringValue
            default: throw RowDataError(keyPath: [key], message: "must be text")
            }
        }
    }

    static func accessoryType(_ v: Value, _ key: String) throws -> Accessory {
        guard let name = v.stringValue, case .string = v else {
            throw RowDataError(
                keyPath: [key],
                message: "must be one of \(AccessoryType.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        if let t = AccessoryType.named(name) { return .type(t) }
        return .type(try choice(name, AccessoryType.self, [key]))
    }

    static func choice<E: RawRepresentable & CaseIterable>(_ name: String, _: E.Type, _ path: [String]) throws -> E
    where E.RawValue == String {
        if let e = E(rawValue: name) { return e }
        let names = E.allCases.map(\.rawValue)
        throw RowDataError(keyPath: path, message: Suggest.unknown("value", name, among: names))
    }

    package static let propertyKeys = [
        "numberOfLines", "lineBreakMode", "alignment", "color", "transform",
        "bold", "italic", "underline", "dim",
    ]

    static func properties(_ v: Value, base: TextProperties, _ key: String) throws -> TextProperties {
        guard case .object(let o) = v else {
            throw RowDataError(
                keyPath: [key],
                message: "must be a mapping (numberOfLines, lineBreakMode, alignment, color, transform, bold)")
        }
        var p = base
        // Read in key order, so the first wrong key reported is the same on every run; a lone key needs no sort.
        if o.count == 1, let (k, value) = o.first {
            try property(k, value, into: &p, key)
        } else {
            for (k, value) in o.sorted(by: { $0.key < $1.key }) { try property(k, value, into: &p, key) }
        }
        return p
    }

    /// Sets property `k` of `p` from `value`; an error names `key.k` (the path made only then).
    private static func property(_ k: String, _ value: Value, into p: inout TextProperties, _ key: String) throws {
        do {
            try property(k, value, into: &p)
        } catch var e as RowDataError {
            e.keyPath = [key, k]
            throw e
        }
    }

    /// ` (got '-1')`: the scalar a message refuses, quoted as input is; nothing for a list or mapping.
    static func got(_ v: Value) -> String { v.stringValue.map { " (got '\(Sanitizer.excerpt($0))')" } ?? "" }

    /// `property(_:_:into:_:)`, its errors with no key path yet.
    private static func property(_ k: String, _ value: Value, into p: inout TextProperties) throws {
        switch k {
        case "numberOfLines":
            guard let n = value.intValue, InputLimits.smallCount.contains(n) else {
                throw RowDataError(
                    keyPath: [],
                    message: "must be a whole number from 0 to \(InputLimits.smallCount.upperBound), 0 for no limit"
                        + got(value))
            }
            p.numberOfLines = n
        case "lineBreakMode": p.lineBreakMode = try choice(value.stringValue ?? "", LineBreakMode.self, [])
        case "alignment":
            let name = value.stringValue ?? ""
            p.alignment = name == "natural" ? .leading : try choice(name, TextAlignment.self, [])
        case "transform": p.transform = try choice(value.stringValue ?? "", TextTransform.self, [])
        case "color": p.color = try color(value, [])
        case "bold", "italic", "underline", "dim":
            guard let b = value.boolValue else { throw RowDataError(keyPath: [], message: "must be true or false") }
            let attr: TextAttributes =
                k == "bold" ? .bold : k == "italic" ? .italic : k == "underline" ? .underline : .dim
            if b { p.attributes.insert(attr) } else { p.attributes.remove(attr) }
        default:
            throw RowDataError(keyPath: [], message: Suggest.unknown("key", k, among: propertyKeys))
        }
    }

    /// The error for a palette index outside 0–255, with the index given.
    package static func paletteRangeMessage(_ n: Int) -> String { "palette colour must be 0–255 (got \(n))" }

    /// A semantic colour name, a palette index 0–255, `#rrggbb` or a
    /// `ColorPair` (`{light: "#rrggbb", dark: "#rrggbb"}`).
    static func color(_ v: Value, _ path: [String]) throws -> Color {
        if let n = v.intValue {
            guard (0...255).contains(n) else {
                throw RowDataError(keyPath: path, message: paletteRangeMessage(n))
            }
            return .palette(UInt8(n))
        }
        if case .object(let fields) = v {
            switch ColorPair.color(fields) {
            case .success(let c): return c
            case .failure(let e): throw RowDataError(keyPath: path, message: e.message)
            }
        }
        guard let s = v.stringValue else { throw RowDataError(keyPath: path, message: "must be a colour name") }
        if s == "default" { return .default }
        if let rgb = ColorPair.hex(s) { return Color(rgb: rgb) }
        if let semantic = SemanticColor.named(s) { return .semantic(semantic) }
        throw RowDataError(keyPath: path, message: ColorNames.unknown(s))
    }
}
