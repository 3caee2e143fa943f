import Cellar

/// `TableDocument.checkRowKeys` at scan speed: a row's keys compared as
/// bytes, its values skipped.
///
/// Invariant: `passes` is true only for a row `TableDocument.checkRowKeys`
/// passes; anything it cannot settle (escapes, a built-in under another
/// identifier, an unknown one) is false and decoded (`RowKeyCheckTests`).
struct RowKeyCheck {
    struct Allowed {
        var identifier: [UInt8]
        /// nil: the style reads any key (no check), or its rows need the simple check.
        var keys: [[UInt8]]?
        var settles: Bool
    }

    let registry: Registry
    let defaultCell: [UInt8]
    private var allowed: [Allowed] = []
    private var last = 0
    private var rowKeys: [Range<Int>] = []

    /// Keys a flag reads (`--section-by`'s).
    let extra: [String]

    init(registry: Registry, defaultCell: String, extra: [String] = []) {
        self.registry = registry
        self.defaultCell = Array(defaultCell.utf8)
        self.extra = extra
    }

    mutating func passes(_ j: inout JSONBytes) -> Bool {
        guard j.current == UInt8(ascii: "{") else { return false }
        j.pos += 1
        j.skipSpace()
        rowKeys.removeAll(keepingCapacity: true)
        var cell: Range<Int>?
        while j.current != UInt8(ascii: "}") {
            guard j.current == UInt8(ascii: "\""), let key = try? j.string(), !key.escaped else { return false }
            rowKeys.append(key.range)
            j.skipSpace()
            j.pos += 1  // the scan checked the ':'
            j.skipSpace()
            if Self.equal(j.bytes, key.range, Self.cellKey) {
                guard j.current == UInt8(ascii: "\""), let id = try? j.string(), !id.escaped else { return false }
                cell = id.range
            } else {
                guard (try? j.skip(depth: 1)) != nil else { return false }
            }
            j.skipSpace()
            if j.current == UInt8(ascii: ",") {
                j.pos += 1
                j.skipSpace()
            }
        }
        let a = allowedIndex(cell, j.bytes)
        guard allowed[a].settles else { return false }
        guard let keys = allowed[a].keys else { return true }
        return rowKeys.allSatisfy { key in keys.contains { Self.equal(j.bytes, key, $0) } }
    }

    private mutating func allowedIndex(_ cell: Range<Int>?, _ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        func matches(_ a: Allowed) -> Bool {
            if let cell { return Self.equal(bytes, cell, a.identifier) }
            return a.identifier == defaultCell
        }
        if last < allowed.count, matches(allowed[last]) { return last }
        if let i = allowed.firstIndex(where: matches) {
            last = i
            return i
        }
        _ = allowedKeys(cell.map { Array(bytes[$0]) } ?? defaultCell)
        last = allowed.count - 1
        return last
    }

    static let cellKey = Array("cell".utf8)

    static func equal(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, _ word: [UInt8]) -> Bool {
        guard range.count == word.count else { return false }
        var i = 0
        for b in bytes[range] {
            guard b == word[i] else { return false }
            i += 1
        }
        return true
    }

    private mutating func allowedKeys(_ identifier: [UInt8]) -> Allowed {
        if let a = allowed.first(where: { $0.identifier == identifier }) { return a }
        let id = String(decoding: identifier, as: UTF8.self)
        var a = Allowed(identifier: identifier, keys: nil, settles: false)
        if let style = registry.style(for: id) {
            let builtinElsewhere = (style as? BuiltinCellStyle).map { $0.kind.rawValue != id } ?? false
            a.settles = !builtinElsewhere
            a.keys = style.rowKeys.map { ($0 + TableDocument.rowTableKeys + extra).map { Array($0.utf8) } }
        }
        allowed.append(a)
        return a
    }
}
