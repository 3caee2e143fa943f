import CellarText

/// Pieces the general path would cut otherwise than the direct layout does:
/// they show the one line that path shows of them.
extension BuiltinDirectLayout {
    /// The layout with the text's or the detail's piece showing the one line the general path shows of it:
    /// its one-line layout, clipped as it is placed (a wide character alone on a line of one column is not
    /// shown). A piece not over lines holds clean text of one paragraph, measured (`textWidth`).
    @inline(never)
    func cutAsWrapped(
        text: Bool, textOverLines: Bool, detail: Bool, detailOverLines: Bool, ambiguousWide: Bool
    ) -> BuiltinDirectLayout {
        func cut(_ piece: inout Piece?, overLines: Bool) {
            guard let p = piece else { return }
            var line: (text: String, width: Int)
            if overLines {
                let first = TextLayout.firstLine(
                    overLines: p.text, width: p.width, mode: p.mode, ambiguousWide: ambiguousWide)
                line = (first, DisplayWidth.of(first, ambiguousWide: ambiguousWide))
            } else {
                line = TextLayout.firstLine(
                    ofClean: p.text, total: p.textWidth, width: p.width, mode: p.mode, ambiguousWide: ambiguousWide)
            }
            if line.width > p.width {
                let shown = TextLayout.align(
                    line.text, width: p.width, alignment: p.alignment, ambiguousWide: ambiguousWide
                )
                .text
                line = (shown, DisplayWidth.of(shown, ambiguousWide: ambiguousWide))
            }
            piece?.cut(to: line.text, width: line.width)
        }
        var layout = self
        if text { cut(&layout.p1, overLines: textOverLines) }
        if detail { cut(&layout.p2, overLines: detailOverLines) }
        return layout
    }

    /// Whether the piece's text is too wide and would be cut otherwise by the general path, which cuts a
    /// label through its one-line wrap. That wrap drops the spaces at a broken line's ends: a text too wide only
    /// by its trailing spaces fits its line there, uncut, where the piece's cut shows `…`. A text with spaces at
    /// its start, a piece of one column, or a text of one cluster wider than the piece (a wide character alone
    /// on its line: not shown there, `…` here) is left to that path too. Any other text is cut alike both ways:
    /// the wrap leaves more than its first line, and cuts the text from its start as the piece's cut does
    /// (`cutAsWrapped` takes the rest).
    @inline(__always)
    static func cutDiffersFromWrap(_ piece: Piece?) -> Bool {
        guard let piece, piece.textWidth > piece.width else { return false }
        return piece.width < 2 || wrapKeepsTheLine(piece.text, textWidth: piece.textWidth, width: piece.width)
    }

    /// Whether the general path's wrap keeps more of the text on its line than the piece's cut: spaces at an end,
    /// or one cluster alone.
    @inline(never)
    static func wrapKeepsTheLine(_ text: String, textWidth: Int, width: Int) -> Bool {
        let decide = { (p: UnsafeBufferPointer<UInt8>) in
            spacesDecideTheCut(utf8: p, textWidth: textWidth, width: width)
                || TextLayout.holdsOneVisibleCluster(utf8: p)
        }
        return text.utf8.withContiguousStorageIfAvailable(decide) ?? Array(text.utf8).withUnsafeBufferPointer(decide)
    }

    /// Read by bytes: an ASCII end is a space only as 0x20 (clean text has no other blank), a column wide.
    /// Any other whitespace at an end leaves the text to the general path, as does a last scalar of no width:
    /// the wrap drops spaces before one too (a word joiner, a mark).
    private static func spacesDecideTheCut(utf8 p: UnsafeBufferPointer<UInt8>, textWidth: Int, width: Int) -> Bool {
        guard let first = p.first, let last = p.last else { return false }
        if first == 0x20 || first >= 0x80 && isSpace(scalar(p, from: 0)) { return true }
        if last >= 0x80 {
            var start = p.count - 1
            while start > 0 && p[start] & 0xC0 == 0x80 { start -= 1 }
            let scalar = scalar(p, from: start)
            // A scalar past U+3000 (no whitespace is) that plain lines take alone has a width of its own.
            if scalar.value > 0x3000, (PlainLines.plainColumns(UnsafeBufferPointer(rebasing: p[start...])) ?? 0) > 0 {
                return false
            }
            return isSpace(scalar) || DisplayWidth.of(Character(scalar)) == 0
        }
        guard last == 0x20 else { return false }
        var end = p.count
        while end > 0 && p[end - 1] == 0x20 { end -= 1 }
        return end > 0 && p[end - 1] >= 0x80 || textWidth - (p.count - end) <= width
    }

    private static func isSpace(_ scalar: Unicode.Scalar) -> Bool { scalar.properties.isWhitespace }

    /// The scalar whose valid UTF-8 starts at `start`.
    private static func scalar(_ p: UnsafeBufferPointer<UInt8>, from start: Int) -> Unicode.Scalar {
        Unicode.Scalar(decodeScalar(p, start).scalar) ?? "\u{FFFD}"
    }
}
