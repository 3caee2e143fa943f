import Cellar

/// The distinct key sets of JSON and JSON Lines rows per reuse identifier, as
/// the scan meets them, so the check of row keys against the styles reads
/// each distinct set once instead of every row. A set is a bit mask over key
/// names: `QuickRowCheck.names` first, other names as they come.
///
/// Invariant: `allPass` is true only when every row was recorded and each
/// passes `TableDocument.checkRowKeys`; otherwise rows are checked one by one.
struct RowKeySets {
    struct Entry: Hashable {
        var identifier: Int
        var keys: UInt64
        /// Which built-in styles take the rows' values, as the quick check found.
        var fit = BuiltinFit.none
    }

    /// The built-in styles whose rows the quick check would settle with a row's
    /// values (`QuickRowCheck.settle`): a built-in registered under a document's
    /// own identifier is settled by its rows' sets only when it is among them,
    /// as its own rows are settled one by one.
    struct BuiltinFit: OptionSet, Hashable {
        let rawValue: Int

        /// None known: a value a built-in may refuse, or a row the full check decoded.
        static let none: BuiltinFit = []
        static let every = BuiltinFit(BuiltinCellStyle.Kind.allCases)

        init(rawValue: Int) { self.rawValue = rawValue }

        /// The one style `kind`: made when an identifier is first read, so a row's check compares sets only.
        init(_ kind: BuiltinCellStyle.Kind) {
            rawValue = 1 << (BuiltinCellStyle.Kind.allCases.firstIndex(of: kind) ?? 0)
        }

        init(_ kinds: some Sequence<BuiltinCellStyle.Kind>) {
            self = kinds.reduce(.none) { $0.union(BuiltinFit($1)) }
        }

        func fits(_ kind: BuiltinCellStyle.Kind) -> Bool { contains(BuiltinFit(kind)) }
    }

    private(set) var names: [String] = QuickRowCheck.names
    private var otherNames: [[UInt8]] = []
    private(set) var identifiers: [String] = []
    private var identifierIndex: [String: Int] = [:]
    private(set) var entries: Set<Entry> = []
    /// The entries met lately, one to each slot of a hash of its own: rows
    /// mostly repeat a set met lately, which one compare finds, where the set
    /// hashes. No slot holds `Entry(identifier: -1, …)`, which no row has. Made at the
    /// first row: a later part's segments each hold sets that never take one.
    private var lately: [Entry] = []
    private static let latelyBits = 6
    private(set) var complete = true
    private(set) var rows = 0

    init() {}

    var otherNameTexts: ArraySlice<String> { names[QuickRowCheck.names.count...] }

    /// Key sets read back from a load index: nil when out of range.
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

    mutating func identifier(_ name: String) -> Int {
        if let i = identifierIndex[name] { return i }
        identifiers.append(name)
        identifierIndex[name] = identifiers.count - 1
        return identifiers.count - 1
    }

    /// The bit of a key name that is none of the known ones; 0 (sets incomplete) when bits run out.
    mutating func bit(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> UInt64 {
        for (i, name) in otherNames.enumerated() where name.count == range.count {
            if name.withUnsafeBufferPointer({ bytes.bytes(range, equal: $0) }) {
                return 1 << UInt64(QuickRowCheck.names.count + i)
            }
        }
        return newBit(String(decoding: bytes[range], as: UTF8.self), bytes: Array(bytes[range]))
    }

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

    @inline(__always)
    mutating func add(identifier: Int, keys: UInt64, fit: BuiltinFit = .none) {
        rows += 1
        let e = Entry(identifier: identifier, keys: keys, fit: fit)
        let mixed = (keys ^ UInt64(truncatingIfNeeded: identifier) &* 0x9E37_79B9_7F4A_7C15) &* 0x9E37_79B9_7F4A_7C15
        let slot = Int(truncatingIfNeeded: mixed >> UInt64(64 - Self.latelyBits))
        if lately.isEmpty { lately = Array(repeating: Entry(identifier: -1, keys: 0), count: 1 << Self.latelyBits) }
        if lately[slot] == e { return }
        lately[slot] = e
        entries.insert(e)
    }

    mutating func add(_ later: RowKeySets) {
        if !later.complete { complete = false }
        for e in later.entries {
            var keys: UInt64 = 0
            for b in 0..<later.names.count where e.keys & (1 << UInt64(b)) != 0 { keys |= bit(later.names[b]) }
            entries.insert(Entry(identifier: identifier(later.identifiers[e.identifier]), keys: keys, fit: e.fit))
        }
        rows += later.rows
    }

    /// Records a row the full check decoded.
    mutating func add(_ row: Value, identifier: String) {
        guard case .object(let o) = row else { return }
        var keys: UInt64 = 0
        // Sorted: new names take their bits in the same order in every load (the load index keeps them).
        for key in o.keys.sorted() { keys |= bit(key) }
        add(identifier: self.identifier(identifier), keys: keys)
    }

    func allPass(_ registry: Registry, rows: Int, extra: [String] = []) -> Bool {
        guard complete, rows == self.rows else { return false }
        var allowed: [Int: UInt64] = [:]
        return entries.allSatisfy { passes($0, registry, extra: extra, allowed: &allowed) }
    }

    /// Whether rows of this key set pass `TableDocument.checkRowKeys`; false also when
    /// the check would parse a row's data (a built-in under another identifier) that
    /// the quick check did not find fits it.
    func passes(_ e: Entry, _ registry: Registry, extra: [String], allowed: inout [Int: UInt64]) -> Bool {
        let id = identifiers[e.identifier]
        // An unknown identifier is `validate`'s to report.
        guard let style = registry.style(for: id), let keys = style.rowKeys else { return true }
        if let builtin = style as? BuiltinCellStyle, builtin.kind.rawValue != id, !e.fit.fits(builtin.kind) {
            return false
        }
        let mask =
            allowed[e.identifier]
            ?? (keys + TableSchema.tableRowKeys + extra).reduce(0) { m, key in
                m | (names.firstIndex(of: key).map { 1 << UInt64($0) } ?? 0)
            }
        allowed[e.identifier] = mask
        return e.keys & ~mask == 0
    }
}
