import Cellar

/// The distinct key sets of a JSON table's rows, per reuse identifier, as
/// the load's scan meets them (it reads every key name anyway). The check
/// of row keys against the styles (`StreamedDocument.checkRowKeys`) then
/// reads each distinct set once instead of every row again: a table's rows
/// mostly repeat a few shapes.
///
/// A set is a bit mask over key names: the quick check's known names
/// (`QuickRowCheck.names`) take the first bits by their index, other names
/// the next ones as they come. Invariant: `allPass` answers true only when
/// every row recorded passes `TableDocument.checkRowKeys`, and only when
/// every row was recorded (`complete`, and as many rows as the table has:
/// rows read by any other path leave the count short); otherwise the rows
/// are checked one by one.
struct RowKeySets {
    struct Entry: Hashable {
        /// Index in `identifiers`.
        var identifier: Int
        var keys: UInt64
    }

    /// Key names by bit.
    private(set) var names: [String] = QuickRowCheck.names
    /// The names past the known ones, as bytes, in bit order (from bit `QuickRowCheck.names.count`).
    private var otherNames: [[UInt8]] = []
    private(set) var identifiers: [String] = []
    private var identifierIndex: [String: Int] = [:]
    private(set) var entries: Set<Entry> = []
    /// The last few entries added: rows repeat them, and these are compared, not hashed.
    private var recent: [Entry] = []
    /// False once a row could not be recorded (more key names than bits).
    private(set) var complete = true
    /// The rows recorded.
    private(set) var rows = 0

    init() {}

    /// The names past the known ones, in bit order, for the load index to write.
    var otherNameTexts: ArraySlice<String> { names[QuickRowCheck.names.count...] }

    /// Key sets read back from a load index: nil when a name or an entry is
    /// out of range (more names than bits, an identifier not in the list).
    init?(otherNames: [String], identifiers: [String], entries: [Entry], complete: Bool, rows: Int) {
        guard names.count + otherNames.count <= UInt64.bitWidth, rows >= 0,
            entries.allSatisfy({ $0.identifier >= 0 && $0.identifier < identifiers.count })
        else { return nil }
        names += otherNames
        self.otherNames = otherNames.map { Array($0.utf8) }
        self.identifiers = identifiers
        for (i, id) in identifiers.enumerated() { identifierIndex[id] = i }
        guard identifierIndex.count == identifiers.count else { return nil }
        self.entries = Set(entries)
        self.complete = complete
        self.rows = rows
    }

    /// The index of an identifier (asked once per identifier the quick check decodes).
    mutating func identifier(_ name: String) -> Int {
        if let i = identifierIndex[name] { return i }
        identifiers.append(name)
        identifierIndex[name] = identifiers.count - 1
        return identifiers.count - 1
    }

    /// The bit of the unescaped key name at `range`, which is none of the
    /// known names; 0 (and the sets incomplete) when the bits run out.
    mutating func bit(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> UInt64 {
        for (i, name) in otherNames.enumerated() where name.count == range.count {
            if name.withUnsafeBufferPointer({ bytes.bytes(range, equal: $0) }) {
                return 1 << UInt64(QuickRowCheck.names.count + i)
            }
        }
        return newBit(String(decoding: bytes[range], as: UTF8.self), bytes: Array(bytes[range]))
    }

    /// The bit of a decoded key name; 0 (and the sets incomplete) when the bits run out.
    mutating func bit(_ name: String) -> UInt64 {
        if let i = names.firstIndex(of: name) { return 1 << UInt64(i) }
        return newBit(name, bytes: Array(name.utf8))
    }

    private mutating func newBit(_ name: String, bytes: [UInt8]) -> UInt64 {
        guard names.count < UInt64.bitWidth else {
            complete = false
            return 0
        }
        names.append(name)
        otherNames.append(bytes)
        return 1 << UInt64(names.count - 1)
    }

    /// Records one row's identifier (an index from `identifier`) and key set.
    @inline(__always)
    mutating func add(identifier: Int, keys: UInt64) {
        rows += 1
        let e = Entry(identifier: identifier, keys: keys)
        if recent.last == e || recent.contains(e) { return }
        if recent.count >= 4 { recent.removeFirst() }
        recent.append(e)
        entries.insert(e)
    }

    /// Records the rows `later` recorded (the rows after this one's, checked apart).
    mutating func add(_ later: RowKeySets) {
        if !later.complete { complete = false }
        for e in later.entries {
            var keys: UInt64 = 0
            for b in 0..<later.names.count where e.keys & (1 << UInt64(b)) != 0 { keys |= bit(later.names[b]) }
            entries.insert(Entry(identifier: identifier(later.identifiers[e.identifier]), keys: keys))
        }
        rows += later.rows
    }

    /// Records a row the scan decoded (the full check's rows): its keys as decoded.
    mutating func add(_ row: Value, identifier: String) {
        guard case .object(let o) = row else { return }
        var keys: UInt64 = 0
        for key in o.keys { keys |= bit(key) }
        add(identifier: self.identifier(identifier), keys: keys)
    }

    /// Whether every recorded row passes `TableDocument.checkRowKeys` with
    /// `registry`, so no row of the table's `rows` needs reading again.
    /// False also when that check would parse a row's data (a built-in
    /// under another identifier), or when not every row was recorded.
    func allPass(_ registry: Registry, rows: Int) -> Bool {
        guard complete, rows == self.rows else { return false }
        var allowed: [Int: UInt64] = [:]
        for e in entries {
            let id = identifiers[e.identifier]
            // An unknown identifier is `validate`'s to report; the row check passes it over.
            guard let style = registry.style(for: id), let keys = style.rowKeys else { continue }
            if let builtin = style as? BuiltinCellStyle, builtin.kind.rawValue != id { return false }
            let mask =
                allowed[e.identifier]
                ?? (keys + TableDocument.rowTableKeys).reduce(0) { m, key in
                    m | (names.firstIndex(of: key).map { 1 << UInt64($0) } ?? 0)
                }
            allowed[e.identifier] = mask
            if e.keys & ~mask != 0 { return false }
        }
        return true
    }
}
