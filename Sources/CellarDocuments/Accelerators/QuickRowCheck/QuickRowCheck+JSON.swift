import Cellar

/// The quick check of a JSON row (see `QuickRowCheck`): its members read
/// straight from the bytes, each key as the rows before wrote it where it can.
extension QuickRowCheck {
    /// Checks the JSON row object at `j.pos` (moving past it) into `row`; false when the full check must decide.
    mutating func check(_ j: inout JSONBytes, depth: Int, into row: inout Row) -> Bool {
        guard j.current == UInt8(ascii: "{") else { return false }
        if !keys.isEmpty { keys.removeAll(keepingCapacity: true) }
        row = Row()
        var identifier: Range<Int>?
        var found = -1
        var builtinTrouble = false
        var detail = false
        var keyMask: UInt64 = 0
        let scanner = WordScanner(j.bytes)
        var member = 0
        while true {
            // The key as the rows before wrote it at this place (`RowShape`), else scanned.
            let key: Range<Int>
            let name: Int
            let gapStart = j.pos
            if let gap = shape.match(member, scanner, at: gapStart) {
                j.pos = gapStart &+ gap.length
                j.skipSpace()
                (key, name) = ((gapStart &+ gap.keyStart)..<(gapStart &+ gap.keyEnd), gap.name)
                guard addKey(name, key, j.bytes, &keyMask) else { return false }
            } else if member > 0 && j.current == UInt8(ascii: "}") {
                // The row's end, right after its last value (as most rows are written).
                j.pos += 1
                return settled(&row, identifier, found, j.bytes, builtinTrouble, detail, keyMask)
            } else {
                switch scanKey(&j, member: member, scanner, &keyMask) {
                case .key(let k, let n): (key, name) = (k, n)
                case .end: return settled(&row, identifier, found, j.bytes, builtinTrouble, detail, keyMask)
                case .unsettled: return false
                }
            }
            member += 1
            // A known key that also names the sections is left to the full check, which reads both.
            let kind = name < 0 ? Kind.other : name == knownSectionName ? Kind.fallback : knownKinds[name]
            switch kind {
            case .cell:
                guard j.current == UInt8(ascii: "\"") else { return false }
                // An identifier read before is known by its words (with the closing quote).
                if let (slot, end) = identifiers.quoted(scanner, at: j.pos &+ 1) {
                    (found, identifier, j.pos) = (slot, nil, end)
                } else {
                    guard let id = Self.plainString(&j), !id.isEmpty else { return false }
                    (found, identifier) = (-1, id)
                }
            case .flag:
                guard let value = Self.flag(&j) else { return false }
                if name == Self.selectedName {
                    row.selected = value
                } else if name == Self.highlightedName {
                    row.highlighted = value
                }
            case .editingFlag:
                guard Self.flag(&j) != nil else { return false }
                row.editing = true
            case .editingChoice:
                guard j.current == UInt8(ascii: "\""), let s = Self.plainString(&j), Self.isChoice(j.bytes, s, of: name)
                else { return false }
                row.editing = true
            case .editingValue:
                guard let v = try? j.value(depth: depth + 1),
                    (try? RowCheck.checkEditingKey(Self.names[name], v, defaultCell: defaultCell)) != nil
                else { return false }
                row.editing = true
            case .builtinText, .detail:
                if j.current == UInt8(ascii: "{") || j.current == UInt8(ascii: "[") { builtinTrouble = true }
                if kind == .detail && j.current != UInt8(ascii: "n") { detail = true }
                guard Self.pass(&j, depth: depth + 1) else { return false }
            case .builtinChoice:
                // A name the built-in styles do not know is only trouble for a built-in row.
                if j.current == UInt8(ascii: "\""), let s = Self.plainString(&j) {
                    if !Self.isChoice(j.bytes, s, of: name) { builtinTrouble = true }
                } else {
                    builtinTrouble = true
                    guard Self.pass(&j, depth: depth + 1) else { return false }
                }
            case .builtinCount:
                let start = j.pos
                if let (range, integer) = try? j.number(), integer,
                    Self.count(j.bytes, range, in: Self.nameBounds[name]) != nil
                {
                    break
                }
                builtinTrouble = true
                j.pos = start
                guard Self.pass(&j, depth: depth + 1) else { return false }
            case .builtinValue:
                // Decoded alone and checked as the built-in styles read it.
                guard let v = try? j.value(depth: depth + 1) else { return false }
                if !RowData.accepts(v, as: Self.names[name]) { builtinTrouble = true }
            case .height:
                guard let h = Self.height(&j) else { return false }
                row.height = h
            case .fallback:
                return false
            case .other:
                if let s = sectionBy, s.withUnsafeBufferPointer({ j.bytes.bytes(key, equal: $0) }) {
                    guard Self.sectionKey(&j, into: &row) else { return false }
                } else {
                    guard Self.pass(&j, depth: depth + 1) else { return false }
                }
            }
        }
    }

    /// What a built-in style reads beyond text, and detail on a `default`
    /// row, take the full check; other rows are settled and their key sets kept.
    @inline(__always)
    mutating func settled(
        _ row: inout Row, _ identifier: Range<Int>?, _ found: Int, _ bytes: UnsafeBufferPointer<UInt8>,
        _ builtinTrouble: Bool, _ detail: Bool, _ keyMask: UInt64
    ) -> Bool {
        guard settle(&row, identifier, found, in: bytes, builtinTrouble: builtinTrouble, detail: detail) else {
            return false
        }
        keySets?.add(identifier: row.identifierIndex, keys: keyMask)
        return true
    }

    enum Member {
        case key(Range<Int>, name: Int)
        /// Past the object's closing brace.
        case end
        /// Anything the quick check leaves to the full one.
        case unsettled
    }

    /// Scans member `member`'s key (with the comma before it, or the
    /// object's opening brace), through the colon and the spaces after it,
    /// and keeps its gap for the rows after.
    mutating func scanKey(_ j: inout JSONBytes, member: Int, _ scanner: WordScanner, _ keyMask: inout UInt64)
        -> Member
    {
        let gapStart = j.pos
        if member == 0 {
            j.pos += 1
            j.skipSpace()
            if j.current == UInt8(ascii: "}") {
                j.pos += 1
                return .end
            }
        } else {
            guard let end = Self.endOrComma(&j) else { return .unsettled }
            if end { return .end }
        }
        guard j.current == UInt8(ascii: "\""), let key = Self.plainString(&j) else { return .unsettled }
        let name = self.name(j.bytes, key)
        guard addKey(name, key, j.bytes, &keyMask) else { return .unsettled }
        j.skipSpace()
        guard j.current == UInt8(ascii: ":") else { return .unsettled }
        j.pos += 1
        j.skipSpace()
        shape.record(member, scanner, gap: gapStart..<j.pos, key: key, name: name)
        return .key(key, name: name)
    }

    /// A flag's value (`true` or `false`), moving past it; nil for anything else.
    @inline(__always)
    static func flag(_ j: inout JSONBytes) -> Bool? {
        if (try? j.literal("true")) != nil { return true }
        if (try? j.literal("false")) != nil { return false }
        return nil
    }

    /// A `height` value as the full check reads it, when it plainly is one:
    /// the string `automatic`, or a whole number without sign, fraction or
    /// exponent within the table's bound. Nil leaves it to the full check.
    static func height(_ j: inout JSONBytes) -> RowHeight? {
        if j.current == UInt8(ascii: "\"") {
            guard let text = plainString(&j), j.bytes.bytes(text, equal: "automatic") else { return nil }
            return .automatic
        }
        guard let (range, integer) = try? j.number(), integer else { return nil }
        return lines(j.bytes, range).map(RowHeight.fixed)
    }

    /// The `--section-by` key's value: a string (kept) or null; false for
    /// anything else (a number or flag as a header: the full check words it).
    static func sectionKey(_ j: inout JSONBytes, into row: inout Row) -> Bool {
        if j.current == UInt8(ascii: "\"") {
            guard let s = try? j.string() else { return false }
            row.sectionKey = s
            return true
        }
        return (try? j.literal("null")) != nil
    }

    /// Adds the row's key at `range`, whose `name` is its index in `names`
    /// (or -1 for another name), its bit added to `keyMask` (the row's
    /// known names all have theirs); false for a key the row has already.
    @inline(__always)
    mutating func addKey(
        _ name: Int, _ range: Range<Int>, _ bytes: UnsafeBufferPointer<UInt8>, _ keyMask: inout UInt64
    ) -> Bool {
        if name >= 0 {
            let bit: UInt64 = 1 << UInt64(name)
            if keyMask & bit != 0 { return false }
            keyMask |= bit
        } else {
            for k in keys where bytes.bytes(k, equal: range) { return false }
            keys.append(range)
            if keySets != nil { keyMask |= keySets?.bit(bytes, range) ?? 0 }
        }
        return true
    }

    /// After a member: true past the object's closing brace, false past a
    /// comma (not the trailing one, `JSONBytes.commaBefore`), nil on anything else.
    @inline(__always)
    static func endOrComma(_ j: inout JSONBytes) -> Bool? {
        j.skipSpace()
        if j.current == UInt8(ascii: "}") {
            j.pos += 1
            return true
        }
        guard j.current == UInt8(ascii: ",") else { return nil }
        j.pos += 1
        j.skipSpace()
        return j.current == UInt8(ascii: "}") ? nil : false
    }

    /// Checks one value and moves past it, as `JSONBytes.skip` (a string,
    /// the common value, without the general dispatch); false on any error.
    @inline(__always)
    static func pass(_ j: inout JSONBytes, depth: Int) -> Bool {
        if depth < JSONBytes.maximumDepth && j.current == UInt8(ascii: "\"") {
            return plainString(&j) != nil || (try? j.string()) != nil
        }
        return (try? j.skip(depth: depth)) != nil
    }

    /// The text of the string at `j.pos` (its opening quote) when it has no
    /// escape, moving past it; nil, not moving, for any other string (an
    /// escape, or an error `JSONBytes.string` words). `JSONBytes.string`'s
    /// common case, inline in the check's loop.
    @inline(__always)
    static func plainString(_ j: inout JSONBytes) -> Range<Int>? {
        let start = j.pos &+ 1
        let end = WordScanner(j.bytes).run(from: start, to: UInt8(ascii: "\""), UInt8(ascii: "\\"), below: 0x20)
        guard end < j.bytes.count, j.bytes[end] == UInt8(ascii: "\"") else { return nil }
        j.pos = end &+ 1
        return start..<end
    }

}
