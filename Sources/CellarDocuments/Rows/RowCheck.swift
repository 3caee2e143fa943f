import Cellar
import CellarText

/// What is wrong with a decoded row, and where inside it (a key path the format's reader locates).
struct RowProblem: Error {
    var keyPath: [String]
    /// Point at the key itself rather than its value.
    var atKey = false
    var message: String
}

/// A value its key does not take, unlocated: the caller places it.
struct ValueProblem: Error { var message: String }

struct RowAttributes {
    var identifier: String
    var selected = false
    var highlighted = false
    var height: RowHeight?
    var editing = false
    /// A ⊕ row's `template`: checked against the styles with the rows (`StreamedDocument.validate`).
    var template = false
}

/// The full check of a row at load, so drawing it later cannot fail on its
/// data: the table's own keys and, for a built-in style, all it reads.
enum RowCheck {
    static func check(_ row: Value, defaultCell: String) throws(RowProblem) -> RowAttributes {
        guard case .object(let o) = row else {
            throw RowProblem(keyPath: [], message: "a row must be a mapping of keys to values" + keyWithoutColon(row))
        }
        var a = RowAttributes(identifier: defaultCell)
        switch o["cell"] {
        case nil: break
        case .array?, .object?: throw RowProblem(keyPath: ["cell"], message: "cell must be text")
        case .string(let id)? where !id.isEmpty: a.identifier = id
        default: throw RowProblem(keyPath: ["cell"], message: "cell must name a reuse identifier")
        }
        for key in stateKeys {
            guard let v = o[key] else { continue }
            guard case .bool(let b) = v else { throw RowProblem(keyPath: [key], message: notAFlag(key, v)) }
            if key == "selected" { a.selected = b } else if key == "highlighted" { a.highlighted = b }
        }
        a.template = o["template"] != nil
        for key in TableSchema.editingRowKeys where o[key] != nil {
            a.editing = true
            try checkEditingKey(key, o[key] ?? .null, defaultCell: defaultCell)
        }
        if let h = o["height"] {
            do { a.height = try height(h, "height") } catch {
                throw RowProblem(keyPath: ["height"], message: error.message)
            }
        }
        if let kind = BuiltinCellStyle.Kind(rawValue: a.identifier) { try checkData(row, of: kind) }
        return a
    }

    /// A row written `text Apples` (or `text:Apples`) is text: the key it starts with, and how to write it.
    static func keyWithoutColon(_ row: Value) -> String {
        guard case .string(let s) = row, let cut = s.firstIndex(where: { $0 == " " || $0 == ":" }),
            TableSchema.rowKey(String(s[..<cut])) != nil,
            case let value = s[s.index(after: cut)...].drop(while: \.isWhitespace),
            !value.isEmpty
        else { return "" }
        return " ('\(Sanitizer.excerpt(s))' is text: a key and its value are written '\(s[..<cut]): "
            + "\(Sanitizer.excerpt(String(value)))')"
    }

    /// Why `v`, none of `names`, is not a value of `key`.
    static func notAChoice(_ key: String, _ v: Value, among names: [String]) -> String {
        guard let s = scalarText(v) else { return "\(key) must be one of \(names.joined(separator: ", "))" }
        return "\(key): " + Suggest.unknown("value", s, among: names)
    }

    static let stateKeys = TableSchema.row.filter { $0.role == .state }.map(\.name)

    /// `selected must be true or false (got 'yes')`: a word YAML 1.1 read as a flag is text to YAML 1.2, and
    /// quotes make `true` text.
    static func notAFlag(_ key: String, _ v: Value) -> String {
        let said = "\(key) must be true or false (got '\(describe(v))')"
        guard case .string(let s) = v else { return said }
        if s == "true" || s == "false" { return said + ", text in quotes: write it without them" }
        let yaml11 = ["yes", "no", "on", "off", "y", "n"]
        return yaml11.contains(s.lowercased()) ? said + ", which Cellar reads as text, as YAML 1.2 does" : said
    }

    /// Checks one of `TableSchema.editingRowKeys` in the YAML reader's words (`NodeReader.row`).
    static func checkEditingKey(_ key: String, _ v: Value, defaultCell: String) throws(RowProblem) {
        switch TableSchema.rowKey(key)?.type {
        case .flag?:
            guard case .bool = v else { throw RowProblem(keyPath: [key], message: notAFlag(key, v)) }
        case .choice(let names)?:
            guard let s = scalarText(v), names.contains(s) else {
                throw RowProblem(keyPath: [key], message: notAChoice(key, v, among: names))
            }
        case .background?:
            do { _ = try BackgroundConfiguration.parse(v, key: key) } catch let e as RowDataError {
                let unknown = e.keyPath.count == 2 && !BackgroundConfiguration.documentKeys.contains(e.keyPath[1])
                throw RowProblem(keyPath: e.keyPath, atKey: unknown, message: e.pathAndMessage)
            } catch {
                throw RowProblem(keyPath: [key], message: "\(error)")
            }
        case .swipeActions?:
            do { _ = try ContextualAction.actions(from: v) } catch {
                throw RowProblem(keyPath: [key] + error.keyPath, message: error.path(under: key) + ": " + error.message)
            }
        case .movability?:
            if case .bool = v { return }
            if case .string(RowMovability.withinSection.rawValue) = v { return }
            throw RowProblem(
                keyPath: [key], message: "\(key) must be true, false or withinSection (got '\(describe(v))')")
        default:  // a row (`template`), checked as any row is
            guard case .object = v else {
                throw RowProblem(keyPath: [key], message: "template must be a row (a mapping with 'cell' and its data)")
            }
            do { _ = try check(v, defaultCell: defaultCell) } catch {
                throw RowProblem(keyPath: [key] + error.keyPath, atKey: error.atKey, message: error.message)
            }
        }
    }

    /// `automatic`, or a whole number of lines within bounds.
    static func height(_ v: Value, _ key: String) throws(ValueProblem) -> RowHeight {
        let n: Int
        switch v {
        case .string("automatic"): return .automatic
        case .int(let i): n = i
        case .double(let d) where d.rounded() == d && abs(d) < 1e15: n = Int(d)
        default:
            throw ValueProblem(
                message: "\(key) must be 'automatic' or a whole number of lines ≥ 0 (got '\(describe(v))')")
        }
        guard n >= 0 else { throw ValueProblem(message: "\(key) must not be negative (got \(n))") }
        guard n <= TableView.maximumRowHeight else {
            throw ValueProblem(message: "\(key) is too large (\(n) lines; at most \(TableView.maximumRowHeight))")
        }
        return .fixed(n)
    }

    /// A built-in style's data: no key it does not draw, no value it refuses. A built-in
    /// registered under a document's own identifier holds its rows to the same.
    static func checkData(_ row: Value, of kind: BuiltinCellStyle.Kind) throws(RowProblem) {
        guard case .object(let o) = row else { return }
        for key in TableSchema.row where !key.readBy.isEmpty && !key.readBy.contains(kind) {
            if let v = o[key.name], v != .null {
                throw RowProblem(keyPath: [key.name], atKey: true, message: TableSchema.notDrawn(key, by: kind))
            }
        }
        do { _ = try RowData.parse(row, style: kind) } catch let e as RowDataError {
            throw RowProblem(keyPath: e.keyPath, message: e.pathAndMessage)
        } catch {
            throw RowProblem(keyPath: [], message: "\(error)")
        }
    }

    /// A scalar's text, nil for a list or mapping: how YAML's reader sees a choice.
    static func scalarText(_ v: Value) -> String? {
        switch v {
        case .array, .object: return nil
        case .null: return "null"
        default: return v.stringValue ?? "?"
        }
    }

    static func describe(_ v: Value) -> String { scalarText(v).map(Sanitizer.excerpt) ?? "?" }

    static func styleData(_ row: Value) -> Value {
        guard case .object(var o) = row else { return row }
        for k in TableSchema.tableRowKeys { o.removeValue(forKey: k) }
        return .object(o)
    }
}

/// The two table keys read before a row's cell is configured.
struct CellKeys: Sendable {
    var cell: String?
    var disabled = false
}

/// A row's data for its style (table keys removed), with the two read beside it.
struct StyleRow: Sendable {
    var data: Value
    var cell: String?
    var disabled = false

    static func isTableKey(_ key: String) -> Bool {
        var key = key
        return key.withUTF8 { isTableKey(utf8: $0) }
    }

    /// Asked for every key of every row drawn: the length rules out most.
    static func isTableKey(utf8 key: UnsafeBufferPointer<UInt8>) -> Bool { tableKeys.contains(key) }

    private static let tableKeys = NamesByLength(TableSchema.tableRowKeys)
}
