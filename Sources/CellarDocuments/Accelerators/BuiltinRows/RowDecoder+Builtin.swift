import Cellar
import CellarText

extension RowDecoder {
    /// `styleRow`'s `cell` and `disabled` alone (a JSON row's fields noted in
    /// `members`, for `readFields`); nil for a row that is not an object.
    @inline(__always)
    func cellKeys(_ index: Int, members: inout [JSONBytes.RowMember]) throws -> CellKeys? {
        try decode(index) { records, fields in
            members.removeAll(keepingCapacity: true)
            return records.cellKeys(fields, columns: columns)
        } json: { j in
            try j.cellKeys(members: &members)
        }
    }

    /// Hands `styleRow`'s data to `sink`, field by field, without building it.
    func readFields(_ index: Int, members: [JSONBytes.RowMember]?, into sink: inout some RowFieldSink) throws {
        try decode(index) { records, fields in
            try records.readFields(fields, columns: columns, into: &sink)
        } json: { j in
            if let members { return try j.readFields(members, into: &sink) }
            var found: [JSONBytes.RowMember] = []
            guard try j.cellKeys(members: &found) != nil else { return }
            try j.readFields(found, into: &sink)
        }
    }

    /// A row as the table configures it: parsed for its built-in style when
    /// one draws it and the parse succeeds (else it fails again, located, at
    /// configure), else as its style sees it. A parsed row takes `box`,
    /// leaving nil (`DecodedRow.init(parsed:…)`).
    func decodedRow(
        _ index: Int, builtins: inout BuiltinIdentifiers, measuringLabels ambiguousWide: Bool?,
        box: inout ParsedRowData?
    ) throws -> DecodedRow {
        if accelerated || (format != .csv && format != .tsv),
            let row = builtinRow(index, builtins: &builtins, measuringLabels: ambiguousWide, box: &box)
        {
            return row
        }
        let row = try styleRow(index)
        if builtins.contains(row.cell), let data = try? RowData.parse(row.data, style: nil) {
            return DecodedRow(
                parsed: data, cell: row.cell, disabled: row.disabled, measuringLabels: ambiguousWide, box: &box)
        }
        return DecodedRow(row)
    }

    /// A row read straight into a built-in style's fields (CSV and TSV only
    /// with the accelerators on); nil when that does not apply.
    func builtinRow(
        _ index: Int, builtins: inout BuiltinIdentifiers, measuringLabels ambiguousWide: Bool? = nil,
        box: inout ParsedRowData?
    ) -> DecodedRow? {
        // Filled where it is read and parsed in place: neither closure returns the row's fields.
        var row = JSONBytes.BuiltinRow()
        // Moved out while the closure holds `builtins`, and back after.
        var fields: [DelimitedRecords.Field] = []
        swap(&fields, &builtins.recordFields)
        defer { swap(&fields, &builtins.recordFields) }
        let read = try? decode(index, reusing: &fields) { records, fields -> Bool in
            records.builtinRow(fields, keys: columnKeys, builtins: &builtins, into: &row)
        } json: { j in
            try j.builtinRow(&builtins, into: &row)
        }
        guard read == true, let data = try? RowData.parse(taking: &row.fields) else { return nil }
        let cellKeys = row.cellKeyValues.map { builtins.recentCellKeys.keys($0) }
        // The cell's name moved out of the row, which is dropped here: a copy would be retained.
        return DecodedRow(
            parsed: data, cell: row.cell.take(), disabled: row.disabled, measuringLabels: ambiguousWide, box: &box,
            cellKeys: cellKeys, cellKeysRead: true, known: row.known)
    }
}
