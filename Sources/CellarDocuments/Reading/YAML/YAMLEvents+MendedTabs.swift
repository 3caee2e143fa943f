import CFYAML
import Cellar
import CellarText

/// Where libfyaml's reading of a tab `LibFYAMLParser` mended must be undone or refused: a mended tab that
/// YAML reads as a scalar's text, and a tab after an indicator that would indent a collection.
extension YAMLEvents {
    /// The tabs mended (`LibFYAMLParser`) that YAML reads as the current scalar's, or nil: those inside a
    /// quoted or block scalar; and of the lines of blanks made comments, before the next line with content,
    /// those after a block scalar (the scalar's, or an error), those after a plain scalar in a flow
    /// collection, and those after a plain scalar in a block collection when a deeper line follows and every
    /// one of them has its tab past the collection's column and no comment (empty lines of the scalar, which
    /// goes on; a tab at or short of the column, or a comment, makes the line a comment that ends the scalar).
    func mendedLinesInScalar() -> Range<Int>? {
        guard !parser.mendedTabs.isEmpty, let event = current, let token = event.pointee.scalar.value,
            let startMark = fy_event_start_mark(event)?.pointee.input_pos,
            let endMark = fy_token_end_mark(token)?.pointee.input_pos
        else { return nil }
        let style = fy_token_scalar_style(token)
        let isBlock = Self.isBlockScalar(token)
        var start = min(Int(startMark), input.count)
        if isBlock, let header = blockHeader() { start = header }
        let end = max(start, min(Int(endMark), input.count))
        let inside = parser.mended(in: start..<end)
        guard inside.isEmpty else { return inside }
        guard style == FYSS_PLAIN || isBlock, let next = nextContentLine(after: end) else { return nil }
        let after = parser.mended(in: end..<next.start)
        guard !after.isEmpty else { return nil }
        guard style == FYSS_PLAIN, let column = open.last?.column, open.last?.flow == false else { return after }
        let tabs = parser.mendedTabs
        guard next.indent > column, after.allSatisfy({ spacesBefore(tabs[$0]) > column && !endsInAComment(tabs[$0]) })
        else { return nil }
        return after
    }

    /// The first tab after a `-`, `?` or `:` before the current block collection on its line, when only
    /// blanks and those stand there: YAML indents a compact collection by spaces alone
    /// (`s-l+block-indented`), where libfyaml 0.7.12 reads `-⇥key: value` as `- key: value` (and
    /// `LibFYAMLParser` makes a tab after an explicit key's `?` or value's `:` a space).
    func tabAfterIndicator() -> Int? {
        guard let start = current.flatMap({ fy_event_start_mark($0)?.pointee.input_pos }) else { return nil }
        var i = min(Int(start), input.count)
        var tab: Int?
        while i > 0 && input[i - 1] != 0x0A && input[i - 1] != 0x0D {
            i -= 1
            switch input[i] {
            case 0x09: tab = i
            case UInt8(ascii: "-"), UInt8(ascii: "?"), UInt8(ascii: ":"): if tab != nil { return tab }
            case 0x20: break
            default: return nil
            }
        }
        return nil
    }

    /// Whether the line of blanks with its tab at `tab` ends in a comment (which ends any plain scalar).
    private func endsInAComment(_ tab: Int) -> Bool {
        var i = tab
        while i < input.count && (input[i] == 0x20 || input[i] == 0x09) { i += 1 }
        return i < input.count && input[i] == UInt8(ascii: "#")
    }

    /// The spaces before `offset` on its line.
    private func spacesBefore(_ offset: Int) -> Int {
        var i = offset
        while i > 0 && input[i - 1] == UInt8(ascii: " ") { i -= 1 }
        return offset - i
    }

    /// Where the first line after `offset` with content (not blanks, not a comment) starts, and its
    /// indentation; the text's end, indented 0, if none. Nil when content follows `offset` on its line.
    private func nextContentLine(after offset: Int) -> (start: Int, indent: Int)? {
        func isLineBreak(_ i: Int) -> Bool { input[i] == 0x0A || input[i] == 0x0D }
        func firstNonBlank(from start: Int) -> Int {
            var i = start
            while i < input.count && (input[i] == 0x20 || input[i] == 0x09) { i += 1 }
            return i
        }
        var i = offset
        if i > 0 && i < input.count && !isLineBreak(i - 1) {
            let rest = firstNonBlank(from: i)
            guard rest == input.count || isLineBreak(rest) || input[rest] == UInt8(ascii: "#") && rest > i else {
                return nil
            }
            while i < input.count && !isLineBreak(i) { i += 1 }
        }
        while i < input.count {
            if isLineBreak(i) {
                i += 1
                continue
            }
            let content = firstNonBlank(from: i)
            if content < input.count && !isLineBreak(content) && input[content] != UInt8(ascii: "#") {
                var indent = i
                while input[indent] == UInt8(ascii: " ") { indent += 1 }
                return (i, indent - i)
            }
            i = content
            while i < input.count && !isLineBreak(i) { i += 1 }
        }
        return (input.count, 0)
    }

    /// Lines `mendedLinesInScalar` found, or an empty block scalar (`emptiedBlockScalar`), past the bound on
    /// reading the text again.
    static func readAgainError(at offset: Int, emptyBlock: Bool, in input: UnsafeBufferPointer<UInt8>, path: String)
        -> CellarError
    {
        CellarError(
            emptyBlock
                ? "cannot read: too many empty block scalars before a less indented line (each is read again);"
                    + " write an empty text \"\""
                : "cannot read: too many lines of blanks with a tab inside texts over lines (each is read again);"
                    + " write them without the tab",
            at: ByteLocation.location(of: offset, in: input, path: path))
    }
}
