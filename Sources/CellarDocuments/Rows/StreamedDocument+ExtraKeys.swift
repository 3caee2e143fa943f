import Cellar
import CellarText

/// What a rows-only document (JSON Lines, CSV, TSV) holds beside the keys
/// the table and the rows' styles read: an error (the default, as in YAML
/// and JSON) or fields passed over (`--extra-keys ignore`: a spreadsheet's
/// export often has more columns than the table draws).
public enum ExtraKeys: String, CaseIterable, Sendable {
    case error, ignore
}

extension StreamedDocument {
    /// The row keys a flag reads, which no style need read (`--section-by`'s).
    var keysReadByFlags: [String] { options.sectionBy.map { [$0] } ?? [] }

    /// A CSV or TSV header's columns against the keys the styles of the
    /// rows read: a column none of them reads (nor the table, nor a flag)
    /// is an error at its name in the header, checked once for every row.
    func checkColumns(against registry: Registry) throws {
        var ids: [String] = []
        var keys: [String] = []
        for id in identifiers.sorted(by: { $0.value < $1.value }).map(\.key) {
            guard let style = registry.style(for: id) else { continue }
            // A style that declares no keys reads every column.
            guard let read = style.rowKeys else { return }
            ids.append(id)
            keys += read.filter { !keys.contains($0) }
        }
        guard !ids.isEmpty else { return }
        let known = Set(keys + TableDocument.rowTableKeys + keysReadByFlags)
        for (column, name) in columns.enumerated() where !known.contains(name) {
            throw CellarError(
                TableDocument.unreadKeyMessage(styles: ids, keys: keys, unread: [name]),
                at: location(ofOffset: column < columnOffsets.count ? columnOffsets[column] : 0))
        }
    }
}
