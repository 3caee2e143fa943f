/// Lines with tabs the block scanner reads all the same (`tabbedLine`): those an editor aligning columns
/// writes, with tabs between a key and its value or after the value, before a comment or trailing, and
/// plain values with tabs inside (text pasted from a spreadsheet's cells).
extension YAMLBlockText {
    /// The line from `start`, which `acceptedLine` declined, if its only tabs are white space an editor
    /// aligning columns writes: between `key:` (or `- key:`) and the value, or from the first after a plain
    /// value, a quoted one or a flow collection closed on the line, on (trailing, or before a comment); or
    /// inside a key's or entry's plain value, which then runs to its last character before a comment.
    /// Returns its end, before such trailing white space, and where the next line starts. The key is letters,
    /// digits, `_` and `-`, so its `:` is the line's first (a key's `:` and `append(key:)` take a tab for a
    /// space); a plain value cut at a tab holds no `: ` or ` #`, so it is one plain scalar and the tab is
    /// outside any quote. No plain scalar goes on past a comment: cut before it, the line hides it from
    /// `YAMLBlockScanner.appendInBlock`'s own test, so with one a later line that could go on the scalar
    /// declines here (looked for past blank lines, which `mayGoOn` would decline). A quoted scalar or flow
    /// collection ends at its quote or bracket, and the scanner declines a deeper line after it.
    func tabbedLine(from start: Int) -> (end: Int, next: Int)? {
        let line = bounds(ofLineFrom: start)
        let indent = skipSpaces(from: start, to: line.end)
        var i = indent
        if i < line.end && isEntry(at: i, end: line.end) { i = skipSpaces(from: i + 1, to: line.end) }
        let key = i
        while i < line.end && (Self.isWordCharacter(base[i]) || base[i] == UInt8(ascii: "_")) { i += 1 }
        let keyed = i > key && i < line.end && base[i] == UInt8(ascii: ":")
        i = keyed ? skipSeparation(from: i + 1, to: line.end) : key
        // A quoted scalar or flow collection closed on the line ends before the tab (a tab inside it is refused
        // below); only spaces may follow its end, or it could be a key whose plain value the cut leaves open.
        let close: Int? =
            if i == line.end { nil } else {
                switch base[i] {
                case UInt8(ascii: "\""), UInt8(ascii: "'"): closingQuote(base[i], from: i + 1, end: line.end)
                case UInt8(ascii: "["), UInt8(ascii: "{"): closingBracket(at: i, end: line.end)
                default: nil
                }
            }
        let tab = first(0x09, 0x09, from: close.map { $0 + 1 } ?? i, to: line.end)
        guard YAMLCharacters.firstForbidden(slice(i, tab - i), markFirst: false, reader: .scanner) == nil else {
            return nil
        }
        if tab == line.end { return keyed ? line : nil }
        var cut = tab
        var after = skipSeparation(from: tab, to: line.end)
        // A key's or an entry's plain value with tabs inside runs on to its last character before a comment.
        if close == nil && tab > i && after < line.end && base[after] != UInt8(ascii: "#") && (keyed || key > indent) {
            guard let end = plainTextEnd(from: tab, to: line.end) else { return nil }
            (cut, after) = (end, skipSeparation(from: end, to: line.end))
        }
        let isOneNode =
            if let close { skipSpaces(from: close + 1, to: tab) == tab } else {
                cut > i && startsPlain(at: i, end: cut) && keyOrComment(from: i, to: cut) == cut
            }
        guard isOneNode, after == line.end || base[after] == UInt8(ascii: "#"),
            YAMLCharacters.firstForbidden(slice(cut, line.end - cut), markFirst: false, reader: .fragment) == nil
        else { return nil }
        // A line could go on a plain scalar only deeper than its key, or its dash when it has none.
        if after < line.end && close == nil {
            guard keyed || key > indent, (nextContentIndent(from: line.next) ?? 0) <= (keyed ? key : indent) - start
            else { return nil }
        }
        return (cut, line.next)
    }

    /// Where a plain text with a tab at `tab` ends: at its last character before a `#` after a blank (a
    /// comment), or before `end`. Nil if a piece between its tabs holds a character the scanner does not read.
    private func plainTextEnd(from tab: Int, to end: Int) -> Int? {
        var comment = tab + 1
        while comment < end
            && !(base[comment] == UInt8(ascii: "#") && (base[comment - 1] == 0x20 || base[comment - 1] == 0x09))
        {
            comment += 1
        }
        var last = comment
        while base[last - 1] == 0x20 || base[last - 1] == 0x09 { last -= 1 }
        var piece = tab
        while piece < last {
            let next = first(0x09, 0x09, from: piece + 1, to: last)
            guard
                YAMLCharacters.firstForbidden(slice(piece + 1, next - piece - 1), markFirst: false, reader: .scanner)
                    == nil
            else { return nil }
            piece = next
        }
        return last
    }

    /// The indentation of the first line from `start` with more than spaces and tabs, or nil. A comment
    /// indented by spaces goes on no scalar and is passed (the scanner passes it too); one after a tab is
    /// not, so that the line before is left to libfyaml with it (`declinedLine`).
    private func nextContentIndent(from start: Int) -> Int? {
        var pos = start
        while pos < count {
            let line = bounds(ofLineFrom: pos)
            if let content = skipWhite(from: pos, to: line.end),
                base[content] != UInt8(ascii: "#") || skipSpaces(from: pos, to: content) < content
            {
                return content - pos
            }
            pos = line.next
        }
        return nil
    }

    /// The bracket closing the flow collection opened at `open`, on the line ending at `end`, or nil. Brackets
    /// inside quoted scalars do not count; a quote starts one only where a scalar may start. (One that reads a
    /// comment's text as brackets or quotes finds its end in the comment, which the caller cuts no differently.)
    private func closingBracket(at open: Int, end: Int) -> Int? {
        var depth = 0
        var i = open
        while i < end {
            switch base[i] {
            case UInt8(ascii: "["), UInt8(ascii: "{"): depth += 1
            case UInt8(ascii: "]"), UInt8(ascii: "}"):
                depth -= 1
                if depth == 0 { return i }
            case UInt8(ascii: "\""), UInt8(ascii: "'"):
                guard "[{,: ".utf8.contains(base[i - 1]) else { break }
                guard let close = closingQuote(base[i], from: i + 1, end: end) else { return nil }
                i = close
            default: break
            }
            i += 1
        }
        return nil
    }

    /// Where the next line starts, when the line from `start` holds only blanks with a tab, then perhaps a
    /// comment: between nodes, a comment, as libfyaml reads it too (`LibFYAMLParser`). After a plain scalar,
    /// such a line ends it (`mayGoOn` sees no space at the block's column), and a deeper line after it
    /// declines, as a line that could go on the scalar.
    func blankLineWithTab(from start: Int) -> Int? {
        let line = bounds(ofLineFrom: start)
        guard LibFYAMLParser.blankLineTab(from: start, in: bytes) != nil,
            YAMLCharacters.firstForbidden(slice(start, line.next - start), markFirst: start == 0, reader: .fragment)
                == nil
        else { return nil }
        return line.next
    }
}
