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
    /// label through its one-line wrap: that drops the spaces at a broken line's ends, where the piece's
    /// cut keeps them, and keeps a wide character alone on a line of one column (not shown), where the
    /// piece's cut shows `…`. Other texts are cut alike both ways; these take the general path's line
    /// (`cutAsWrapped`).
    @inline(__always)
    static func cutDiffersFromWrap(_ piece: Piece?) -> Bool {
        guard let piece, piece.textWidth > piece.width else { return false }
        return piece.width < 2 || hasSpaceAtAnEnd(piece.text)
    }

    /// Read by bytes: an ASCII end is a space only as 0x20 (clean text has no other blank).
    @inline(never)
    static func hasSpaceAtAnEnd(_ text: String) -> Bool {
        guard let first = text.utf8.first, let last = text.utf8.last else { return false }
        if first == 0x20 || last == 0x20 { return true }
        func space(_ scalar: Unicode.Scalar?) -> Bool { scalar?.properties.isWhitespace ?? false }
        return first >= 0x80 && space(text.unicodeScalars.first) || last >= 0x80 && space(text.unicodeScalars.last)
    }
}
