/// The hot path: every label of every row is drawn through `drawClean`.
///
/// Invariant: callers hand it sanitised UTF-8 (`Sanitizer.isClean` holds:
/// no C0/C1 control, DEL or bidi control), so every ASCII byte is printable
/// and one column wide, and clusters and widths of the rest come from the
/// Unicode tables. (Bytes that break this are drawn raw, never outside the
/// columns `x..<limit` of row `y`.) The fast paths (eight ASCII bytes at a
/// time, a simple base stored without segmentation) must write exactly the
/// cells the cluster rules write; `CanvasDrawFastPathTests` checks them
/// against drawing one grapheme cluster at a time. It stays one function,
/// longer than the usual limit: the optimiser does not inline helpers split
/// out of its loop, and the loop runs for every character drawn.
extension Canvas {
    /// Draws sanitised bytes; columns `x..<limit` of row `y` may be written.
    mutating func drawClean(
        _ p: UnsafeBufferPointer<UInt8>, x: Int, y: Int, limit: Int,
        styleBits: UInt32
    ) -> Int {
        let row = y * width
        var col = x
        let n = p.count
        var clusterOut: UInt32 = 0
        let ambiguous = ambiguousWide
        let table = propertyTable  // one lazy-global check per line, not per character
        // Multi-scalar clusters met while the cells are borrowed are
        // collected here and added to the side store afterwards.
        // Optional so that the common line with none costs no array
        // bookkeeping (an empty array is still retained and released).
        var newBytes: [UInt8]? = nil
        var newStarts: [Int]? = nil
        let firstIndex = clusterStarts.count
        let firstByte = clusterBytes.count
        let extentIndex = width &* height &+ y
        let width = self.width
        storage.withUnsafeMutableBufferPointer { cells in
            Self.detachLeft(cells, row: row, x: max(x, 0), width: width)
            defer {
                Self.detachRight(cells, row: row, x: col, width: width)
                Self.extend(&cells[extentIndex], to: col)
            }
            var i = 0
            while i < n {
                if p[i] < 0x80 {
                    // A run of printable ASCII (the text is sanitised), one
                    // cell per byte, except its last byte when a non-ASCII
                    // scalar follows that may join it (an accent): that byte
                    // is left to the cluster rules. ("Row 1 한글": the space
                    // before 한 is a cluster by itself, as the rules would find.)
                    var end = i
                    while end &+ 8 <= n, let b = p.baseAddress, SWAR.isASCII(SWAR.load(b + end)) { end &+= 8 }
                    while end < n && p[end] < 0x80 { end += 1 }
                    if end < n
                        && (p[end &- 1] &- 0x20 >= 0x5F || table.lookup(decodeScalar(p, end).scalar).joinsPrevious)
                    {
                        end -= 1
                    }
                    if end > i {
                        if col < 0 {
                            let skip = min(-col, end - i)
                            i += skip
                            col += skip
                        }
                        let count = min(end - i, limit - col)
                        if count > 0 {
                            // 0 <= col, col + count <= limit <= width: inside row y.
                            let first = row &+ col
                            for k in 0..<count { cells[first &+ k] = UInt32(p[i &+ k]) | styleBits }
                            col += count
                            i += count
                        }
                        if i < end { break }  // reached the limit
                        continue
                    }
                }
                // A simple base (Hangul syllable, most CJK, a lone emoji)
                // that the next scalar does not join is a cluster by itself,
                // as wide as its table entry: no segmentation needed.
                let start = i
                let w: Int
                let single: Bool
                let first: UInt32
                let (cp, length) = p[i] >= 0x80 ? decodeScalar(p, i) : (0, 0)
                let props = table.lookup(cp)
                if length > 0 && props.isSimpleBase
                    && (i &+ length == n || p[i &+ length] < 0x80
                        || !table.lookup(decodeScalar(p, i &+ length).scalar).joinsPrevious)
                {
                    i &+= length
                    w = props.columns(ambiguousWide: ambiguous)
                    single = true
                    first = cp
                } else {
                    var scanner = GraphemeScanner(p, from: i, ambiguousWide: ambiguous, table: table)
                    guard let c = scanner.next() else { break }
                    i = c.end
                    w = c.width
                    single = c.end - c.start == utf8Length(c.scalar)
                    first = c.scalar
                }
                if w == 0 { continue }  // nothing to show on its own
                if col + w > limit {
                    while col < limit {  // never half a wide character
                        if col >= 0 { cells[row + col] = Self.blankCell | styleBits }
                        col += 1
                    }
                    break
                }
                if col >= 0 {
                    if single {
                        clusterOut = first
                    } else {
                        let index = firstIndex + (newStarts?.count ?? 0)
                        if index < Int(Self.continuation - Self.clusterBase) {
                            if newStarts == nil {
                                newStarts = []
                                newBytes = []
                            }
                            newStarts?.append(firstByte + (newBytes?.count ?? 0))
                            newBytes?.append(contentsOf: UnsafeBufferPointer(rebasing: p[start..<i]))
                            clusterOut = Self.clusterBase + UInt32(index)
                        } else {
                            clusterOut = 0xFFFD
                        }
                    }
                    cells[row + col] = clusterOut | styleBits
                    for k in 1..<max(w, 1) { cells[row + col + k] = Self.continuation | styleBits }
                } else {
                    for k in 0..<w where col + k >= 0 { cells[row + col + k] = Self.blankCell | styleBits }
                }
                col += w
            }
        }
        if let newStarts, let newBytes {  // most lines have none
            clusterStarts.append(contentsOf: newStarts)
            clusterBytes.append(contentsOf: newBytes)
        }
        return col - x
    }
}
