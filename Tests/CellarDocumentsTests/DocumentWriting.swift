import Cellar

@testable import CellarDocuments

/// Writes an eagerly read document back out as JSON, JSON Lines or CSV, so
/// the streamed readers can be checked against the eager one on the same table.
enum DocumentWriting {
    static func json(_ v: Value) -> String {
        switch v {
        case .null: return "null"
        case .bool(let b): return b ? "true" : "false"
        case .int(let i): return String(i)
        case .double(let d): return "\(d)"
        case .string(let s): return quoted(s)
        case .bytes(let b): return quoted(String(decoding: b, as: UTF8.self))
        case .array(let a): return "[" + a.map(json).joined(separator: ", ") + "]"
        case .object(let o):
            return "{" + o.keys.sorted().map { "\(quoted($0)): \(json(o[$0] ?? .null))" }.joined(separator: ", ") + "}"
        }
    }

    /// `s` as a JSON string: quotes, backslashes and controls escaped; with `escapeAll`, every scalar past
    /// ASCII too (as UTF-16 escapes).
    static func quoted(_ s: String, escapeAll: Bool = false) -> String {
        var out = "\""
        for u in s.unicodeScalars {
            switch u {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case _ where u.value < 0x20 || (escapeAll && u.value > 0x7F):
                for unit in String(u).utf16 { out += "\\u" + JSONBytes.hex4(Int(unit)) }
            default: out.unicodeScalars.append(u)
            }
        }
        return out + "\""
    }

    static func height(_ h: RowHeight) -> Value {
        switch h {
        case .automatic: return .string("automatic")
        case .fixed(let n): return .int(n)
        }
    }

    /// The whole document as a JSON table document.
    static func jsonDocument(_ doc: DocumentSnapshot) -> String {
        var top: [String: Value] = [
            "style": .string(doc.style.rawValue), "separatorStyle": .string(doc.separatorStyle.rawValue),
            "ambiguousWide": .bool(doc.ambiguousWide),
        ]
        if let h = doc.rowHeight { top["rowHeight"] = height(h) }
        if let e = doc.estimatedRowHeight { top["estimatedRowHeight"] = .int(e) }
        if let t = doc.indexTitles { top["indexTitles"] = .array(t.map(Value.string)) }
        let sh = doc.sectionHeights
        if let h = sh.header { top["sectionHeaderHeight"] = height(h) }
        if let h = sh.footer { top["sectionFooterHeight"] = height(h) }
        if let e = sh.estimatedHeader { top["estimatedSectionHeaderHeight"] = .int(e) }
        if let e = sh.estimatedFooter { top["estimatedSectionFooterHeight"] = .int(e) }
        let flags = doc.selection
        top["allowsSelection"] = .bool(flags.allowsSelection)
        top["allowsMultipleSelection"] = .bool(flags.allowsMultipleSelection)
        top["allowsSelectionDuringEditing"] = .bool(flags.allowsSelectionDuringEditing)
        top["allowsMultipleSelectionDuringEditing"] = .bool(flags.allowsMultipleSelectionDuringEditing)
        top["sections"] = .array(
            doc.sections.map { s in
                var o: [String: Value] = ["rows": .array(s.rows)]
                if let h = s.header { o["header"] = .string(h) }
                if let f = s.footer { o["footer"] = .string(f) }
                if let t = s.indexTitle { o["indexTitle"] = .string(t) }
                for (key, view) in [("headerView", s.headerView), ("footerView", s.footerView)] {
                    if let view {
                        o[key] = .object(view.data.merging(["view": .string(view.identifier)]) { a, _ in a })
                    }
                }
                return .object(o)
            })
        return json(.object(top))
    }

    /// The rows as JSON Lines (a document of one untitled section only).
    static func jsonLines(_ doc: DocumentSnapshot) -> String? {
        guard doc.sections.count == 1, doc.sections[0].header == nil, doc.sections[0].footer == nil,
            doc.sections[0].indexTitle == nil, doc.sections[0].headerView == nil, doc.sections[0].footerView == nil,
            doc.sectionHeights == DocumentSectionHeights()
        else { return nil }
        return doc.sections[0].rows.map(json).joined(separator: "\n") + "\n"
    }

    /// The rows as CSV, when every value is text, a flag or a whole number.
    static func csv(_ doc: DocumentSnapshot) -> String? {
        guard jsonLines(doc) != nil else { return nil }
        let rows = doc.sections[0].rows
        var keys = Set<String>()
        for row in rows {
            guard case .object(let o) = row else { return nil }
            for (k, v) in o {
                switch v {
                case .string, .bool, .int: keys.insert(k)
                default: return nil
                }
                // CSV text is text: only the table's own keys read numbers and flags.
                if case .string = v {} else if !TableSchema.tableRowKeys.contains(k) { return nil }
                if case .string(let s) = v, s.isEmpty { return nil }
            }
        }
        let columns = keys.sorted()
        guard !columns.isEmpty else { return nil }
        func field(_ s: String) -> String {
            s.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" })
                ? "\"" + s.replacing("\"", with: "\"\"") + "\"" : s
        }
        var out = columns.map(field).joined(separator: ",") + "\r\n"
        for row in rows {
            out += columns.map { row[$0].flatMap(\.stringValue).map(field) ?? "" }.joined(separator: ",") + "\r\n"
        }
        return out
    }
}
