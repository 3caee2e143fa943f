import Cellar

/// The load's check of a common row straight from its bytes, building
/// nothing: the table's keys are read, text keys pass as they are, other
/// keys are only checked for syntax. Anything it does not settle (a
/// `height` other than `automatic` or plain digits, an accessory, text properties on a built-in row, escapes in a
/// key or identifier, a detail on a `default` row, any syntax error) makes
/// it answer nil, and the row takes the full check (`RowCheck` on the
/// decoded value), which also gives any error its message. So the two
/// agree on every row, and the common row costs no allocation.
struct QuickRowCheck {
    enum Kind { case cell, flag, height, builtinText, detail, builtinOther, fallback, other }

    /// What the table reads of a row that passed.
    struct Row {
        /// The `cell` value's place in the check's `identifiers`, or -1 for the default identifier.
        var identifier = -1
        var selected = false
        var highlighted = false
        /// The declared `height`.
        var height: RowHeight?
        /// The `--section-by` key's value (a string's bytes; nil when absent or null).
        var sectionKey: JSONBytes.StringToken?
        /// The identifier's index in `keySets` (-1 when no sets are kept).
        var identifierIndex = -1
    }

    static let builtinText: Set<String> = ["text", "image", "accessoryText"]
    static let builtinOther: Set<String> = [
        "accessory", "editingAccessory", "indentation", "textProperties",
        "secondaryTextProperties",
    ]

    static func kind(of key: String) -> Kind {
        switch key {
        case "cell": return .cell
        case "selected", "highlighted", "disabled": return .flag
        // The row keys of editing and selection are rare: the full check reads them.
        case "height": return .height
        case "editable", "editingStyle", "movable", "template", "selectionStyle", "deselectAfterSelect",
            "selectable", "background", "leadingSwipeActions", "trailingSwipeActions":
            return .fallback
        case "secondaryText": return .detail
        default:
            if builtinText.contains(key) { return .builtinText }
            if builtinOther.contains(key) { return .builtinOther }
            return .other
        }
    }

    /// Known key names, with their kinds.
    static let names: [(name: StaticString, key: String)] = [
        ("cell", "cell"), ("selected", "selected"), ("highlighted", "highlighted"), ("disabled", "disabled"),
        ("height", "height"), ("secondaryText", "secondaryText"), ("text", "text"), ("image", "image"),
        ("accessoryText", "accessoryText"), ("accessory", "accessory"), ("editingAccessory", "editingAccessory"),
        ("indentation", "indentation"), ("textProperties", "textProperties"),
        ("secondaryTextProperties", "secondaryTextProperties"), ("editable", "editable"),
        ("editingStyle", "editingStyle"), ("movable", "movable"), ("template", "template"),
        ("selectionStyle", "selectionStyle"), ("deselectAfterSelect", "deselectAfterSelect"),
        ("selectable", "selectable"),
        ("background", "background"),
        ("leadingSwipeActions", "leadingSwipeActions"), ("trailingSwipeActions", "trailingSwipeActions"),
    ]
    static let nameKinds: [Kind] = names.map { kind(of: $0.key) }
    /// `nameKinds`, kept by each check (read per key).
    let knownKinds: [Kind] = QuickRowCheck.nameKinds
    static let selectedName = names.firstIndex { $0.key == "selected" } ?? -1
    static let highlightedName = names.firstIndex { $0.key == "highlighted" } ?? -1
    let sectionBy: [UInt8]?
    /// The section key's index in `names` when it is a known name (`text`,
    /// `cell`…), whose kind would read it otherwise; -1 when it is not.
    let knownSectionName: Int
    /// Whether rows without `cell` are drawn by a built-in style.
    let defaultIsBuiltin: Bool
    let defaultIsDefault: Bool
    /// Key ranges of the current row, for the duplicate check (kept to save allocations).
    var keys: [Range<Int>] = []
    /// The identifiers read so far (a few), so each is decoded once.
    var identifiers = RowIdentifiers()
    /// How the last rows wrote their keys.
    var shape = RowShape()
    /// The default identifier, and whether the document has been told of it (`firstUse`).
    let defaultCell: String
    var defaultNoted = false
    /// A JSON table's row key sets, recorded as the rows pass (nil: not kept).
    var keySets: RowKeySets?
    /// The default identifier's index in `keySets`.
    let defaultIndex: Int

    init(options: TableOptions, keySets: RowKeySets? = nil) {
        sectionBy = options.sectionBy.map { Array($0.utf8) }
        knownSectionName = options.sectionBy.flatMap { key in Self.names.firstIndex { $0.key == key } } ?? -1
        defaultIsBuiltin = BuiltinCellStyle.Kind(rawValue: options.cell) != nil
        defaultIsDefault = options.cell == "default"
        defaultCell = options.cell
        keys.reserveCapacity(16)
        self.keySets = keySets
        defaultIndex = self.keySets?.identifier(options.cell) ?? -1
    }

    /// The known names as a perfect hash on a key's length and the low
    /// five bits of its first byte (`slot`): no two known names share a
    /// slot (`QuickRowCheckTests`), so a key is compared with one name at
    /// most. Each check keeps its own copy (`slots`, `slotNames`), read
    /// per key without a static's once-check.
    static let nameSlots: [Int8] = {
        var out = [Int8](repeating: -1, count: slotCount)
        for (i, n) in names.enumerated() {
            let s = slot(length: n.name.utf8CodeUnitCount, first: n.name.utf8Start[0])
            out[s] = out[s] < 0 ? Int8(i) : -2  // -2: a collision, which the test reports
        }
        return out
    }()
    static let longestName = names.map(\.name.utf8CodeUnitCount).max() ?? 0
    static let slotCount = (longestName + 1) << 5

    @inline(__always)
    static func slot(length: Int, first: UInt8) -> Int { length << 5 | Int(first & 31) }

    let slots: [Int8] = QuickRowCheck.nameSlots
    let slotNames: [StaticString] = QuickRowCheck.names.map(\.name)

    /// Each known name as three little-endian words (byte 0 lowest) and
    /// the masks of its bytes in them, six words a name: a key is compared
    /// with its slot's name in three word operations. Names are at most 24 bytes.
    static let nameWords: [UInt64] = names.flatMap { n -> [UInt64] in
        var w = [UInt64](repeating: 0, count: 6)
        for b in 0..<min(24, n.name.utf8CodeUnitCount) {
            w[b / 8] |= UInt64(n.name.utf8Start[b]) << UInt64(8 * (b % 8))
            w[3 + b / 8] |= 0xFF << UInt64(8 * (b % 8))
        }
        return w
    }
    let words: [UInt64] = QuickRowCheck.nameWords

    /// The known name at `range` (its index in `names`), or -1.
    @inline(__always)
    func name(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Int {
        guard range.count > 0, range.count < slots.count >> 5 else { return -1 }
        let i = Int(slots[Self.slot(length: range.count, first: bytes[range.lowerBound])])
        guard i >= 0 else { return -1 }
        // Three words from the key's start, when the buffer holds them (all but the last key of a file).
        let scanner = WordScanner(bytes)
        if let w0 = scanner.word(at: range.lowerBound), let w1 = scanner.word(at: range.lowerBound &+ 8),
            let w2 = scanner.word(at: range.lowerBound &+ 16)
        {
            let k = i &* 6
            var differs = (w0 & words[k + 3]) ^ words[k]
            differs |= (w1 & words[k + 4]) ^ words[k + 1]
            differs |= (w2 & words[k + 5]) ^ words[k + 2]
            return differs == 0 ? i : -1
        }
        return bytes.bytes(range, equal: slotNames[i]) ? i : -1
    }

    /// Names the row's identifier (decoded once while it is among the few
    /// last read) and says whether the quick check settles the row.
    @inline(__always)
    mutating func settle(
        _ row: inout Row, _ identifier: Range<Int>?, _ known: Int = -1, in bytes: UnsafeBufferPointer<UInt8>,
        builtinTrouble: Bool, detail: Bool
    ) -> Bool {
        let builtin: Bool
        let isDefault: Bool
        var found = known
        if found < 0, let id = identifier {
            found = identifiers.find(bytes, id) { name in
                RowIdentifiers.Entry(
                    bytes: [], name: name,
                    builtin: BuiltinCellStyle.Kind(rawValue: name) != nil, isDefault: name == "default",
                    keySetIndex: keySets?.identifier(name) ?? -1)
            }
        }
        if found >= 0 {
            row.identifier = found
            row.identifierIndex = identifiers.keySetIndex(found)
            (builtin, isDefault) = identifiers.kind(found)
        } else {
            (builtin, isDefault) = (defaultIsBuiltin, defaultIsDefault)
            row.identifierIndex = defaultIndex
        }
        return !(builtin && builtinTrouble) && !(isDefault && detail)
    }

    /// The name of a passed row's identifier.
    func identifierName(_ row: Row) -> String {
        row.identifier >= 0 ? identifiers.name(row.identifier) : defaultCell
    }

    /// A passed row's identifier the first time the check passes a row of
    /// it (while it is among the few last read), else nil: the document
    /// notes where each identifier first appears without a look-up per row.
    @inline(__always)
    mutating func firstUse(_ row: Row) -> String? {
        if row.identifier >= 0 { return identifiers.firstUse(row.identifier) }
        if defaultNoted { return nil }
        defaultNoted = true
        return defaultCell
    }

    /// Checks a CSV or TSV record whose columns have `kinds`; nil when the
    /// full check must decide.
    mutating func check(_ fields: [DelimitedRecords.Field], kinds: [Kind], _ records: DelimitedRecords) -> Row? {
        var row = Row()
        var identifier: Range<Int>?
        var builtinTrouble = false
        var detail = false
        let bytes = records.bytes
        for (c, f) in zip(kinds.indices, fields) where !f.range.isEmpty {
            switch kinds[c] {
            case .cell:
                if f.quoted && bytes[f.range].contains(UInt8(ascii: "\"")) { return nil }
                identifier = f.range
            case .flag:
                let value: Bool
                if bytes.bytes(f.range, equal: "true") {
                    value = true
                } else if bytes.bytes(f.range, equal: "false") {
                    value = false
                } else {
                    return nil
                }
                if c == flagColumns.selected {
                    row.selected = value
                } else if c == flagColumns.highlighted {
                    row.highlighted = value
                }
            case .detail: detail = true
            case .builtinOther: builtinTrouble = true
            case .height:
                guard let h = Self.height(bytes, f.range) else { return nil }
                row.height = h
            case .fallback: return nil
            case .builtinText, .other: break
            }
        }
        return settle(&row, identifier, in: bytes, builtinTrouble: builtinTrouble, detail: detail) ? row : nil
    }

    /// A CSV or TSV `height` field as the full check reads it (`automatic`, or
    /// the number its text is), when it plainly is one: `automatic`, or up
    /// to five digits within the table's bound. Nil leaves the field to the
    /// full check, which also words any error.
    static func height(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> RowHeight? {
        if bytes.bytes(range, equal: "automatic") { return .automatic }
        return lines(bytes, range).map(RowHeight.fixed)
    }

    /// The number of lines `range` spells in plain digits, when within the table's bound.
    static func lines(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Int? {
        guard !range.isEmpty, range.count <= 5 else { return nil }
        var n = 0
        for i in range {
            let digit = bytes[i] &- UInt8(ascii: "0")
            guard digit < 10 else { return nil }
            n = n * 10 + Int(digit)
        }
        return n <= TableView.maximumRowHeight ? n : nil
    }

    /// The columns of `selected` and `highlighted`, set with the kinds.
    var flagColumns: (selected: Int?, highlighted: Int?) = (nil, nil)

    /// Each column's kind, for `check(_:kinds:…)`.
    mutating func kinds(of columns: [String]) -> [Kind] {
        flagColumns = (columns.firstIndex(of: "selected"), columns.firstIndex(of: "highlighted"))
        return columns.map(Self.kind(of:))
    }
}
