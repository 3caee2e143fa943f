import Cellar

/// The accelerator of the full row check (`RowCheck`): a common row checked straight from its bytes, each key
/// read as its kind in `TableSchema` says (a choice compared as bytes, a count as digits, a mapping alone).
///
/// Invariant: it passes only rows the full check passes, with the same attributes; anything else (escapes, a
/// doubtful value, any syntax error) goes to the full check, which also words the error.
struct QuickRowCheck {
    enum Kind {
        case cell, flag, height
        case editingFlag, editingChoice, editingValue
        /// `drawnBy`: a text that only those built-ins draw.
        case builtinText
        case drawnBy(RowKeySets.BuiltinFit)
        case builtinChoice, builtinCount, builtinValue
        case fallback, other

        /// The built-in styles a key's text fits, when only some draw it (nil for another kind).
        var fit: RowKeySets.BuiltinFit? {
            if case .drawnBy(let styles) = self { styles } else { nil }
        }
    }

    /// What the table reads of a row that passed.
    struct Row {
        /// The place in `identifiers`, or -1 for the default identifier.
        var identifier = -1
        var selected = false
        var highlighted = false
        var height: RowHeight?
        /// The `--section-by` key's string (nil when absent or null).
        var sectionKey: JSONBytes.StringToken?
        var identifierIndex = -1
        /// The row's key set in `keySets`' bits (JSON rows with sets kept).
        var keys: UInt64 = 0
        var fit = RowKeySets.BuiltinFit.none
        var editing = false
        var template = false
    }

    static func kind(of key: String) -> Kind {
        guard let k = TableSchema.rowKey(key) else { return .other }
        switch (k.role, k.type) {
        case (.cell, _): return .cell
        case (.state, _): return .flag
        case (.height, _): return .height
        case (.editing, .flag): return .editingFlag
        case (.editing, .choice): return .editingChoice
        case (.editing, _): return .editingValue
        // A text only some built-ins draw is settled per row by the styles that do (`drawnBy`); another such
        // key leaves its rows to the full check.
        case (.content, _) where k.readBy != BuiltinCellStyle.Kind.allCases:
            return k.type == .text ? .drawnBy(RowKeySets.BuiltinFit(k.readBy)) : .fallback
        case (.content, .text): return .builtinText
        case (.content, .choice): return .builtinChoice
        case (.content, .count): return .builtinCount
        case (.content, _): return .builtinValue
        case (.structure, _): return .other
        }
    }

    /// Every row key of the schema, by its index there.
    static let names: [String] = TableSchema.row.map(\.name)
    static let nameKinds: [Kind] = names.map(kind(of:))
    /// Kept by each check, so no static's once-check per key.
    let knownKinds: [Kind] = QuickRowCheck.nameKinds
    /// `Accelerators.enabled(.quickCheck)` (off, every row takes the full check), kept so as not to be read per row.
    let enabled = Accelerators.enabled(.quickCheck)
    static let nameChoices: [[[UInt8]]] = TableSchema.row.map { key in
        guard case .choice(let names) = key.type else { return [] }
        return names.map { Array($0.utf8) }
    }
    static let nameBounds: [ClosedRange<Int>] = TableSchema.row.map { key in
        guard case .count(let bounds) = key.type else { return 0...0 }
        return bounds
    }
    static let selectedName = names.firstIndex(of: "selected") ?? -1
    static let highlightedName = names.firstIndex(of: "highlighted") ?? -1
    static let templateName = names.firstIndex(of: "template") ?? -1
    let sectionBy: [UInt8]?
    /// The section key's index in `names` when it is a known name, else -1.
    let knownSectionName: Int
    /// The built-in style the default identifier names (none: not a built-in's name).
    let defaultStyle: RowKeySets.BuiltinFit
    /// The current row's other keys, for the duplicate check.
    var keys: [Range<Int>] = []
    var identifiers = RowIdentifiers()
    var shape = RowShape<Int>()
    let defaultCell: String
    var defaultNoted = false
    /// A JSON table's row key sets, recorded as rows pass (nil: not kept).
    var keySets: RowKeySets?
    let defaultIndex: Int
    /// Whether each key took the mappings and lists met so far.
    var recent = RecentValues<Int, Bool>(enabled: Accelerators.enabled(.recentValues))
    /// Mappings and lists decoded, not found in `recent`: what a check that
    /// spans a document's sections learns once (`StreamedDocument.scanDocument`).
    var valuesDecoded = 0

    init(options: TableOptions, keySets: RowKeySets? = nil) {
        sectionBy = options.sectionBy.map { Array($0.utf8) }
        knownSectionName = options.sectionBy.flatMap { key in Self.names.firstIndex(of: key) } ?? -1
        defaultStyle = Self.style(named: options.cell)
        defaultCell = options.cell
        keys.reserveCapacity(16)
        self.keySets = keySets
        defaultIndex = self.keySets?.identifier(options.cell) ?? -1
    }

    /// The known names hashed on a key's length and first byte's low five
    /// bits: a key is mostly compared with one name; a shared slot (-2) is searched.
    static let nameSlots: [Int8] = {
        var out = [Int8](repeating: -1, count: slotCount)
        for (i, n) in nameBytes.enumerated() {
            let s = slot(length: n.count, first: n[0])
            out[s] = out[s] == -1 ? Int8(i) : -2
        }
        return out
    }()
    static let nameBytes: [[UInt8]] = names.map { Array($0.utf8) }
    static let longestName = nameBytes.map(\.count).max() ?? 0
    static let slotCount = (longestName + 1) << 5

    @inline(__always)
    static func slot(length: Int, first: UInt8) -> Int { length << 5 | Int(first & 31) }

    let slots: [Int8] = QuickRowCheck.nameSlots
    let slotNames: [[UInt8]] = QuickRowCheck.nameBytes

    /// Each known name as three little-endian words and their byte masks (six words a name).
    static let nameWords: [UInt64] = nameBytes.flatMap { n in
        let (words, masks) = ByteFlags.maskedWords(n, count: 3)
        return words + masks
    }
    let words: [UInt64] = QuickRowCheck.nameWords

    /// The known name at `range` (its index in `names`), or -1.
    @inline(__always)
    func name(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Int {
        guard range.count > 0, range.count < slots.count >> 5 else { return -1 }
        let i = Int(slots[Self.slot(length: range.count, first: bytes[range.lowerBound])])
        if i == -2 {
            return slotNames.firstIndex { n in n.withUnsafeBufferPointer { bytes.bytes(range, equal: $0) } } ?? -1
        }
        guard i >= 0 else { return -1 }
        guard range.count <= 24 else {
            return slotNames[i].withUnsafeBufferPointer { bytes.bytes(range, equal: $0) } ? i : -1
        }
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
        return slotNames[i].withUnsafeBufferPointer { bytes.bytes(range, equal: $0) } ? i : -1
    }

    /// Names the row's identifier and says whether the quick check settles the row.
    @inline(__always)
    mutating func settle(
        _ row: inout Row, _ identifier: Range<Int>?, _ known: Int = -1, in bytes: UnsafeBufferPointer<UInt8>,
        builtinTrouble: Bool, drawnBy: RowKeySets.BuiltinFit
    ) -> Bool {
        let style: RowKeySets.BuiltinFit
        var found = known
        if found < 0, let id = identifier {
            found = identifiers.find(bytes, id) { name in
                RowIdentifiers.Entry(
                    bytes: [], name: name,
                    style: Self.style(named: name),
                    keySetIndex: keySets?.identifier(name) ?? -1)
            }
        }
        if found >= 0 {
            row.identifier = found
            row.identifierIndex = identifiers.keySetIndex(found)
            style = identifiers.style(found)
        } else {
            style = defaultStyle
            row.identifierIndex = defaultIndex
        }
        return style.isEmpty || (!builtinTrouble && drawnBy.isSuperset(of: style))
    }

    /// The built-in style an identifier names, or none.
    static func style(named name: String) -> RowKeySets.BuiltinFit {
        BuiltinCellStyle.Kind(rawValue: name).map(RowKeySets.BuiltinFit.init) ?? .none
    }

    /// A row's identifier the first time it passes, so the document notes
    /// where each first appears without a look-up per row.
    @inline(__always)
    mutating func firstUse(_ row: Row) -> String? {
        if row.identifier >= 0 { return identifiers.firstUse(row.identifier) }
        if defaultNoted { return nil }
        defaultNoted = true
        return defaultCell
    }

    /// Checks a CSV or TSV record whose columns have `kinds`; nil: the full check decides.
    mutating func check(_ fields: [DelimitedRecords.Field], kinds: [Kind], _ records: DelimitedRecords) -> Row? {
        var row = Row()
        var identifier: Range<Int>?
        var builtinTrouble = false
        var drawnBy = RowKeySets.BuiltinFit.every
        let bytes = records.bytes
        for (c, f) in zip(kinds.indices, fields) where !f.range.isEmpty {
            // A quoted field's doubled quotes are text the bytes do not spell (`doublesAQuote`).
            switch kinds[c] {
            case .cell:
                guard !records.doublesAQuote(f) else { return nil }
                identifier = f.range
            case .flag, .editingFlag:
                let value: Bool
                if bytes.bytes(f.range, equal: "true") {
                    value = true
                } else if bytes.bytes(f.range, equal: "false") {
                    value = false
                } else {
                    return nil
                }
                if columnNames[c] == Self.selectedName {
                    row.selected = value
                } else if columnNames[c] == Self.highlightedName {
                    row.highlighted = value
                }
                if case .editingFlag = kinds[c] { row.editing = true }
            case .editingChoice:
                guard !records.doublesAQuote(f), Self.isChoice(bytes, f.range, of: columnNames[c]) else { return nil }
                row.editing = true
            case .drawnBy(let styles): drawnBy.formIntersection(styles)
            case .builtinChoice:
                if records.doublesAQuote(f) || !Self.isChoice(bytes, f.range, of: columnNames[c]) {
                    builtinTrouble = true
                }
            // A count's digits, or a mapping (which a field cannot hold): the full check reads them.
            case .builtinCount, .builtinValue: builtinTrouble = true
            case .height:
                guard let h = Self.height(bytes, f.range) else { return nil }
                row.height = h
            case .fallback, .editingValue: return nil
            case .builtinText, .other: break
            }
        }
        return settle(&row, identifier, in: bytes, builtinTrouble: builtinTrouble, drawnBy: drawnBy) ? row : nil
    }

    /// A `height` field that plainly is one (`automatic`, or digits within bounds), else nil.
    static func height(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> RowHeight? {
        if bytes.bytes(range, equal: "automatic") { return .automatic }
        return count(bytes, range, in: 0...TableView.maximumRowHeight).map(RowHeight.fixed)
    }

    /// At most five plain digits within `bounds`, with or without a fraction of
    /// zeros (`2.0`, whole as the full check reads it, and as Python's `json`
    /// and YAML's JSON form write it).
    @inline(__always)
    static func count(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, in bounds: ClosedRange<Int>) -> Int? {
        guard let digits = wholeDigits(bytes, range), !digits.isEmpty, digits.count <= 5 else { return nil }
        var n = 0
        for i in digits {
            let digit = bytes[i] &- UInt8(ascii: "0")
            guard digit < 10 else { return nil }
            n = n * 10 + Int(digit)
        }
        return bounds.contains(n) ? n : nil
    }

    /// `range` up to a `.` followed by zeros alone; nil for another fraction.
    @inline(__always)
    static func wholeDigits(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Range<Int>? {
        var i = range.lowerBound
        while i < range.upperBound && bytes[i] != UInt8(ascii: ".") { i &+= 1 }
        let dot = i
        guard dot < range.upperBound else { return range }
        i &+= 1
        guard i < range.upperBound else { return nil }
        while i < range.upperBound && bytes[i] == UInt8(ascii: "0") { i &+= 1 }
        return i == range.upperBound ? range.lowerBound..<dot : nil
    }

    @inline(__always)
    static func isChoice(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, of name: Int) -> Bool {
        guard name >= 0 else { return false }
        for c in nameChoices[name] where c.withUnsafeBufferPointer({ bytes.bytes(range, equal: $0) }) { return true }
        return false
    }

    /// Each column's index in `names`, or -1.
    var columnNames: [Int] = []

    mutating func kinds(of columns: [String]) -> [Kind] {
        columnNames = columns.map { Self.names.firstIndex(of: $0) ?? -1 }
        return columns.map(Self.kind(of:))
    }
}
