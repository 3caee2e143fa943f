import Cellar

extension StreamedDataSource {
    func builtinRow(_ i: Int, of table: TableView) -> DecodedRow? {
        let registry = table.registry
        let count = registry.identifiers.count
        if localBuiltinsSource?.registry !== registry || localBuiltinsSource?.count != count {
            localBuiltins = BuiltinIdentifiers(registry, defaultCell: document.options.cell)
            localBuiltinsSource = (registry, count)
        }
        var box: ParsedRowData? = nil
        return document.decoder.builtinRow(i, builtins: &localBuiltins, box: &box)
    }

    /// Whether two index paths are stored alike, which makes them equal (the
    /// same indexes, or the same array of them); paths stored otherwise
    /// compare unequal here, which only costs a look-up.
    @inline(__always)
    static func sameBytes(_ a: IndexPath, _ b: IndexPath) -> Bool {
        withUnsafeBytes(of: a) { a in
            withUnsafeBytes(of: b) { b in
                // A few words and bytes, unrolled: the size is known here.
                var i = 0
                while i + 8 <= a.count {
                    guard
                        a.loadUnaligned(fromByteOffset: i, as: UInt64.self)
                            == b.loadUnaligned(fromByteOffset: i, as: UInt64.self)
                    else { return false }
                    i += 8
                }
                while i < a.count {
                    guard a[i] == b[i] else { return false }
                    i += 1
                }
                return true
            }
        }
    }
}
