import CellarTestSupport
import Testing

@testable import Cellar
@testable import CellarDocuments

/// A CSV or TSV record read straight into a built-in style's fields (the
/// accelerator) against the mapping `styleRow` builds and `RowData` reads
/// (its plain twin): the same fields, cell and disabled flag, and the same
/// answer, over every field name, every table key, unknown and repeated
/// columns, quoting, empty fields and identifiers no built-in style draws,
/// the identifiers met before matched as bytes.
@Suite struct DelimitedBuiltinRowTests {
    static let columns =
        RowData.keys + TableSchema.tableRowKeys + ["group", "other", "text", "cell"]

    static let values = [
        "", "Row 7 한글", "\"quoted, with comma\"", "\"say \"\"hi\"\"\"", "checkmark", "true", "false", "3", "🍊",
        "subtitle", "value1", "keyValue", "default", "none", "\"value1\"", "\"key\"\"Value\"",
    ]

    /// The fields read as whole numbers are the schema's counts.
    @Test func countFieldsAreTheSchemasCounts() {
        let counts = RowDataFields.Field.allCases.filter(\.isCount).map(\.rawValue)
        let schema = TableSchema.row.filter {
            if case .count = $0.type { return true } else { return false }
        }.map(\.name)
        #expect(counts == schema && !counts.isEmpty)
    }

    @Test func recordsReadAsTheMappingIsRead() throws {
        var rng = SeededGenerator(seed: 7)
        let registry = Registry()
        for format in [InputFormat.csv, .tsv] {
            let separator = format == .csv ? "," : "\t"
            // Kept from record to record, as a reader keeps it: later cells are matched as bytes.
            var builtins = BuiltinIdentifiers(registry, defaultCell: "default")
            for _ in 0..<400 {
                let columns = Array(Self.columns.shuffled(using: &rng).prefix(Int.random(in: 1...8, using: &rng)))
                let values = columns.map { _ in
                    let v = Self.values.randomElement(using: &rng)!
                    return format == .tsv ? v.replacingOccurrences(of: "\"", with: "") : v
                }
                let text = values.joined(separator: separator) + "\n"
                let bytes = Array(text.utf8)
                try bytes.withUnsafeBufferPointer { buffer in
                    let records = DelimitedRecords(buffer, format: format)
                    var fields: [DelimitedRecords.Field] = []
                    _ = try records.record(at: 0, into: &fields)
                    let keys = columns.map(JSONBytes.BuiltinKey.init)
                    var read = JSONBytes.BuiltinRow()
                    let fast = records.builtinRow(fields, keys: keys, builtins: &builtins, into: &read) ? read : nil
                    let style = records.styleRow(fields, columns: columns, columnKeys: keys)
                    guard case .object(let o) = style.data else {
                        Issue.record("not a mapping: \(text)")
                        return
                    }
                    let drawn = builtins.contains(style.cell)
                    #expect((fast != nil) == drawn, "\(columns) \(text)")
                    guard let fast else { return }
                    #expect(fast.fields == RowDataFields.read(o), "\(columns) \(text)")
                    #expect(fast.cell == style.cell && fast.disabled == style.disabled, "\(columns) \(text)")
                }
            }
        }
    }
}
