import Cellar
import CellarText

/// A record read for a built-in style straight into its fields, or for a style that takes its fields one by
/// one (`RowFieldSink`): no mapping built.
extension DelimitedRecords {
    /// Hands `styleRow`'s data to `sink`: a field's bytes unless quoting doubled a quote in it.
    func readFields(_ fields: [Field], columns: [String], into sink: inout some RowFieldSink) throws {
        for (column, f) in zip(columns, fields) where !f.range.isEmpty && !StyleRow.isTableKey(column) {
            var key = column
            try key.withUTF8 { key in
                let raw = UnsafeBufferPointer(rebasing: bytes[f.range])
                guard doublesAQuote(f) else { return try sink.field(key, text: raw) }
                var unquoted = text(f)
                try unquoted.withUTF8 { try sink.field(key, text: $0) }
            }
        }
    }

    /// A record read straight into a built-in style's fields (`keys`, one per
    /// column, `JSONBytes.BuiltinKey(name)`): what `styleRow` gives and `RowData` reads
    /// of it (a column that is no field is passed over, as
    /// `RowDataFields.read` passes it), with no mapping built; false when no
    /// built-in style draws the row. Filled in place, as `JSONBytes.builtinRow`
    /// fills its row: a row returned is copied out, its strings retained.
    func builtinRow(
        _ fields: [Field], keys: [JSONBytes.BuiltinKey], builtins: inout BuiltinIdentifiers,
        into row: inout JSONBytes.BuiltinRow
    ) -> Bool {
        // Whether a built-in style draws the last `cell` read, when it was matched as bytes.
        var builtinCell: Bool?
        for (key, f) in zip(keys, fields) where !f.range.isEmpty {
            switch key {
            case .field(let field):
                // An accessory type's name is taken as the type (accelerators on): a name holds no quote,
                // so bytes that spell one are the field's text, quoted or not.
                if words.words, field.isAccessory,
                    row.fields.set(field, toTypeNamed: UnsafeBufferPointer(rebasing: bytes[f.range]))
                {
                    break
                }
                if field.isLabel && !doublesAQuote(f) {
                    row.set(field, to: words.measuredString(f.range))
                } else {
                    row.fields.set(field, to: field.isCount ? Self.number(text(f)) : .string(text(f)))
                }
            case .cell:
                // A name met before is matched as bytes (accelerators on), unless quoting doubled a quote in them.
                if words.words, !doublesAQuote(f), let known = builtins.known(bytes, f.range) {
                    row.cell = known.id
                    builtinCell = known.builtin
                } else {
                    row.cell = text(f)
                    builtinCell = nil
                }
            case .disabled: row.disabled = text(f) == "true"
            case .cellKey(let k): row.setCellKey(k, to: .string(text(f)))
            case .passedOver: break
            }
        }
        return builtinCell ?? builtins.contains(row.cell)
    }
}
