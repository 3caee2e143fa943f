/// A row's data parsed for a built-in style ahead of the table (by a
/// document's second thread), in a box whose fields the table's thread
/// exchanges with the cell's (`BuiltinCellStyle.configure(_:exchanging:)`):
/// the cell takes the row's, the box takes the cell's previous ones, and the
/// text they hold is freed with the box, on the thread that frees it.
///
/// Invariant (why the class may be `@unchecked Sendable`): one thread at a
/// time uses a box, and a box passes between threads only under a lock
/// (the document's prefetch), which orders the accesses.
package final class ParsedRowData: @unchecked Sendable {
    @exclusivity(unchecked) var content: ListContentConfiguration?
    @exclusivity(unchecked) var accessory: Accessory
    @exclusivity(unchecked) var editingAccessory: Accessory
    @exclusivity(unchecked) var indentation: Int
    /// The labels' widths, when measured ahead.
    @exclusivity(unchecked) var measuredLabels: MeasuredLabels

    /// The fields of `data`, moved in; with `ambiguousWide`, the labels
    /// measured with that setting, here, on the thread that parsed the row.
    package init(
        _ data: consuming RowData, measuringLabels ambiguousWide: Bool? = nil,
        known: MeasuredLabels.Known = MeasuredLabels.Known()
    ) {
        content = nil
        accessory = .none
        editingAccessory = .none
        indentation = 0
        measuredLabels = MeasuredLabels()
        refill(data, measuringLabels: ambiguousWide, known: known)
    }

    /// Takes the fields of another row, as `init` does: a box handed back
    /// by the table serves the next row (the fields it held are freed here),
    /// so a document's rows decoded ahead cost no allocation of a box each.
    /// Only for a box no one else holds (`isKnownUniquelyReferenced`).
    /// `known`: label widths the row's reader found (`MeasuredLabels.Known`).
    package func refill(
        _ data: consuming RowData, measuringLabels ambiguousWide: Bool? = nil,
        known: MeasuredLabels.Known = MeasuredLabels.Known()
    ) {
        // Read from the local value: reading the stored optional would copy the whole configuration.
        var measured = MeasuredLabels()
        if let ambiguousWide {
            measured.measure(
                text: data.content?.text, detail: data.content?.secondaryText, image: data.content?.image,
                ambiguousWide: ambiguousWide, known: known)
        } else {
            measured.take(known, text: data.content?.text, detail: data.content?.secondaryText)
        }
        measuredLabels = measured
        // Exchanged, not copied: the fields this box held leave with `data`, and are freed with it.
        swap(&content, &data.content)
        swap(&accessory, &data.accessory)
        swap(&editingAccessory, &data.editingAccessory)
        indentation = data.indentation
    }
}
