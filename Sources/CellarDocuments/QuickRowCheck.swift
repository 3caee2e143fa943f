import Cellar

/// The load's check of a common row straight from its bytes, building
/// nothing: the table's keys are read, text keys pass as they are, other
/// keys are only checked for syntax. Anything it does not settle (a
/// `height`, an accessory, text properties on a built-in row, escapes in a
/// key or identifier, a detail on a `default` row, any syntax error) makes
/// it answer nil, and the row takes the full check (`RowCheck` on the
/// decoded value), which also gives any error its message. So the two
/// agree on every row, and the common row costs no allocation.
struct QuickRowCheck {
    enum Kind { case cell, flag, builtinText, detail, builtinOther, fallback, other }

    /// What the table reads of a row that passed.
    struct Row {
        /// The `cell` value, or nil for the default identifier.
        var identifier: String?
        var selected = false
        var highlighted = false
        /// The `--section-by` key's value (a string's bytes; nil when absent or null).
        var sectionKey: JSONBytes.StringToken?
    }

    static let builtinText: Set<String> = ["text", "image", "accessoryText"]
    static let builtinOther: Set<String> = ["accessory", "editingAccessory", "indentation", "textProperties",
                                            "secondaryTextProperties"]

    static func kind(of key: String) -> Kind {
        switch key {
        case "cell": return .cell
        case "selected", "highlighted", "disabled": return .flag
        case "height": return .fallback
        case "secondaryText": return .detail
        default:
            if builtinText.contains(key) { return .builtinText }
            if builtinOther.contains(key) { return .builtinOther }
            return .other
        }
    }

    /// Known key names as bytes, with their kinds, searched by length first.
    let names: [(bytes: [UInt8], key: String, kind: Kind)]
    let sectionBy: [UInt8]?
    /// Whether rows without `cell` are drawn by a built-in style.
    let defaultIsBuiltin: Bool
    let defaultIsDefault: Bool
    /// Key ranges of the current row, for the duplicate check (kept to save allocations).
    var keys: [Range<Int>] = []
    /// The last identifier read, so a run of rows of one style decodes it once.
    var last: (bytes: [UInt8], name: String, builtin: Bool, isDefault: Bool) = ([], "", false, false)

    init(options: TableOptions) {
        let all = ["cell", "selected", "highlighted", "disabled", "height", "secondaryText"]
            + Array(Self.builtinText) + Array(Self.builtinOther)
        names = all.map { (Array($0.utf8), $0, Self.kind(of: $0)) }
        sectionBy = options.sectionBy.map { Array($0.utf8) }
        defaultIsBuiltin = BuiltinCellStyle.Kind(rawValue: options.cell) != nil
        defaultIsDefault = options.cell == "default"
        keys.reserveCapacity(16)
    }

    func kind(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> (Kind, String?) {
        for n in names where n.bytes.count == range.count && n.bytes.elementsEqual(bytes[range]) { return (n.kind, n.key) }
        return (.other, nil)
    }

    /// Checks the JSON row object at `j.pos` (moving past it), or nil.
    mutating func check(_ j: inout JSONBytes, depth: Int) -> Row? {
        guard j.current == UInt8(ascii: "{") else { return nil }
        j.pos += 1
        keys.removeAll(keepingCapacity: true)
        var row = Row()
        var identifier: Range<Int>?
        var builtinTrouble = false, detail = false
        j.skipSpace()
        if j.current == UInt8(ascii: "}") { j.pos += 1; return row }
        while true {
            guard j.current == UInt8(ascii: "\""), let key = try? j.string(), !key.escaped else { return nil }
            for k in keys where k.count == key.range.count && j.bytes[k].elementsEqual(j.bytes[key.range]) { return nil }
            keys.append(key.range)
            j.skipSpace()
            guard j.current == UInt8(ascii: ":") else { return nil }
            j.pos += 1
            j.skipSpace()
            let (kind, name) = kind(j.bytes, key.range)
            let isSectionKey = sectionBy.map { $0.count == key.range.count && $0.elementsEqual(j.bytes[key.range]) } ?? false
            switch kind {
            case .cell:
                guard j.current == UInt8(ascii: "\""), let id = try? j.string(), !id.escaped, !id.range.isEmpty else { return nil }
                identifier = id.range
            case .flag:
                let value: Bool
                if (try? j.literal("true")) != nil { value = true } else if (try? j.literal("false")) != nil { value = false } else {
                    return nil
                }
                if name == "selected" { row.selected = value } else if name == "highlighted" { row.highlighted = value }
            case .builtinText, .detail:
                if j.current == UInt8(ascii: "{") || j.current == UInt8(ascii: "[") { builtinTrouble = true }
                if kind == .detail && j.current != UInt8(ascii: "n") { detail = true }
                guard (try? j.skip(depth: depth + 1)) != nil else { return nil }
            case .builtinOther:
                builtinTrouble = true
                guard (try? j.skip(depth: depth + 1)) != nil else { return nil }
            case .fallback:
                return nil
            case .other:
                if isSectionKey {
                    if j.current == UInt8(ascii: "\"") {
                        guard let s = try? j.string() else { return nil }
                        row.sectionKey = s
                    } else if (try? j.literal("null")) == nil {
                        return nil  // a number or flag as a header: the full check words it
                    }
                    break
                }
                guard (try? j.skip(depth: depth + 1)) != nil else { return nil }
            }
            j.skipSpace()
            if j.current == UInt8(ascii: "}") { j.pos += 1; break }
            guard j.current == UInt8(ascii: ","), (try? j.commaBefore(UInt8(ascii: "}"))) != nil else { return nil }
        }
        // What a built-in style reads beyond text, and detail on a `default` row, take the full check.
        return settle(&row, identifier.map { j.bytes[$0] }, builtinTrouble: builtinTrouble, detail: detail) ? row : nil
    }

    /// Names the row's identifier (decoded once per run of equal ones) and
    /// says whether the quick check settles the row.
    mutating func settle(_ row: inout Row, _ identifier: Slice<UnsafeBufferPointer<UInt8>>?,
                         builtinTrouble: Bool, detail: Bool) -> Bool {
        let builtin: Bool, isDefault: Bool
        if let id = identifier {
            if !last.bytes.elementsEqual(id) {
                let name = String(decoding: id, as: UTF8.self)
                last = (Array(id), name, BuiltinCellStyle.Kind(rawValue: name) != nil, name == "default")
            }
            row.identifier = last.name
            (builtin, isDefault) = (last.builtin, last.isDefault)
        } else {
            (builtin, isDefault) = (defaultIsBuiltin, defaultIsDefault)
        }
        return !(builtin && builtinTrouble) && !(isDefault && detail)
    }

    /// Checks a CSV or TSV record whose columns have `kinds`; nil when the
    /// full check must decide. `sectionColumn` is the `--section-by` column.
    mutating func check(_ fields: [DelimitedRecords.Field], kinds: [Kind], sectionColumn: Int?,
                        _ records: DelimitedRecords) -> (Row, header: String?)? {
        var row = Row()
        var identifier: Slice<UnsafeBufferPointer<UInt8>>?
        var builtinTrouble = false, detail = false
        let bytes = records.bytes
        for (c, f) in zip(kinds.indices, fields) where !f.range.isEmpty {
            switch kinds[c] {
            case .cell:
                if f.quoted && bytes[f.range].contains(UInt8(ascii: "\"")) { return nil }
                identifier = bytes[f.range]
            case .flag:
                let value: Bool
                if bytes[f.range].elementsEqual("true".utf8) { value = true } else if bytes[f.range].elementsEqual("false".utf8) {
                    value = false
                } else {
                    return nil
                }
                if c == flagColumns.selected { row.selected = value } else if c == flagColumns.highlighted { row.highlighted = value }
            case .detail: detail = true
            case .builtinOther: builtinTrouble = true
            case .fallback: return nil
            case .builtinText, .other: break
            }
        }
        let header = sectionColumn.flatMap { $0 < fields.count && !fields[$0].range.isEmpty ? records.text(fields[$0]) : nil }
        return settle(&row, identifier, builtinTrouble: builtinTrouble, detail: detail) ? (row, header) : nil
    }

    /// The columns of `selected` and `highlighted`, set with the kinds.
    var flagColumns: (selected: Int?, highlighted: Int?) = (nil, nil)

    /// Each column's kind, for `check(_:kinds:…)`.
    mutating func kinds(of columns: [String]) -> [Kind] {
        flagColumns = (columns.firstIndex(of: "selected"), columns.firstIndex(of: "highlighted"))
        return columns.map(Self.kind(of:))
    }
}
