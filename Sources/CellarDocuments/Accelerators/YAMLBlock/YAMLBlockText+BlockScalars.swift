/// Literal (`|`) and folded (`>`) block scalars as a mapping's value, in the
/// part of their syntax the scanner takes: a chomping indicator or none, no
/// indentation indicator, content indented past its mapping, a folded scalar
/// with no more-indented line (a line of spaces alone deeper than its text is
/// one), and a line break after every line.
/// Anything else declines (libfyaml reads it).
///
/// Invariant: the content written is the scalar's value as YAML 1.2 defines
/// it (lines joined by line feeds, or folded to spaces, then chomped), as
/// `YAMLBlockScannerTests` compares with libfyaml's.
extension YAMLBlockText {
    /// Which trailing line breaks are kept: none (`-`), the last content line's, or all (`+`).
    enum Chomping { case strip, clip, keep }

    /// `|` or `>`, then an optional `-` or `+`, then the line's end or a comment.
    func blockScalarHeader(at i: Int, end: Int) throws -> (folded: Bool, chomping: Chomping) {
        let folded = base[i] == UInt8(ascii: ">")
        var j = i + 1
        var chomping = Chomping.clip
        if j < end && (base[j] == UInt8(ascii: "-") || base[j] == UInt8(ascii: "+")) {
            chomping = base[j] == UInt8(ascii: "-") ? .strip : .keep
            j += 1
        }
        guard isBlankOrComment(from: j, to: end), j == end || base[j] == UInt8(ascii: " ") else {
            throw YAMLBlockScanner.Declined()
        }
        return (folded, chomping)
    }

    /// The content of a block scalar whose lines start at `start`, inside a
    /// mapping indented `parent`, appended to `out`; returns where the first
    /// line after it starts.
    mutating func blockScalar(
        from start: Int, parent: Int, folded: Bool, chomping: Chomping, into out: inout [UInt8]
    ) throws -> Int {
        var pos = start
        var indent = -1
        var emptyLines = 0
        // The most spaces on an empty line before the first content line.
        var leadingSpaces = 0
        var wrote = false
        while pos < count {
            guard let (end, next) = acceptedLine(from: pos) else {
                // A line the scanner declines (`key:\tvalue`) ends the scalar if it starts less indented than
                // its content, with printable ASCII: the scanner's next line is that one, read or declined there.
                guard indent > 0, startsLessIndented(at: pos, than: indent) else { throw YAMLBlockScanner.Declined() }
                break
            }
            let content = skipSpaces(from: pos, to: end)
            // Spaces alone, no more than the content's indentation (any, before it is known): an empty line.
            if content == end && (indent < 0 || end - pos <= indent) {
                guard end < count else { throw YAMLBlockScanner.Declined() }
                if indent < 0 { leadingSpaces = max(leadingSpaces, end - pos) }
                emptyLines += 1
                pos = next
                continue
            }
            if indent < 0 {
                // The first content line sets the indentation; an empty line before it may not be deeper.
                guard content - pos > parent, leadingSpaces <= content - pos else { throw YAMLBlockScanner.Declined() }
                indent = content - pos
            }
            if content - pos < indent { break }
            // A last line without its line break, or a more-indented line of a folded scalar.
            guard end < count, !folded || content - pos == indent else { throw YAMLBlockScanner.Declined() }
            // Folded, lines written are joined by a space; literal, by their own line break too.
            out.appendFold(lineFeeds: wrote && !folded ? emptyLines + 1 : emptyLines, orSpace: wrote)
            out.append(contentsOf: slice(pos + indent, end - pos - indent))
            wrote = true
            emptyLines = 0
            pos = next
        }
        guard indent >= 0 else { throw YAMLBlockScanner.Declined() }
        switch chomping {
        case .strip: break
        case .clip: out.append(UInt8(ascii: "\n"))
        case .keep: out.append(contentsOf: repeatElement(UInt8(ascii: "\n"), count: emptyLines + 1))
        }
        return pos
    }

    /// Whether the line at `start` has fewer than `indent` spaces before a printable ASCII byte
    /// (its bytes read no further: the line is not accepted).
    private func startsLessIndented(at start: Int, than indent: Int) -> Bool {
        var i = start
        while i < start + indent && i < count && base[i] == 0x20 { i += 1 }
        return i < start + indent && i < count && base[i] > 0x20 && base[i] < 0x7F
    }
}
