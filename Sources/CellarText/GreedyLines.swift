/// Greedy line breaking's state over one sanitised paragraph, fed a cluster
/// or a run of ASCII at a time (`TextLayout.wrap`), `width` > 0 columns a
/// line: a line ends at its last break opportunity before the cluster that
/// would overflow it, or between clusters when one word is wider than the
/// line. Lines are byte ranges, trailing spaces left out.
struct GreedyLines {
    private(set) var lines: [Range<Int>] = []
    /// Where the line being filled starts: after `maxLines`, where the text left unlaid starts.
    private(set) var lineStart = 0
    private var lineWidth = 0
    /// The end of the line if it broke at the last opportunity (-1: none on this line),
    /// where the next line would start, and the columns up to there.
    private var breakEnd = -1
    private var breakResume = 0
    private var widthAtResume = 0
    private var previousWasSpace = false
    /// The properties of the last cluster taken (nil before the first).
    var previous: ScalarProps? = nil
    let width: Int
    let maxLines: Int

    init(width: Int, maxLines: Int, bytes: Int) {
        self.width = width
        self.maxLines = maxLines
        // About as many lines as the bytes fill: one allocation, not one per doubling.
        lines.reserveCapacity(min(maxLines, bytes / width + 1))
    }

    /// A space where a line may break, `columns` wide, from `start` to `end`;
    /// false when it is dropped, leading a line after a break.
    @inline(__always)
    mutating func space(start: Int, end: Int, columns: Int) -> Bool {
        if lineWidth == 0 && !lines.isEmpty {
            lineStart = end
            return false
        }
        if !previousWasSpace { breakEnd = start }
        lineWidth &+= columns
        breakResume = end
        widthAtResume = lineWidth
        previousWasSpace = true
        return true
    }

    /// A break opportunity before the cluster at `start`, unless a space
    /// just made one or the line starts there.
    @inline(__always)
    mutating func opportunity(at start: Int) {
        guard !previousWasSpace, start > lineStart else { return }
        breakEnd = start
        breakResume = start
        widthAtResume = lineWidth
    }

    /// A visible cluster `columns` wide starting at `start`, placed after
    /// breaking as many lines as it takes to fit; false when `maxLines` are
    /// full first (the cluster is then not taken).
    @inline(__always)
    mutating func place(start: Int, columns: Int) -> Bool {
        while lineWidth > 0 && lineWidth &+ columns > width {
            if breakEnd > lineStart {
                lines.append(lineStart..<breakEnd)
                lineStart = breakResume
                lineWidth &-= widthAtResume
            } else if breakEnd == lineStart {
                // Only spaces before this word: drop them.
                lineStart = breakResume
                lineWidth &-= widthAtResume
            } else {
                // A word longer than the line: break between clusters.
                lines.append(lineStart..<start)
                lineStart = start
                lineWidth = 0
            }
            breakEnd = -1
            if lines.count >= maxLines { return false }
        }
        lineWidth &+= columns
        previousWasSpace = false
        return true
    }

    /// A run of printable ASCII from `start` to `end`, as `asciiRunEnd` finds
    /// one, taken a line at a time; false when `maxLines` are full first.
    ///
    /// Invariant: every byte is a cluster of one column and only spaces are
    /// opportunities (no ASCII character breaks anywhere). So the line
    /// overflows at the first visible byte at or past its last column (spaces
    /// may run past it); what comes before it only moves the state to where
    /// placing each byte would leave it (`advance`), and `place` breaks the line.
    @inline(__always)
    mutating func take(ascii p: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Bool {
        var i = start
        while i < end {
            if p[i] == 0x20 {
                // Spaces go through `space`, which drops those leading a line.
                var j = i &+ 1
                while j < end && p[j] == 0x20 { j &+= 1 }
                _ = space(start: i, end: j, columns: j &- i)
                i = j
                continue
            }
            var overflow = i &+ max(width &- lineWidth, 0)
            while overflow < end && p[overflow] == 0x20 { overflow &+= 1 }
            guard overflow < end else {
                advance(p, from: i, to: end)
                return true
            }
            advance(p, from: i, to: overflow)
            guard place(start: overflow, columns: 1) else { return false }
            i = overflow &+ 1
        }
        return true
    }

    /// Takes printable ASCII from `start` (a visible byte) to `end`, none of it
    /// overflowing the line: the last run of spaces in it is the opportunity.
    @inline(__always)
    private mutating func advance(_ p: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) {
        guard end > start else { return }
        var resume = end
        while resume > start && p[resume &- 1] != 0x20 { resume &-= 1 }
        if resume > start {
            var spaces = resume &- 1
            while p[spaces &- 1] == 0x20 { spaces &-= 1 }  // stops past `start`, a visible byte
            breakEnd = spaces
            breakResume = resume
            widthAtResume = lineWidth &+ (resume &- start)
        }
        lineWidth &+= end &- start
        previousWasSpace = p[end &- 1] == 0x20
    }

    /// The lines, the last one ending at the paragraph's end (`p.count`).
    mutating func finish(_ p: UnsafeBufferPointer<UInt8>) -> [Range<Int>] {
        var end = p.count
        // Spaces ending the paragraph leave the line even when zero-width
        // clusters (a word joiner) follow them: kept, they would widen the
        // line past its width, and the clusters alone show nothing.
        if previousWasSpace && breakEnd >= lineStart { end = breakEnd }
        while end > lineStart && p[end - 1] == 0x20 { end -= 1 }
        if end > lineStart || lines.isEmpty { lines.append(lineStart..<end) }
        return lines
    }
}
