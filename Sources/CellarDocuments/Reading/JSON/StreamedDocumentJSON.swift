import Cellar
import CellarText

/// A JSON table document walked member by member: top-level keys and
/// section titles are kept; rows are checked and left in the bytes.
extension StreamedDocument {
    func scanDocument(_ buffer: UnsafeBufferPointer<UInt8>) throws {
        // RFC 8259 lets a reader pass a byte order mark where the text starts; Windows editors write one.
        var j = JSONBytes(buffer, at: buffer.byteOrderMarkLength, yamlForm: format == .yaml)
        j.skipSpace()
        if j.atEnd { throw j.error("the document is empty") }
        let root = j.pos
        var sawSections = false
        // One check for every section: what it learns of the rows (their keys' gaps, nested values met,
        // identifiers) holds across sections, and a table of short sections would otherwise relearn it.
        var quick = QuickRowCheck(options: options, keySets: found.rowKeySets)
        found.rowKeySets = RowKeySets()
        defer {
            found.rowKeySets = quick.keySets ?? RowKeySets()
            quickCheckDecodedValues = quick.valuesDecoded
        }
        j.skipSpace()
        if let first = j.current, first != UInt8(ascii: "{") {
            // A first table is often its rows alone; input of no named format may have been taken for another.
            let guess =
                formatGuessed
                ? " (read as \(format.rawValue.uppercased()), as its first bytes suggest: name its format with "
                    + "--input-format)" : ""
            let rows =
                first == UInt8(ascii: "[")
                ? ", not a list: rows go under a section (sections: [{rows: […]}]), or one to a line in a JSON "
                    + "Lines file" : ""
            throw try shapeError(&j, "a table document must be a mapping of keys to values" + rows + guess, 0)
        }
        try members(&j, what: "a table document") { j, key, keyStart in
            switch key {
            case "sections":
                sawSections = true
                try elements(&j, what: "sections must be a list") { j in try section(&j, buffer, &quick) }
            default:
                try setting(key, keyStart: keyStart, &j)
            }
        }
        j.skipSpace()
        if !j.atEnd { throw j.error("unexpected \(j.describeCurrent()) after the JSON value") }
        if !sawSections { throw ByteError(offset: root, message: "a table document needs 'sections'") }
        // With a table-wide index, every section's own title must be in it.
        guard let titles = indexTitles else { return }
        for section in sections {
            guard let own = section.indexTitle, !titles.contains(own) else { continue }
            throw ByteError(
                offset: section.offset,
                message:
                    "the section's indexTitle '\(Sanitizer.excerpt(own))' is not in the table's indexTitles (\(titles.map(Sanitizer.excerpt).joined(separator: " ")))"
            )
        }
    }

    func indexTitleList(_ j: inout JSONBytes) throws -> [String] {
        var titles: [String] = []
        try elements(&j, what: "indexTitles must be a list of titles, e.g. [A, B, C, '#']") { j in
            let at = j.pos
            let item = try j.value(depth: 2)
            guard let t = RowCheck.scalarText(item) else {
                throw ByteError(offset: at, message: "an index title must be text")
            }
            guard item != .null, !t.isEmpty else {
                throw ByteError(offset: at, message: "an index title must not be empty")
            }
            if titles.contains(t) {
                throw ByteError(offset: at, message: "index title '\(Sanitizer.excerpt(t))' is listed twice")
            }
            titles.append(t)
        }
        return titles
    }

    func setting(_ key: String, keyStart: Int, _ j: inout JSONBytes) throws {
        if key == "indexTitles" {
            indexTitles = try indexTitleList(&j)
            return
        }
        if key == "register" && format == .yaml {
            registrations = try registrationList(&j)
            return
        }
        let at = j.pos
        let v = try j.value(depth: 1)
        func fail(_ message: String) -> ByteError { ByteError(offset: at, message: message) }
        func flag() throws -> Bool {
            guard case .bool(let b) = v else {
                throw fail(RowCheck.notAFlag(key, v))
            }
            return b
        }
        switch key {
        case "style": style = try choice(v, TableStyle.self, key, at: at)
        case "separatorStyle": separatorStyle = try choice(v, SeparatorStyle.self, key, at: at)
        case "ambiguousWide": ambiguousWide = try flag()
        case "rowHeight":
            do { rowHeight = try RowCheck.height(v, key) } catch { throw fail(error.message) }
            rowHeightOffset = at
        case "estimatedRowHeight":
            // A whole number written as a float (`3.0`, as Python's json writes one) is one, as a row's height is.
            guard let n = v.intValue, n >= 1, n <= TableView.maximumRowHeight else {
                throw fail("estimatedRowHeight must be a whole number of lines from 1 to \(TableView.maximumRowHeight)")
            }
            estimatedRowHeight = n
        case "register":
            // Located at the mapping: JSON values carry no offsets of their own.
            guard case .object(let pairs) = v else {
                throw fail("register must be a mapping of reuse identifier to style ({\"myCell\": \"subtitle\"})")
            }
            registrations = try pairs.keys.sorted().map { id in
                try registration(id, pairs[id], keyAt: at, valueAt: at)
            }
        case _ where TableSchema.sectionHeightKeys.contains(key):
            do { try sectionHeights.set(key, v) } catch { throw fail(error.message) }
            sectionHeightOffsets[key] = at
        case _ where TableSchema.selectionKeys.contains(key): try selection.set(key, try flag())
        default:
            throw ByteError(offset: keyStart, message: TableSchema.unknownKey(key, inSection: false))
        }
    }

    /// YAML's `register`, in file order, each located at its identifier.
    func registrationList(_ j: inout JSONBytes) throws -> [TableDocument.Registration] {
        var out: [TableDocument.Registration] = []
        try members(&j, what: "register", depth: 1) { j, id, keyStart in
            let at = j.pos
            let v = try j.value(depth: 2)
            out.append(try registration(id, v, keyAt: keyStart, valueAt: at))
        }
        return out
    }

    /// Located at `keyAt`: the identifier (YAML) or the mapping (JSON values carry no offsets of their own).
    func registration(_ id: String, _ v: Value?, keyAt: Int, valueAt: Int) throws -> TableDocument.Registration {
        guard !id.isEmpty else {
            throw ByteError(offset: keyAt, message: "register: a reuse identifier must not be empty")
        }
        guard case .string(let style)? = v, !style.isEmpty else {
            throw ByteError(
                offset: valueAt,
                message:
                    "register: \(Sanitizer.excerpt(id)) must name a style (a built-in such as default, or a Lua style's identifier)"
            )
        }
        return TableDocument.Registration(identifier: id, style: style, offset: keyAt)
    }

    func section(_ j: inout JSONBytes, _ buffer: UnsafeBufferPointer<UInt8>, _ quick: inout QuickRowCheck) throws {
        var s = Section(firstRow: rowsRead, offset: j.pos)
        sections.append(s)
        try members(&j, what: "a section", depth: 2) { j, key, keyStart in
            switch key {
            case "header": s.header = try text(&j, key)
            case "footer": s.footer = try text(&j, key)
            case "headerView", "footerView":
                let at = j.pos
                let view: DocumentSectionView
                do {
                    view = try DocumentSectionView.parse(try j.value(depth: 3), key: key, at: at)
                } catch let e as ValueProblem {
                    throw ByteError(offset: at, message: e.message)
                }
                if key == "headerView" { s.headerView = view } else { s.footerView = view }
                sectionsHaveViews = true
            case "indexTitle": s.indexTitle = try text(&j, key)
            case "rows":
                if restoring != nil {
                    try passRowList(&j)
                    break
                }
                let start = j.pos
                let firstRow = found.rowOffsets.count
                try rowList(&j, &quick)
                let count = found.rowOffsets.count - firstRow
                found.rowLists.append(LoadIndex.RowList(start: start, end: j.pos, firstRow: firstRow, rowCount: count))
            default:
                throw ByteError(offset: keyStart, message: TableSchema.unknownKey(key, inSection: true))
            }
        }
        s.rowCount = rowsRead - s.firstRow
        sections[sections.count - 1] = s
    }

    func text(_ j: inout JSONBytes, _ key: String) throws -> String? {
        // A title is text as written, read without a `Value` around it.
        if j.current == UInt8(ascii: "\"") { return j.decode(try j.string()) }
        let at = j.pos
        switch try j.value(depth: 3) {
        case .null: return nil
        case .array, .object: throw ByteError(offset: at, message: "\(key) must be text")
        case let v: return v.stringValue
        }
    }

    func choice<E: RawRepresentable & CaseIterable>(_ v: Value, _: E.Type, _ key: String, at: Int) throws -> E
    where E.RawValue == String {
        if let s = RowCheck.scalarText(v), let e = E(rawValue: s) { return e }
        throw ByteError(offset: at, message: RowCheck.notAChoice(key, v, among: E.allCases.map(\.rawValue)))
    }

    /// The keys of a document and its sections, found by their bytes: one of these is not made again.
    static let structureKeys = NamesByLength((TableSchema.document + TableSchema.section).map(\.name))

    /// Each member's value is left for `body`; keys may not repeat.
    func members(
        _ j: inout JSONBytes, what: String, depth: Int = 0,
        _ body: (inout JSONBytes, String, Int) throws -> Void
    ) throws {
        j.skipSpace()
        guard j.current == UInt8(ascii: "{") else {
            throw try shapeError(&j, "\(what) must be a mapping of keys to values", depth)
        }
        var seen = SeenKeys()
        try j.forEachMember { j, token, keyStart in
            let place = j.withText(of: token, Self.structureKeys.place)
            let key = place.map { Self.structureKeys.names[$0] } ?? j.decode(token)
            guard seen.insert(key, place: place) else {
                throw ByteError(offset: keyStart, message: "duplicate key '\(Sanitizer.excerpt(key))'")
            }
            try j.colon()
            try body(&j, key, keyStart)
        }
    }

    /// The rows checked on a second thread are taken where they start (`takeLaterRows`).
    func rowList(_ j: inout JSONBytes, _ quick: inout QuickRowCheck) throws {
        try elements(&j, what: "rows must be a list", depth: 3) { j in
            if j.pos == laterRowsStart, let end = takeLaterRows(&quick) {
                j.pos = end
                return
            }
            if j.pos >= laterRowsDue { startDueLaterRows(j.bytes, at: j.pos) }
            try jsonRow(&j, depth: 4, &quick)
        }
    }

    /// Inlined, so a section's rows are read without a closure call (`JSONBytes.forEachElement`).
    @inline(__always)
    func elements(_ j: inout JSONBytes, what: String, depth: Int = 1, _ body: (inout JSONBytes) throws -> Void) throws {
        guard j.current == UInt8(ascii: "[") else { throw try shapeError(&j, what, depth) }
        try j.forEachElement(body)
    }

    /// JSON errors inside a value of the wrong shape come first, as a strict parser finds them.
    func shapeError(_ j: inout JSONBytes, _ message: String, _ depth: Int) throws -> ByteError {
        let at = j.pos
        try j.skip(depth: depth)
        return ByteError(offset: at, message: message)
    }
}

/// The keys of one mapping met so far: a table's and a section's own keys as bits of their place among
/// `structureKeys`; others in a set, which only a register's identifiers fill (any other key of a
/// document or section throws on first sight).
struct SeenKeys {
    private var placed: UInt64 = 0
    private var others = Set<String>()

    /// False when `key` was met before; `place` is its place among the known names, nil for any other key.
    mutating func insert(_ key: String, place: Int?) -> Bool {
        guard let place, place < UInt64.bitWidth else { return others.insert(key).inserted }
        let bit: UInt64 = 1 << place
        defer { placed |= bit }
        return placed & bit == 0
    }
}
