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
    /// Rows per chunk handed over: one lock round per chunk, not per row.
    static let chunkRows = 64
    private let decoder: RowDecoder
    private let builtins: BuiltinIdentifiers
    /// The table's ambiguous-width setting, which the labels are measured with.
    private let ambiguousWide: Bool
    private let queue = BatchesAhead<DecodedRow>(capacity: 16, refillAt: 8)
    // The consumer's side.
    private var current: [DecodedRow] = []
    private var position = 0
    /// The row `take` answers next.
    private(set) var expected: Int

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
        while next < decoder.count {
            behind.passed(decoder.rowOffsets[next])
            var chunk: [DecodedRow] = []
            chunk.reserveCapacity(Self.chunkRows)
            let end = min(decoder.count, next + Self.chunkRows)
            while next < end,
                let row = try? decoder.decodedRow(
                    next, builtins: &builtins, measuringLabels: measuring ? ambiguousWide : nil)
            {
                chunk.append(row)
                next += 1
            }
            let failed = next < end
            // The chunks the table has read are freed here, not on its thread, and outside the lock.
            guard let (_, waiting) = queue.put(chunk, last: failed) else { return }
            measuring = waiting > 1
            if failed { return }
        }
        behind.finish()
        _ = queue.put([], last: true)
    }
}
