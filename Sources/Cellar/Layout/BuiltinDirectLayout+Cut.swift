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
                let first =
                    TextLayout.lines(
                        p.text, width: p.width, numberOfLines: 1, mode: p.mode, ambiguousWide: ambiguousWide
                    ).first ?? ""
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
    /// its start, or a wide character alone on a line of one column (not shown there, `…` here), is left to that
    /// path too. Any other text is cut alike both ways: the wrap leaves more than its first line, and cuts the
    /// text from its start as the piece's cut does (`cutAsWrapped` takes the rest).
    @inline(__always)
    static func cutDiffersFromWrap(_ piece: Piece?) -> Bool {
        guard let piece, piece.textWidth > piece.width else { return false }
        return piece.width < 2 || spacesDecideTheCut(piece.text, textWidth: piece.textWidth, width: piece.width)
    }

    /// Read by bytes: an ASCII end is a space only as 0x20 (clean text has no other blank), a column wide.
    /// Any other whitespace at an end leaves the text to the general path, as does a last scalar of no width:
    /// the wrap drops spaces before one too (a word joiner, a mark).
    @inline(never)
    static func spacesDecideTheCut(_ text: String, textWidth: Int, width: Int) -> Bool {
        let utf8 = text.utf8
        guard let first = utf8.first, let last = utf8.last else { return false }
        func space(_ scalar: Unicode.Scalar?) -> Bool { scalar?.properties.isWhitespace ?? false }
        if first == 0x20 || first >= 0x80 && space(text.unicodeScalars.first) { return true }
        if last >= 0x80 {
            guard let scalar = text.unicodeScalars.last else { return false }
            return space(scalar) || DisplayWidth.of(Character(scalar)) == 0
        }
        guard last == 0x20 else { return false }
        var trailing = 0
        var before: UInt8 = 0
        for b in utf8.reversed() {
            before = b
            guard b == 0x20 else { break }
            trailing += 1
        }
        return before >= 0x80 || textWidth - trailing <= width
    }
}
