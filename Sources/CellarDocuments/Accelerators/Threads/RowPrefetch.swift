import Cellar
import CellarText

/// Rows decoded ahead on a second thread, in order, while the table
/// configures, lays out and draws the rows before them (a whole-table
/// render, or measuring every row, of a long document). The table gets the
/// row it would have decoded itself, parsed for its built-in style where
/// one draws it (`RowDecoder.decodedRow`) and its labels measured for the
/// layout (`MeasuredLabels`, off the table's thread): `take` answers a row only
/// when it is the next one decoded, and nil otherwise (the caller then
/// decodes it, and errors come from there with their location). Chunks the
/// table has read go back to the second thread to be freed there.
///
/// Invariant (why the class may be `@unchecked Sendable`): the queue
/// (`BatchesAhead`) is shared under its lock; `current`, `position` and
/// `expected` are used only by the one thread that calls `take` (the
/// table's); the decoder is an immutable value over bytes and an index no
/// one changes after the load (`DocumentBytes`). The producer runs at most
/// 16 chunks ahead, so memory stays bounded.
final class RowPrefetch: @unchecked Sendable {
    /// Rows per chunk handed over: one lock round per chunk, not per row,
    /// and a thread that waits is woken per chunk (a system call each).
    static let chunkRows = 256
    private let decoder: RowDecoder
    private let builtins: BuiltinIdentifiers
    /// The table's ambiguous-width setting, which the labels are measured with.
    private let ambiguousWide: Bool
    /// Chunks decoded ahead at most.
    static let queuedChunks = 16
    private let queue = BatchesAhead<DecodedRow>(capacity: queuedChunks, refillAt: 8)
    // The consumer's side.
    private var current: [DecodedRow] = []
    private var position = 0
    /// The row `take` answers next.
    private(set) var expected: Int
    /// Rows decoded into a box a row before had (the producer's count: read it after `stop`).
    private(set) var boxesReused = 0

    /// Starts decoding rows `start..<decoder.count` on a second thread; nil
    /// when no thread could be started.
    init?(_ decoder: RowDecoder, from start: Int, builtins: BuiltinIdentifiers, ambiguousWide: Bool) {
        self.decoder = decoder
        self.builtins = builtins
        self.ambiguousWide = ambiguousWide
        expected = start
        guard queue.start({ [self] in produce() }) else { return nil }
    }

    /// The decoded row `index` if it is the next one (waiting for it if
    /// need be), else nil; after a nil the prefetch is of no more use.
    func take(_ index: Int) -> DecodedRow? {
        guard index == expected else { return nil }
        if position == current.count {
            // The queue ends without a failure: a row that fails is decoded again by the table.
            guard let next = try? queue.take(handingBack: current) else {
                current = []
                return nil
            }
            current = next
            position = 0
        }
        let row = current[position]
        position += 1
        expected += 1
        return row
    }

    /// Stops the producer and joins it; calling it again does nothing.
    func stop() {
        _ = queue.stop()
    }

    /// The producer: decodes chunk after chunk until the last row, a row
    /// that fails to decode (the table's own decode reports it), or `stop`.
    private func produce() {
        var next = expected
        var builtins = builtins
        // Rows are read in order: the pages of a mapped file behind them are given back.
        var behind = DropBehind(decoder.bytes)
        // Labels are measured here only while this thread is ahead of the
        // table (more than one chunk waits): when it falls behind, the
        // table's thread measures them itself, which balances the two
        // threads whichever one a table's rows make the busier. The widths
        // are the same either way.
        var measuring = true
        // The boxes of rows the table has read, for the next rows (`ParsedRowData.refill`).
        var boxes: [ParsedRowData] = []
        while next < decoder.count {
            behind.passed(decoder.rowOffsets[next])
            var chunk: [DecodedRow] = []
            chunk.reserveCapacity(Self.chunkRows)
            let end = min(decoder.count, next + Self.chunkRows)
            while next < end {
                // A box still held elsewhere (the table's last chunk, not yet let go) is not reused.
                var box = boxes.popLast()
                if !isKnownUniquelyReferenced(&box) { box = nil }
                guard
                    let row = try? decoder.decodedRow(
                        next, builtins: &builtins, measuringLabels: measuring ? ambiguousWide : nil, box: box)
                else { break }
                if box != nil && row.parsed === box { boxesReused += 1 }
                chunk.append(row)
                next += 1
            }
            let failed = next < end
            // The chunks the table has read are freed here, not on its thread, and outside the lock.
            guard let (spent, waiting) = queue.put(chunk, last: failed) else { return }
            Self.keepBoxes(of: spent, in: &boxes)
            measuring = waiting > 1
            if failed { return }
        }
        behind.finish()
        _ = queue.put([], last: true)
    }

    /// Boxes kept for reuse at most: as many as the rows that can be in
    /// flight (the queue's chunks, the one the table reads, and one handed back).
    static let keptBoxes = (queuedChunks + 2) * chunkRows

    /// Keeps the boxes of the rows in `spent` for the next rows.
    private static func keepBoxes(of spent: [[DecodedRow]], in boxes: inout [ParsedRowData]) {
        for chunk in spent {
            for row in chunk {
                guard boxes.count < keptBoxes else { return }
                if let box = row.parsed { boxes.append(box) }
            }
        }
    }
}
