import Cellar
import CellarText

/// Rows decoded ahead on a second thread, in order, as the table would decode them (`RowDecoder.decodedRow`),
/// labels measured. `take` answers only the next row; otherwise the caller decodes it, errors located there.
///
/// Invariant (why `@unchecked Sendable`): the queue is shared under its lock, the consumer's state is the table
/// thread's alone, the decoder an immutable value. At most `queuedChunks` wait, so memory is bounded.
final class RowPrefetch: @unchecked Sendable {
    /// One lock round and at most one wake per chunk, not per row.
    static let chunkRows = 256
    private let decoder: RowDecoder
    private let builtins: BuiltinIdentifiers
    /// Rows with editing keys: their cell's keys are read here when the decoding did not read them (`CellRowKeys`).
    private let editingRows: RowBits
    private let ambiguousWide: Bool
    static let queuedChunks = 16
    private let queue = BatchesAhead<DecodedRow>(capacity: queuedChunks, refillAt: 8)
    @exclusivity(unchecked) private var current: [DecodedRow] = []
    @exclusivity(unchecked) private var position = 0
    /// A taken row's slot holds these bytes until its chunk goes back: a row holding no reference, so they
    /// are a copy of it, made without the retain and release of each nil reference a copied value costs.
    private let placeholder: [UInt8] = withUnsafeBytes(of: DecodedRow(readingFields: CellKeys())) { Array($0) }
    private(set) var expected: Int
    /// Rows decoded into a reused box (read after `stop`).
    private(set) var boxesReused = 0

    /// Nil when no thread could be started.
    init?(
        _ decoder: RowDecoder, from start: Int, builtins: BuiltinIdentifiers, editingRows: RowBits = RowBits(),
        ambiguousWide: Bool
    ) {
        self.decoder = decoder
        self.builtins = builtins
        self.editingRows = editingRows
        self.ambiguousWide = ambiguousWide
        expected = start
        guard queue.start({ [self] in produce() }) else { return nil }
    }

    /// Rows `take` passes over to reach the one asked for: a table measuring
    /// its rows in order skips those of a fixed height.
    static let maximumSkip = 16

    /// Row `index` if it is the next one or a few rows on, else nil (and the
    /// prefetch is of no more use). A row passed over stays in its chunk,
    /// its box with it, for the decoding thread to fill again (`keepBoxes`).
    func take(_ index: Int) -> DecodedRow? {
        guard index >= expected, index - expected <= Self.maximumSkip else { return nil }
        while expected < index {
            guard hasNext() else { return nil }
            position += 1
            expected += 1
        }
        guard hasNext() else { return nil }
        // Moved out, not copied (a copy retains the box); `giveBack` returns the box.
        let row = current.withUnsafeMutableBufferPointer { rows in
            let slot = rows.baseAddress.unsafelyUnwrapped + position
            let row = slot.move()
            // A constant count: copied inline, not through a call to memmove.
            placeholder.withUnsafeBytes { bytes in
                UnsafeMutableRawPointer(slot).copyMemory(
                    from: bytes.baseAddress.unsafelyUnwrapped, byteCount: MemoryLayout<DecodedRow>.size)
            }
            return row
        }
        position += 1
        expected += 1
        return row
    }

    /// Whether a next row waits at `position`, the chunk after taken if need be.
    private func hasNext() -> Bool {
        if position == current.count {
            // The queue ends without a failure: a row that fails is decoded again by the table.
            guard let next = try? queue.take(handingBack: current) else {
                current = []
                return false
            }
            current = next
            position = 0
        }
        return position < current.count
    }

    /// The box of the row `take` just handed out, back in its place once the
    /// table is done with it, so the decoding thread fills it again when the
    /// chunk is handed back (`keepBoxes`).
    func giveBack(_ box: consuming ParsedRowData) {
        guard position > 0, position <= current.count, current[position - 1].parsed == nil else { return }
        current[position - 1].parsed = box
    }

    func stop() {
        queue.stop()
    }

    /// Decodes until the last row, a row that fails (the table reports it), or `stop`.
    private func produce() {
        var next = expected
        var builtins = builtins
        var behind = DropBehind(decoder.bytes)
        // Labels are measured here only while ahead of the table: behind, the
        // table measures them itself, which balances the threads (same widths).
        var measuring = true
        var boxes: [ParsedRowData] = []
        // Read once for the loop; most documents have no editing rows, which one test passes.
        let editing = editingRows
        while next < decoder.count {
            behind.passed(decoder.rowOffsets[next])
            var chunk: [DecodedRow] = []
            chunk.reserveCapacity(Self.chunkRows)
            let end = min(decoder.count, next + Self.chunkRows)
            while next < end {
                // A box still held elsewhere (the table's last chunk, not yet let go) is not reused.
                var box = boxes.popLast()
                if !isKnownUniquelyReferenced(&box) { box = nil }
                let hadBox = box != nil
                // Appended as returned (a row bound first is copied, then destroyed), and the keys its cell
                // takes read into it there when it has editing keys and the decoding did not read them (a
                // row that fails is left to the table, which reports it).
                do {
                    chunk.append(
                        try decoder.decodedRow(
                            next, builtins: &builtins, measuringLabels: measuring ? ambiguousWide : nil, box: &box))
                    let last = chunk.count - 1
                    if !editing.isEmpty, editing.contains(next), !chunk[last].cellKeysRead,
                        let values = try? decoder.values(next, of: CellRowKeys.names)
                    {
                        chunk[last].cellKeys = CellRowKeys(values)
                        chunk[last].cellKeysRead = true
                    }
                } catch { break }
                if hadBox && box == nil { boxesReused += 1 }
                next += 1
            }
            let failed = next < end
            guard let (handedBack, waiting) = queue.put(chunk, last: failed) else { return }
            var spent = handedBack
            Self.keepBoxes(of: &spent, in: &boxes)
            measuring = waiting > 1
            if failed { return }
        }
        behind.finish()
        _ = queue.put([], last: true)
    }

    /// As many boxes as rows can be in flight.
    static let keptBoxes = (queuedChunks + 2) * chunkRows

    /// Moves the boxes out of the rows: neither kept box nor row is retained or released.
    private static func keepBoxes(of spent: inout [[DecodedRow]], in boxes: inout [ParsedRowData]) {
        for c in spent.indices {
            for i in spent[c].indices {
                guard boxes.count < keptBoxes else { return }
                if let box = spent[c][i].parsed.take() { boxes.append(consume box) }
            }
        }
    }
}
