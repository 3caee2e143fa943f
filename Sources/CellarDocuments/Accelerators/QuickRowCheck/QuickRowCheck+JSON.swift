import Cellar

/// The quick check of a JSON row, each key matched as the rows before wrote it where it can.
extension QuickRowCheck {
    /// Checks the row at `j.pos`, moving past it; false: the full check decides.
    mutating func check(_ j: inout JSONBytes, depth: Int, into row: inout Row) -> Bool {
        guard j.current == UInt8(ascii: "{") else { return false }
        if !keys.isEmpty { keys.removeAll(keepingCapacity: true) }
        row = Row()
        var identifier: Range<Int>?
        var found = -1
        var builtinTrouble = false
        var drawnBy = RowKeySets.BuiltinFit.every
        var keyMask: UInt64 = 0
        let scanner = j.words
        var member = 0
        while true {
            let key: Range<Int>
            let name: Int
            let gapStart = j.pos
            // The row's end first: no gap begins with its `}`, and a miss searches every gap kept.
            if member > 0 && j.current == UInt8(ascii: "}") {
                j.pos += 1
                return settled(&row, identifier, found, j.bytes, builtinTrouble, drawnBy, keyMask)
            } else if let gap = shape.match(member, scanner, at: gapStart) {
                j.pos = gapStart &+ gap.length
                j.skipSpace()
                (key, name) = ((gapStart &+ gap.keyStart)..<(gapStart &+ gap.keyEnd), gap.name)
                guard addKey(name, key, j.bytes, &keyMask) else { return false }
            } else {
                switch scanKey(&j, member: member, scanner, &keyMask) {
                case .key(let k, let n): (key, name) = (k, n)
                case .end: return settled(&row, identifier, found, j.bytes, builtinTrouble, drawnBy, keyMask)
                case .unsettled: return false
                }
            }
            member += 1
            // A known key that also names the sections is left to the full check, which reads both.
            let kind = name < 0 ? Kind.other : name == knownSectionName ? Kind.fallback : knownKinds[name]
            switch kind {
            case .cell:
                guard j.current == UInt8(ascii: "\"") else { return false }
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
                let taken = takes(&j, name: name, depth: depth) { v, defaultCell in
                    (try? RowCheck.checkEditingKey(Self.names[name], v, defaultCell: defaultCell)) != nil
                }
                guard taken == true else { return false }
                row.editing = true
                if name == Self.templateName { row.template = true }
            case .builtinText, .drawnBy:
                if j.current == UInt8(ascii: "{") || j.current == UInt8(ascii: "[") { builtinTrouble = true }
                if case .drawnBy(let styles) = kind, j.current != UInt8(ascii: "n") { drawnBy.formIntersection(styles) }
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
                if let (range, _) = try? j.number(), Self.count(j.bytes, range, in: Self.nameBounds[name]) != nil {
                    break
                }
                builtinTrouble = true
                j.pos = start
                guard Self.pass(&j, depth: depth + 1) else { return false }
            case .builtinValue:
                // A value the built-in styles do not take is only trouble for a built-in row.
                guard
                    let taken = takes(
                        &j, name: name, depth: depth, { v, _ in RowData.accepts(v, as: Self.names[name]) })
                else { return false }
                if !taken { builtinTrouble = true }
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

    @inline(__always)
    mutating func settled(
        _ row: inout Row, _ identifier: Range<Int>?, _ found: Int, _ bytes: UnsafeBufferPointer<UInt8>,
        _ builtinTrouble: Bool, _ drawnBy: RowKeySets.BuiltinFit, _ keyMask: UInt64
    ) -> Bool {
        guard settle(&row, identifier, found, in: bytes, builtinTrouble: builtinTrouble, drawnBy: drawnBy) else {
            return false
        }
        row.keys = keyMask
        row.fit = builtinTrouble ? .none : drawnBy
        keySets?.add(identifier: row.identifierIndex, keys: keyMask, fit: row.fit)
        return true
    }

    /// Whether key `name` takes the value at `j.pos` (`takes`), moving past it; nil when it is no
    /// JSON value. A mapping or list met before (`recent`) is passed over with its answer then.
    @inline(__always)
    mutating func takes(
        _ j: inout JSONBytes, name: Int, depth: Int, _ takes: (Value, _ defaultCell: String) -> Bool
    ) -> Bool? {
        let start = j.pos
        if let (taken, count) = recent.find(name, in: j.bytes, at: start) {
            j.pos = start &+ count
            return taken
        }
        guard let v = try? j.value(depth: depth + 1) else { return nil }
        valuesDecoded &+= 1
        let taken = takes(v, defaultCell)
        recent.keep(name, j.bytes, start..<j.pos, taken)
        return taken
    }

    enum Member {
        case key(Range<Int>, name: Int)
        case end
        case unsettled
    }

    /// Scans a member's key from the comma (or brace) before it through the colon, keeping the gap (`RowShape`).
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

    @inline(__always)
    static func flag(_ j: inout JSONBytes) -> Bool? {
        // Chosen by the first byte: a literal that fails words its error, which the quick check drops.
        switch j.current {
        case UInt8(ascii: "t"): return (try? j.literal("true")).map { true }
        case UInt8(ascii: "f"): return (try? j.literal("false")).map { false }
        default: return nil
        }
    }

    /// A `height` that plainly is one (`"automatic"`, or a whole number within bounds), else nil.
    static func height(_ j: inout JSONBytes) -> RowHeight? {
        if j.current == UInt8(ascii: "\"") {
            guard let text = plainString(&j), j.bytes.bytes(text, equal: "automatic") else { return nil }
            return .automatic
        }
        guard let (range, _) = try? j.number() else { return nil }
        return count(j.bytes, range, in: 0...TableView.maximumRowHeight).map(RowHeight.fixed)
    }

    /// The `--section-by` key's value: a string (kept) or null; false for anything else.
    static func sectionKey(_ j: inout JSONBytes, into row: inout Row) -> Bool {
        if j.current == UInt8(ascii: "\"") {
            guard let s = try? j.string() else { return false }
            row.sectionKey = s
            return true
        }
        return j.current == UInt8(ascii: "n") && (try? j.literal("null")) != nil
    }

    /// Adds a key (`name`: its index in `names`, or -1) to `keyMask`; false for a duplicate.
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

    /// After a member: true past the closing brace, false past a comma (not a trailing one), else nil.
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

    /// `JSONBytes.skip`, a string without the general dispatch; false on any error.
    @inline(__always)
    static func pass(_ j: inout JSONBytes, depth: Int) -> Bool {
        if depth < JSONBytes.maximumDepth && j.current == UInt8(ascii: "\"") {
            return plainString(&j) != nil || (try? j.string()) != nil
        }
        return (try? j.skip(depth: depth)) != nil
    }

    /// The string at `j.pos` when it has no escape, moving past it; nil, not moving, otherwise.
    @inline(__always)
    static func plainString(_ j: inout JSONBytes) -> Range<Int>? {
        let start = j.pos &+ 1
        let end = j.words.run(from: start, to: UInt8(ascii: "\""), UInt8(ascii: "\\"), below: 0x20)
        guard end < j.bytes.count, j.bytes[end] == UInt8(ascii: "\"") else { return nil }
        j.pos = end &+ 1
        return start..<end
    }

}
