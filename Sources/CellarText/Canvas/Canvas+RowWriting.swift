extension Canvas {
    /// Appends row `y` to `out`: trailing blanks trimmed, continuation
    /// cells skipped. With `sgr` (one escape sequence per style id, and
    /// whether a blank in that style is visible), writes SGR sequences only
    /// where the style changes and resets at the end.
    func render(row y: Int, into out: ByteBuffer, sgr: SGRTable?) {
        if let plain = plainLine(y) {
            return plainBytes.withUnsafeBufferPointer { out.append(.init(rebasing: $0[plain])) }
        }
        storage.withUnsafeBufferPointer { all in
            let cells = UnsafeBufferPointer(rebasing: all[(y * width)..<((y + 1) * width)])
            var end = extent(ofRow: y, in: all)
            // Trailing blanks eight at a time: plain blanks (or, without
            // colour, blanks in any style) are trimmed whatever the SGR table says.
            if let base = UnsafeRawPointer(cells.baseAddress) {
                let mask = sgr == nil ? Self.contentMask : ~0
                while end >= 8 && SWAR.eightCells(base, at: end &- 8, match: Self.blankCell, in: mask) { end &-= 8 }
            }
            if let sgr {
                while end > 0, case let raw = cells[end - 1], raw & Self.contentMask == 0x20,
                    !sgr.blankIsVisible[Int(raw >> Self.styleShift)]
                { end -= 1 }
                renderCells(cells, upTo: end, into: out, sgr: sgr)
            } else {
                while end > 0 && cells[end - 1] & Self.contentMask == 0x20 { end -= 1 }
                renderCells(cells, upTo: end, into: out, sgr: nil)
            }
        }
    }
    /// The cell loop: an ASCII cell is one byte store through a local
    /// pointer; scalars, clusters and style changes take the slower path.
    @inline(__always)
    func renderCells(
        _ cells: UnsafeBufferPointer<UInt32>, upTo end: Int,
        into out: ByteBuffer, sgr: SGRTable?
    ) {
        out.reserve(end * 4 + 16)  // every scalar fits; clusters and SGR reserve more
        var dst = out.base + out.count
        var current: UInt32 = 0  // canonical id of the SGR in effect
        var previous: UInt32 = 0  // style id of the cell before
        // Bits of a cell that must match the current style's (style id and
        // content above 0x7F) for the eight-cell path; plain text ignores style.
        let sameASCII: UInt32 = sgr == nil ? Self.contentMask & ~0x7F : ~0x7F
        let cellBytes = UnsafeRawPointer(cells.baseAddress)
        var i = 0
        while i < end {
            // Up to eight ASCII cells in the current style: one test, one
            // 8-byte store, advancing past the cells that passed (the bytes
            // beyond them are overwritten next; with 8 cells left, the 4
            // bytes reserved per cell hold the whole store).
            if i &+ 8 <= end, let cellBytes,
                case let ascii = SWAR.leadingCells(cellBytes, at: i, match: previous << Self.styleShift, in: sameASCII),
                ascii > 0
            {
                let eight = cellBytes.loadUnaligned(fromByteOffset: i &* 4, as: SIMD8<UInt32>.self)
                UnsafeMutableRawPointer(dst).storeBytes(
                    of: SIMD8<UInt8>(truncatingIfNeeded: eight), as: SIMD8<UInt8>.self)
                dst += ascii
                i &+= ascii
                continue
            }
            let raw = cells[i]
            if let sgr, raw >> Self.styleShift != previous {
                previous = raw >> Self.styleShift
                let id = sgr.canonical[Int(previous)]
                if id != current {
                    current = id
                    out.count = dst - out.base
                    out.append(sgr.sequences[Int(current)])
                    out.reserve((end - i) * 4 + 16)
                    dst = out.base + out.count
                }
            }
            let content = raw & Self.contentMask
            if content < 0x80 {
                dst.pointee = UInt8(truncatingIfNeeded: content)
                dst += 1
            } else if content < Self.clusterBase {
                let n = ByteBuffer.encode(content, at: dst)  // within the 4 bytes reserved per cell
                dst += n
                // A run of the same cell (a separator's ─ across the row) repeats
                // the bytes just encoded; the run is measured eight cells at a
                // time, and the 4 bytes per cell reserved above hold the
                // copies and their overhang (`ScalarRun`).
                if i &+ 1 < end && cells[i &+ 1] == raw {
                    var same = 1
                    if let cellBytes {
                        while i &+ 1 &+ same &+ 8 <= end,
                            SWAR.eightCells(cellBytes, at: i &+ 1 &+ same, match: raw, in: ~0)
                        { same &+= 8 }
                    }
                    while i &+ 1 &+ same < end && cells[i &+ 1 &+ same] == raw { same &+= 1 }
                    let encoded = UnsafeRawPointer(dst - n).loadUnaligned(as: UInt32.self)
                    dst = ScalarRun.write(encoded, length: n, count: same, at: dst)
                    i &+= same
                }
            } else if content != Self.continuation {
                out.count = dst - out.base
                withContent(content) { out.append($0) }
                out.reserve((end - i) * 4 + 16)
                dst = out.base + out.count
            }
            i &+= 1
        }
        out.count = dst - out.base
        if sgr != nil && current != 0 { out.append(SGRTable.reset) }
    }
}
