/// How text that does not fit is broken or cut (UIKit's NSLineBreakMode).
public enum LineBreakMode: String, Sendable, CaseIterable {
    case wordWrap, charWrap, clipping, truncatingHead, truncatingMiddle, truncatingTail
}

/// Horizontal placement inside a width.
public enum TextAlignment: String, Sendable, CaseIterable {
    case leading, center, trailing
}

/// Breaks and cuts text to fit a width, on UTF-8 bytes and grapheme
/// clusters: a cluster (emoji sequence, flag, Hangul jamo syllable) is never
/// split. Text is sanitised first, so what is measured is what is drawn.
public enum TextLayout {
    /// Lines of `text` at most `width` columns wide. Newlines separate
    /// paragraphs. Every mode wraps (as UIKit labels with several lines do):
    /// `.charWrap` at any cluster, the others at spaces and around CJK
    /// ideographs and kana (Korean breaks at spaces), falling back to
    /// cluster boundaries for a word longer than the line. When
    /// `numberOfLines` (0 = unlimited) cuts text off, the last kept line
    /// holds the rest of the text cut by the mode: `…` at the tail (wrap and
    /// tail modes), head or middle; `.clipping` cuts without `…`.
    public static func lines(
        _ text: String, width: Int, numberOfLines: Int = 0,
        mode: LineBreakMode = .wordWrap, ambiguousWide: Bool = false
    ) -> [String] {
        var lines = StringLines()
        layOut(text, width: width, numberOfLines: numberOfLines, mode: mode, ambiguousWide: ambiguousWide, into: &lines)
        return lines.strings
    }

    /// `lines(...)` joined by line feeds (no line has one), with their count: one string made, not one a line.
    /// `knownClean`: the caller knows `text` needs no sanitising (it measured it plain), so it is not checked.
    package static func joinedLines(
        _ text: String, width: Int, numberOfLines: Int = 0, mode: LineBreakMode = .wordWrap,
        ambiguousWide: Bool = false, knownClean: Bool = false
    ) -> (text: String, count: Int) {
        // Lines hold no more than the text's bytes, a cut's `…` and the line feeds between them.
        var lines = JoinedLines(bytes: text.utf8.count + 16)
        layOut(
            text, width: width, numberOfLines: numberOfLines, mode: mode, ambiguousWide: ambiguousWide,
            knownClean: knownClean, into: &lines)
        return (lines.text, lines.count)
    }

    /// What `lines` lays out, handed to `out` line by line.
    private static func layOut<Out: LineSink>(
        _ text: String, width: Int, numberOfLines: Int, mode: LineBreakMode, ambiguousWide: Bool,
        knownClean: Bool = false, into out: inout Out
    ) {
        guard width > 0 else { return }
        let clean = knownClean || Sanitizer.isClean(text)
        if clean && fits(text, width: width, ambiguousWide: ambiguousWide) {
            return out.append(text)  // the common case, no copying
        }
        // One paragraph is laid out as its sanitised form is: a tab that
        // becomes spaces at an end keeps them, as spaces typed there are kept.
        if !clean, let line = Sanitizer.sanitizedLine(text) {
            return layOut(
                line, width: width, numberOfLines: numberOfLines, mode: mode, ambiguousWide: ambiguousWide, into: &out)
        }
        withParagraphs(text, clean: clean) {
            laidOut(
                $0, $1, width: width, numberOfLines: numberOfLines, mode: mode, ambiguousWide: ambiguousWide, into: &out
            )
        }
    }

    /// The lines of the sanitised `paragraphs` of `all`, as `lines` gives them.
    private static func laidOut<Out: LineSink>(
        _ all: UnsafeBufferPointer<UInt8>, _ paragraphs: UnsafeBufferPointer<Range<Int>>, width: Int,
        numberOfLines: Int,
        mode: LineBreakMode, ambiguousWide: Bool, into out: inout Out
    ) {
        let limit = numberOfLines > 0 ? numberOfLines : Int.max
        for (index, paragraph) in paragraphs.enumerated() {
            let room = limit - out.count
            let wrapped = wrap(
                UnsafeBufferPointer(rebasing: all[paragraph]), width: width,
                words: mode != .charWrap, maxLines: room, ambiguousWide: ambiguousWide)
            out.reserve(wrapped.lines.count)
            let hidden = wrapped.restStart != nil || (wrapped.lines.count == room && index + 1 < paragraphs.count)
            if !hidden {
                for line in wrapped.lines { out.append(slice(all, paragraph.lowerBound, line)) }
                continue
            }
            // Text is cut off: the last kept line holds the rest of its
            // paragraph, cut by the mode, and always shows the cut.
            for line in wrapped.lines.dropLast() { out.append(slice(all, paragraph.lowerBound, line)) }
            let lastStart = paragraph.lowerBound + (wrapped.lines.last?.lowerBound ?? 0)
            out.append(
                cutOff(
                    UnsafeBufferPointer(rebasing: all[lastStart..<paragraph.upperBound]), width: width, mode: mode,
                    ambiguousWide: ambiguousWide
                ).text)
            return
        }
    }

    /// The last line kept when text is cut off: the rest of its paragraph,
    /// cut by the mode, always showing the cut.
    private static func cutOff(
        _ rest: UnsafeBufferPointer<UInt8>, width: Int, mode: LineBreakMode, ambiguousWide: Bool
    ) -> (text: String, width: Int) {
        let cutMode: LineBreakMode
        switch mode {
        case .wordWrap, .charWrap, .truncatingTail: cutMode = .truncatingTail
        case .truncatingHead, .truncatingMiddle, .clipping: cutMode = mode
        }
        return cut(rest, width: width, mode: cutMode, force: cutMode != .clipping, ambiguousWide: ambiguousWide)
    }

    /// `lines(text, width:, numberOfLines: 1, mode:)`'s one line, with its
    /// columns, for clean text (one paragraph) `total` columns wide: a row's
    /// label, checked and measured once, is neither checked nor measured
    /// whole again.
    public static func firstLine(
        ofClean text: String, total: Int, width: Int, mode: LineBreakMode, ambiguousWide: Bool = false
    ) -> (text: String, width: Int) {
        assert(Sanitizer.isClean(text) && total == DisplayWidth.of(text, ambiguousWide: ambiguousWide))
        guard width > 0 else { return ("", 0) }
        if total <= width { return (text, total) }
        return withUTF8Bytes(text) { p in
            let wrapped = wrap(p, width: width, words: mode != .charWrap, maxLines: 1, ambiguousWide: ambiguousWide)
            let first = wrapped.lines.first ?? 0..<0
            guard wrapped.restStart != nil else {
                let line = UnsafeBufferPointer(rebasing: p[first])
                return (
                    string(valid: line), DisplayWidth.of(utf8: line, ambiguousWide: ambiguousWide)
                )
            }
            return cutOff(
                UnsafeBufferPointer(rebasing: p[first.lowerBound...]), width: width, mode: mode,
                ambiguousWide: ambiguousWide)
        }
    }

    /// `lines(text, width:, numberOfLines: 1, mode:)`'s one line, for text over lines (a CR or LF in it): its
    /// first paragraph cut by the mode, always showing the cut, as `laidOut` cuts a paragraph that hides the ones
    /// after it. A first paragraph that is clean and starts with no space is cut from its start, where the wrap's
    /// first line starts, without laying the text out; any other is laid out.
    public static func firstLine(
        overLines text: String, width: Int, mode: LineBreakMode, ambiguousWide: Bool = false
    ) -> String {
        guard width > 0 else { return "" }
        let cut: String? = withUTF8Bytes(text) { p in
            guard let end = p.firstIndex(where: { $0 == 0x0A || $0 == 0x0D }) else { return nil }
            let first = UnsafeBufferPointer(rebasing: p[..<end])
            var scanner = GraphemeScanner(first)
            guard Sanitizer.isClean(utf8: first), !(scanner.next()?.isSpace ?? false) else { return nil }
            return cutOff(first, width: width, mode: mode, ambiguousWide: ambiguousWide).text
        }
        return cut ?? lines(text, width: width, numberOfLines: 1, mode: mode, ambiguousWide: ambiguousWide).first ?? ""
    }

    /// `lines(text, width:…).count`, found without making the lines (a table
    /// counts every section title's lines, and a row's labels', to measure
    /// heights; it draws those of the few on screen). Each paragraph gives
    /// the lines its wrap gives, up to `numberOfLines` in all.
    public static func lineCount(
        _ text: String, width: Int, numberOfLines: Int = 0, mode: LineBreakMode = .wordWrap,
        ambiguousWide: Bool = false
    ) -> Int {
        guard width > 0 else { return 0 }
        let clean = Sanitizer.isClean(text)
        if clean && fits(text, width: width, ambiguousWide: ambiguousWide) { return 1 }
        let limit = numberOfLines > 0 ? numberOfLines : Int.max
        return withParagraphs(text, clean: clean) { all, paragraphs in
            var total = 0
            for paragraph in paragraphs where total < limit {
                total +=
                    wrap(
                        UnsafeBufferPointer(rebasing: all[paragraph]), width: width, words: mode != .charWrap,
                        maxLines: limit - total, ambiguousWide: ambiguousWide
                    ).lines.count
            }
            return total
        }
    }

    /// The columns of `text`'s widest line as `lines` lays it out unwrapped:
    /// each paragraph sanitised (a tab's spaces and a control's picture
    /// count as drawn).
    public static func naturalWidth(_ text: String, ambiguousWide: Bool = false) -> Int {
        withParagraphs(text, clean: Sanitizer.isClean(text)) { all, paragraphs in
            var widest = 0
            for paragraph in paragraphs {
                widest = max(
                    widest,
                    DisplayWidth.of(utf8: UnsafeBufferPointer(rebasing: all[paragraph]), ambiguousWide: ambiguousWide))
            }
            return widest
        }
    }

    /// `body` given `text`'s paragraphs (between CR, LF or CR LF), each
    /// sanitised: clean text's own bytes as its one paragraph (a line break
    /// is a control); paragraphs that are all clean, the text's own bytes
    /// between its breaks (a clean text is its own sanitised form); else
    /// sanitised copies in one buffer. The ranges live on the stack.
    private static func withParagraphs<R>(
        _ text: String, clean: Bool, _ body: (UnsafeBufferPointer<UInt8>, UnsafeBufferPointer<Range<Int>>) -> R
    ) -> R {
        withUTF8Bytes(text) { p in
            if clean {
                return withUnsafeTemporaryAllocation(of: Range<Int>.self, capacity: 1) { one in
                    one.initializeElement(at: 0, to: 0..<p.count)
                    return body(p, UnsafeBufferPointer(one))
                }
            }
            var breaks = 0
            var i = 0
            while i < p.count {
                if p[i] == 0x0A || p[i] == 0x0D {
                    breaks += 1
                    if p[i] == 0x0D && i + 1 < p.count && p[i + 1] == 0x0A { i += 1 }
                }
                i += 1
            }
            return withUnsafeTemporaryAllocation(of: Range<Int>.self, capacity: breaks + 1) { ranges in
                var count = 0
                var allClean = true
                var start = 0
                i = 0
                while i <= p.count {
                    if i == p.count || p[i] == 0x0A || p[i] == 0x0D {
                        ranges.initializeElement(at: count, to: start..<i)
                        count += 1
                        allClean = allClean && Sanitizer.isClean(utf8: UnsafeBufferPointer(rebasing: p[start..<i]))
                        if i + 1 < p.count && p[i] == 0x0D && p[i + 1] == 0x0A { i += 1 }
                        start = i + 1
                    }
                    i += 1
                }
                let paragraphs = UnsafeBufferPointer(rebasing: ranges[..<count])
                if allClean { return body(p, paragraphs) }
                let buffer = ByteBuffer(capacity: p.count + 16)
                for k in 0..<count {
                    let from = buffer.count
                    Sanitizer.sanitize(utf8: UnsafeBufferPointer(rebasing: p[ranges[k]]), into: buffer)
                    ranges[k] = from..<buffer.count
                }
                return body(buffer.bytes, paragraphs)
            }
        }
    }

    /// Whether `text` is at most `width` columns wide, as `DisplayWidth`
    /// measures it. No text is wider than its bytes (no character takes more
    /// columns than bytes: ambiguous-wide ones take at least two, controls
    /// none); one whose first `width + 1` bytes are printable ASCII, a column
    /// each, is wider, found without measuring the rest (a run of ASCII taken
    /// whole). Others are measured.
    package static func fits(_ text: String, width: Int, ambiguousWide: Bool = false) -> Bool {
        fits(text, width: width, ambiguousWide: ambiguousWide, asciiRuns: GraphemeScanner.takesASCIIRuns)
    }

    /// `fits`, the ASCII prefix tested only with `asciiRuns`.
    static func fits(_ text: String, width: Int, ambiguousWide: Bool, asciiRuns: Bool) -> Bool {
        let n = text.utf8.count
        if n <= width { return true }
        return withUTF8Bytes(text) { p in
            if asciiRuns, width >= 0, DisplayWidth.isPrintableASCII(UnsafeBufferPointer(rebasing: p[...width])) {
                return false
            }
            return DisplayWidth.of(utf8: p, ambiguousWide: ambiguousWide) <= width
        }
    }

    /// Whether clean text of one paragraph has fewer than two clusters that take columns, spaces aside: the
    /// wrap then keeps all of it on its first line, however narrow the line. Two printable ASCII bytes other
    /// than spaces are two such clusters (nothing joins one to what comes before it), found without the scanner.
    public static func holdsOneVisibleCluster(_ text: String) -> Bool {
        withUTF8Bytes(text) { holdsOneVisibleCluster(utf8: $0) }
    }

    /// `holdsOneVisibleCluster` for text given as its UTF-8 bytes.
    package static func holdsOneVisibleCluster(utf8 p: UnsafeBufferPointer<UInt8>) -> Bool {
        var visible = 0
        for b in p {
            if b >= 0x80 { break }
            if b &- 0x21 < 0x5E {
                visible &+= 1
                if visible == 2 { return false }
            }
        }
        visible = 0
        var scanner = GraphemeScanner(p)
        while let c = scanner.next() {
            guard c.width > 0, !c.isSpace else { continue }
            visible &+= 1
            if visible == 2 { return false }
        }
        return true
    }

    private static func slice(
        _ all: UnsafeBufferPointer<UInt8>, _ offset: Int, _ r: Range<Int>
    ) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(rebasing: all[(offset + r.lowerBound)..<(offset + r.upperBound)])
    }

    /// A string of bytes known to be valid UTF-8, not checked again (in a
    /// release build): a line or a cut made here is text laid out from a
    /// `String` or its sanitised copy, cut at cluster boundaries.
    @inline(__always)
    static func string(valid bytes: UnsafeBufferPointer<UInt8>) -> String {
        assert(String(validating: bytes, as: UTF8.self) != nil, "laid out text is valid UTF-8")
        if #available(macOS 26, *) { return String(copying: UTF8Span(unchecked: bytes.span, isKnownASCII: false)) }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Greedy line breaking of one sanitised paragraph. Returns the lines'
    /// byte ranges (trailing spaces excluded) and, when `maxLines` stopped
    /// it early, where the unconsumed text starts.
    static func wrap(
        _ p: UnsafeBufferPointer<UInt8>, width: Int, words: Bool, maxLines: Int,
        ambiguousWide: Bool, asciiRuns: Bool = GraphemeScanner.takesASCIIRuns
    ) -> (lines: [Range<Int>], restStart: Int?) {
        var breaker = GreedyLines(width: width, maxLines: maxLines, bytes: p.count)
        var scanner = GraphemeScanner(p, ambiguousWide: ambiguousWide)
        while true {
            // Printable ASCII after a character that does not break anywhere
            // is taken a line at a time (`GreedyLines.take(ascii:)`).
            if asciiRuns, words, !(breaker.previous?.breaksAnywhere ?? false) {
                let end = scanner.asciiRunEnd(limit: p.count)
                if end > scanner.position {
                    guard breaker.take(ascii: p, from: scanner.position, to: end) else {
                        return (breaker.lines, breaker.lineStart)
                    }
                    breaker.previous = scanner.skipASCIIRun(to: end)
                }
            }
            guard let c = scanner.next() else { break }
            if c.isSpace {
                if breaker.space(start: c.start, end: c.end, columns: c.width) { breaker.previous = c.props }
                continue
            }
            if c.width == 0 { continue }  // zero-width clusters stay with what precedes them
            if let prev = breaker.previous,
                !words
                    || ((prev.breaksAnywhere || c.props.breaksAnywhere)
                        && !c.props.noBreakBefore && !prev.noBreakAfter)
            {
                breaker.opportunity(at: c.start)
            }
            guard breaker.place(start: c.start, columns: c.width) else { return (breaker.lines, breaker.lineStart) }
            breaker.previous = c.props
        }
        return (breaker.finish(p), nil)
    }
}
