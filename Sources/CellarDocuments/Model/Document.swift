import Cellar
import CellarText

/// The rules every table document is read by, whatever its format (its keys: `TableSchema`).
package enum TableDocument {
    /// Refuses bytes that are not YAML text at the first one's line and column, as `YAMLEvents` does.
    package static func checkYAMLText(_ bytes: [UInt8], path: String) throws {
        try bytes.withUnsafeBufferPointer { try YAMLCharacters.check($0, path: path) }
    }

    /// `location` is only worked out for a height that fails (it may read the file up to the row).
    package static func checkRowHeight(
        _ height: Int, width: Int, at location: @autoclosure () -> SourceLocation?
    ) throws {
        guard let problem = InputLimits.tallBlockProblem("a row", lines: height, width: width) else { return }
        throw CellarError(problem, at: location())
    }

    /// `register: {basicStyleCell: default}`: `identifier` dequeues cells of `style`.
    package struct Registration: Sendable {
        package var identifier: String
        package var style: String
        /// Where it is written in the document's bytes, located only for an error: a YAML
        /// document's offsets are in its JSON form, and locating one converts the text again.
        package var offset: Int
    }

    /// `base` with `registrations` added (itself when none); each identifier keeps its own queue.
    static func registry(
        _ registrations: [Registration], over base: Registry, locate: (Int) -> SourceLocation
    ) throws -> Registry {
        guard !registrations.isEmpty else { return base }
        let registry = Registry(copying: base)
        for r in registrations {
            guard let style = base.style(for: r.style) else {
                let known = base.identifiers
                let hint =
                    Suggest.closest(r.style, among: known).map { " (did you mean '\($0)'?)" }
                    ?? " (registered: \(known.joined(separator: ", ")))"
                throw CellarError(
                    "register: \(Sanitizer.excerpt(r.identifier)): no style '\(Sanitizer.excerpt(r.style))'\(hint)",
                    at: locate(r.offset))
            }
            do {
                try registry.register(style, forCellReuseIdentifier: r.identifier)
            } catch let e as CellarError {
                throw e.located(locate(r.offset))
            }
        }
        return registry
    }

    /// A key no style reads is a typo that would draw a blank field.
    /// `location` places a key of the row (nil: the row).
    static func checkRowKeys(
        _ row: Value, id: String, style: CellStyle, at location: (_ key: String?) -> SourceLocation?,
        extra: [String] = [], rowsOnly: Bool = false
    ) throws {
        guard let keys = style.rowKeys, case .object(let o) = row else { return }
        let unread = o.keys.filter {
            !keys.contains($0) && !TableSchema.tableRowKeys.contains($0) && !extra.contains($0)
        }
        if !unread.isEmpty {
            // One error a line, each at its key, in the order the row writes them, as a CSV header's columns are.
            let placed = unread.map { (key: $0, at: location($0)) }.sorted { a, b in
                guard let x = a.at, let y = b.at else { return a.key < b.key }
                return (x.line, x.column ?? 0, a.key) < (y.line, y.column ?? 0, b.key)
            }
            let messages = unreadKeyMessages(styles: [id], keys: keys, unread: placed.map(\.key), rowsOnly: rowsOnly)
            let errors = zip(messages, placed).map { CellarError($0, at: $1.at) }
            if let e = CellarError(reporting: errors) { throw e }
        }
        // A built-in under a document's own identifier: its data is checked as its own rows are.
        if let builtin = style as? BuiltinCellStyle, builtin.kind.rawValue != id {
            do { try RowCheck.checkData(row, of: builtin.kind) } catch {
                throw CellarError(error.message, at: location(nil))
            }
        }
    }

    /// `style 'subtitle' does not read row key 'txt' — did you mean 'text'?` for each of `unread`.
    /// A key of a row-only format (JSON Lines, CSV, TSV) that is no misspelling is more often a
    /// column of data: its message names the flags that read it or let it pass.
    static func unreadKeyMessages(styles: [String], keys: [String], unread: [String], rowsOnly: Bool = false)
        -> [String]
    {
        let known = keys + TableSchema.tableRowKeys
        let who =
            styles.count == 1
            ? "style '\(Sanitizer.excerpt(styles[0]))' does not"
            : "none of the styles " + styles.map { "'\(Sanitizer.excerpt($0))'" }.joined(separator: ", ") + " does"
        let flags =
            rowsOnly
            ? "; group the rows by a column with --section-by, or let columns pass with --extra-keys ignore" : ""
        return unread.map { key in
            let name = "\(who) read row key '\(Sanitizer.excerpt(key))'"
            if key == "<<" { return name + TableSchema.mergeKeyNote }
            if let meant = TableSchema.suggestion(for: key, among: known) {
                return name + " — did you mean '\(meant)'?"
            }
            return name + " (\(styles.count == 1 ? "it reads" : "they read"): \(keys.joined(separator: ", ")))" + flags
        }
    }
}
