/// Runs of printable ASCII taken whole, where breaking or cutting text would
/// otherwise step through them a cluster at a time (`TextLayout.wrap`,
/// `TextLayout.prefixEnd`). With the accelerators off they are not taken;
/// `ASCIIRunTests` holds both ways to the same lines.
///
/// Invariant: every byte of a run is its own cluster of one column. A run
/// holds only printable ASCII and stops short of the last such byte before a
/// non-ASCII one, which a combining mark, a variation selector or a joiner
/// may still join (ASCII before ASCII is always a boundary).
extension GraphemeScanner {
    /// Whether runs are taken: the one switch, read once.
    static let takesASCIIRuns = Accelerators.enabled

    /// The end of the run of printable ASCII from `position`, at most `limit`
    /// bytes long, found eight bytes at a time.
    @inline(__always)
    func asciiRunEnd(limit: Int) -> Int {
        let n = bytes.count
        let stop = limit < n &- position ? position &+ limit : n
        var end = position
        if let base = bytes.baseAddress {
            while end &+ 8 <= stop {
                let flagged = SWAR.nonPrintableASCII(SWAR.load(base + end))
                if flagged != 0 {
                    end &+= flagged.trailingZeroBitCount &>> 3  // the lowest flag is exact
                    return trimmed(end)
                }
                end &+= 8
            }
        }
        while end < stop, case let b = bytes[end], b >= 0x20, b < 0x7F { end &+= 1 }
        return trimmed(end)
    }

    /// `end`, or one byte short of it when a non-ASCII byte follows.
    @inline(__always)
    private func trimmed(_ end: Int) -> Int {
        end > position && end < bytes.count && bytes[end] >= 0x80 ? end &- 1 : end
    }

    /// Moves past a run `asciiRunEnd` found, as `next()` would byte by byte;
    /// the properties of its last byte.
    @inline(__always)
    mutating func skipASCIIRun(to end: Int) -> ScalarProps {
        let props = table.lookup(UInt32(bytes[end &- 1]))
        position = end
        carried = props
        lookahead = nil
        return props
    }
}
