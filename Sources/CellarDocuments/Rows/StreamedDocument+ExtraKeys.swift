import Cellar
import CellarText

/// A JSON Lines, CSV or TSV key nothing reads: an error (as in YAML and JSON),
/// or passed over (`--extra-keys ignore`: exports often have more columns).
public enum ExtraKeys: String, CaseIterable, Sendable {
    case error, ignore
}

extension StreamedDocument {
    var keysReadByFlags: [String] { options.sectionBy.map { [$0] } ?? [] }

    /// Unread columns named one a line; past these, a count.
    static let namedUnreadColumns = 20

    /// A header column that no style, table key or flag reads is an error at its name, each on a line of its own.
    func checkColumns(against registry: Registry) throws {
        var ids: [String] = []
        var keys: [String] = []
        for id in found.identifiers.sorted(by: { $0.value < $1.value }).map(\.key) {
            guard let style = registry.style(for: id) else { continue }
            // A style that declares no keys reads every column.
            guard let read = style.rowKeys else { return }
            ids.append(id)
            keys += read.filter { !keys.contains($0) }
        }
        guard !ids.isEmpty else { return }
        let known = Set(keys + TableSchema.tableRowKeys + keysReadByFlags)
        let unread = columns.indices.filter { !known.contains(columns[$0]) }
        let named = unread.prefix(Self.namedUnreadColumns)
        let messages = TableDocument.unreadKeyMessages(
            styles: ids, keys: keys, unread: named.map { columns[$0] }, rowsOnly: true)
        var errors = zip(named, messages).map { column, message in
            CellarError(message, at: location(ofOffset: column < columnOffsets.count ? columnOffsets[column] : 0))
        }
        if unread.count > named.count {
            errors.append(
                CellarError("and \(unread.count - named.count) more columns nothing reads", at: location(ofOffset: 0)))
        }
        if let e = CellarError(reporting: errors) { throw e }
    }
}
