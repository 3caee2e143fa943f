/// One line cut to a width by a truncating mode: at the head, the middle or
/// the tail with `…`, or clipped; on cluster boundaries, measured as drawn.
extension TextLayout {
    /// One line, cut to `width` columns by `mode` (the wrap modes clip).
    public static func truncate(
        _ text: String, width: Int, mode: LineBreakMode = .truncatingTail,
        ambiguousWide: Bool = false
    ) -> String {
        guard width > 0 else { return "" }
        if Sanitizer.isClean(text) {
            // Measured once: the cut takes the width.
            let total = DisplayWidth.of(text, ambiguousWide: ambiguousWide)
            if total <= width { return text }
            return truncate(clean: text, total: total, width: width, mode: mode, ambiguousWide: ambiguousWide).text
        }
        let clean = ByteBuffer(capacity: text.utf8.count + 16)
        withUTF8Bytes(text) { Sanitizer.sanitize(utf8: $0, into: clean) }
        return cut(clean.bytes, width: width, mode: mode, force: false, ambiguousWide: ambiguousWide).text
    }

    /// `truncate` for text known clean and `total` columns wide (wider than
    /// `width`), with the width of what it gives: a row's label measured
    /// once is neither checked nor measured again.
    public static func truncate(
        clean text: String, total: Int, width: Int, mode: LineBreakMode, ambiguousWide: Bool
    ) -> (text: String, width: Int) {
        guard width > 0 else { return ("", 0) }
        return withUTF8Bytes(text) {
            cut($0, width: width, mode: mode, force: false, ambiguousWide: ambiguousWide, total: total)
        }
    }

    /// `truncate(clean:…)`'s text handed to `body` as its UTF-8 bytes, with its width, no string made: for a
    /// caller that copies the bytes at once and says whether it took them (a plain line). Not generic: a generic
    /// function called from another module runs unspecialised, which costs more than the string.
    public static func withTruncated(
        clean text: String, total: Int, width: Int, mode: LineBreakMode, ambiguousWide: Bool,
        _ body: (UnsafeBufferPointer<UInt8>, Int) -> Bool
    ) -> Bool {
        guard width > 0 else { return body(UnsafeBufferPointer(start: nil, count: 0), 0) }
        return withUTF8Bytes(text) {
            cut($0, width: width, mode: mode, force: false, ambiguousWide: ambiguousWide, total: total, body)
        }
    }

    /// Cuts sanitised bytes to `width`, with the columns of the cut text.
    /// With `force`, the ellipsis is added even when everything fits (the
    /// caller hid text after it). `total`: the bytes' width, when known.
    static func cut(
        _ p: UnsafeBufferPointer<UInt8>, width: Int, mode: LineBreakMode, force: Bool,
        ambiguousWide: Bool, total known: Int? = nil
    ) -> (text: String, width: Int) {
        cut(p, width: width, mode: mode, force: force, ambiguousWide: ambiguousWide, total: known) {
            (string(valid: $0), $1)
        }
    }

    /// `cut`, its bytes handed to `body` (within `p`, or joined with `…` on the stack) with their width.
    static func cut<R>(
        _ p: UnsafeBufferPointer<UInt8>, width: Int, mode: LineBreakMode, force: Bool,
        ambiguousWide: Bool, total known: Int?, _ body: (UnsafeBufferPointer<UInt8>, Int) -> R
    ) -> R {
        let ellipsisWidth = ambiguousWide ? 2 : 1  // U+2026 is East Asian Ambiguous
        func prefix(_ end: Int, _ used: Int) -> R { body(UnsafeBufferPointer(rebasing: p[0..<end]), used) }
        // Measured whole only to see whether it fits: a forced cut is made from the ends.
        if !force, case let total = known ?? DisplayWidth.of(utf8: p, ambiguousWide: ambiguousWide), total <= width {
            return prefix(p.count, total)
        }
        guard width > 0 else { return prefix(0, 0) }
        switch mode {
        case .clipping, .wordWrap, .charWrap:
            let (end, used) = prefixEnd(p, width: width, ambiguousWide: ambiguousWide)
            return prefix(end, used)
        case _ where width < ellipsisWidth:
            let (end, used) = prefixEnd(p, width: width, ambiguousWide: ambiguousWide)
            return prefix(end, used)
        case .truncatingTail:
            var (end, used) = prefixEnd(p, width: width - ellipsisWidth, ambiguousWide: ambiguousWide)
            while end > 0 && p[end - 1] == 0x20 { (end, used) = (end - 1, used - 1) }
            return joined(p, 0..<end, p.count..<p.count) { body($0, used + ellipsisWidth) }
        case .truncatingHead:
            let (start, used) = trimmedStart(
                p, suffixStart(p, width: width - ellipsisWidth, ambiguousWide: ambiguousWide), ambiguousWide)
            return joined(p, 0..<0, start..<p.count) { body($0, used + ellipsisWidth) }
        case .truncatingMiddle:
            let room = width - ellipsisWidth
            let left = (room + 1) / 2
            var (end, leftWidth) = prefixEnd(p, width: left, ambiguousWide: ambiguousWide)
            while end > 0 && p[end - 1] == 0x20 { (end, leftWidth) = (end - 1, leftWidth - 1) }
            var suffix = suffixStart(p, width: room - leftWidth, ambiguousWide: ambiguousWide)
            if suffix.start < end {
                suffix = (
                    end, DisplayWidth.of(utf8: UnsafeBufferPointer(rebasing: p[end...]), ambiguousWide: ambiguousWide)
                )
            }
            let (start, rightWidth) = trimmedStart(p, suffix, ambiguousWide)
            return joined(p, 0..<end, start..<p.count) { body($0, leftWidth + ellipsisWidth + rightWidth) }
        }
    }

    /// A suffix's start after `…`, with its width: it starts at a scalar that takes columns and joins nothing
    /// before it. Spaces, clusters of no width and lone marks before that are dropped: a mark is measured against
    /// the last scalar that took columns, which after `…` is not the one the cut took away (or it joins `…`).
    private static func trimmedStart(
        _ p: UnsafeBufferPointer<UInt8>, _ suffix: (start: Int, width: Int), _ ambiguousWide: Bool
    ) -> (start: Int, width: Int) {
        var (start, width, dropped) = (suffix.start, suffix.width, false)
        while start < p.count {
            if p[start] == 0x20 {
                (start, width) = (start + 1, width - 1)
                continue
            }
            guard p[start] >= 0x80 else { break }
            let first = propertyTable.lookup(decodeScalar(p, start).scalar)
            if !first.joinsPrevious && first.columns(ambiguousWide: ambiguousWide) > 0 { break }
            var scanner = GraphemeScanner(p, from: start, ambiguousWide: ambiguousWide)
            (start, dropped) = (scanner.next()?.end ?? p.count, true)
        }
        guard dropped else { return (start, width) }
        return (start, DisplayWidth.of(utf8: UnsafeBufferPointer(rebasing: p[start...]), ambiguousWide: ambiguousWide))
    }

    /// `p[before]`, `…` and `p[after]` handed to `body` as one run of bytes, joined at once on the stack: each
    /// `+` of strings would copy what it joins again. The ranges end at cluster boundaries.
    private static func joined<R>(
        _ p: UnsafeBufferPointer<UInt8>, _ before: Range<Int>, _ after: Range<Int>,
        _ body: (UnsafeBufferPointer<UInt8>) -> R
    ) -> R {
        let count = before.count + 3 + after.count
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: count) { out in
            guard let to = out.baseAddress else { return body(UnsafeBufferPointer(start: nil, count: 0)) }
            if let from = p.baseAddress {
                to.initialize(from: from + before.lowerBound, count: before.count)
                (to + before.count + 3).initialize(from: from + after.lowerBound, count: after.count)
            }
            // U+2026 in UTF-8.
            to[before.count] = 0xE2
            to[before.count + 1] = 0x80
            to[before.count + 2] = 0xA6
            return body(UnsafeBufferPointer(start: to, count: count))
        }
    }

    /// End of the longest prefix of whole clusters at most `width` wide, and its width.
    static func prefixEnd(
        _ p: UnsafeBufferPointer<UInt8>, width: Int, ambiguousWide: Bool,
        asciiRuns: Bool = GraphemeScanner.takesASCIIRuns
    ) -> (end: Int, width: Int) {
        var scanner = GraphemeScanner(p, ambiguousWide: ambiguousWide)
        var used = 0
        while true {
            if asciiRuns, used < width {
                let end = scanner.asciiRunEnd(limit: width &- used)
                if end > scanner.position {
                    used &+= end &- scanner.position
                    _ = scanner.skipASCIIRun(to: end)
                }
            }
            guard let c = scanner.next() else { break }
            if used + c.width > width { return (c.start, used) }
            used += c.width
        }
        return (p.count, used)
    }

    /// Start of the longest suffix of whole clusters at most `width` wide, and its width.
    static func suffixStart(_ p: UnsafeBufferPointer<UInt8>, width: Int, ambiguousWide: Bool) -> (
        start: Int, width: Int
    ) {
        var clusters: [(start: Int, width: Int)] = []
        var scanner = GraphemeScanner(p, ambiguousWide: ambiguousWide)
        while let c = scanner.next() { clusters.append((c.start, c.width)) }
        var used = 0
        var start = p.count
        for c in clusters.reversed() {
            if used + c.width > width { break }
            used += c.width
            start = c.start
        }
        return (start, used)
    }
}
