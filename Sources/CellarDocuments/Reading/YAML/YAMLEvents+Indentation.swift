import CFYAML
import Cellar
import CellarText

/// Where libfyaml 0.7.12 reads lines YAML indents too little: the lines of a block scalar, and the later
/// lines of a plain scalar in a flow collection.
extension YAMLEvents {
    /// A block scalar that YAML ends, empty, before its first line with content, which libfyaml reads as its
    /// text: a line indented as far as an indented collection's keys or dashes (`  a: |` then `  b: 1`
    /// gives `a` the text `b: 1`, and near the end of the input bytes from outside it). Returns the header's
    /// indicators (`|` or `>`, then those of chomping and indentation) and the scalar's text, its empty lines'
    /// line feeds when it keeps them (`+`), else none.
    func emptiedBlockScalar() -> (indicators: Range<Int>, lineFeeds: Int)? {
        guard let event = current, let token = event.pointee.scalar.value, Self.isBlockScalar(token),
            let parent = open.last?.column, parent > 0,
            let end = fy_token_end_mark(token)?.pointee.input_pos,
            let header = blockHeader()
        else { return nil }
        // Lines end at LF, CR LF or a lone CR.
        func isBreak(_ b: UInt8) -> Bool { b == 0x0A || b == 0x0D }
        func pastBreak(_ j: Int) -> Int {
            input[j] == 0x0D && j + 1 < input.count && input[j + 1] == 0x0A ? j + 2 : j + 1
        }
        var indicators = header + 1
        while indicators < min(header + 3, input.count), "+-123456789".utf8.contains(input[indicators]) {
            indicators += 1
        }
        let keeps = input[header..<indicators].contains(UInt8(ascii: "+"))
        var i = indicators
        while i < input.count && !isBreak(input[i]) { i += 1 }
        if i < input.count { i = pastBreak(i) }
        var emptyLines = 0
        let last = min(Int(end), input.count)
        while i < last {
            var j = i
            while j < last && input[j] == UInt8(ascii: " ") { j += 1 }
            if j < last && !isBreak(input[j]) {
                return j - i > parent ? nil : (header..<indicators, keeps ? emptyLines : 0)
            }
            emptyLines += 1
            i = j < last ? pastBreak(j) : j + 1
        }
        return nil
    }

    /// A flow collection in a block is indented more than the block on every line (`s-flow-line-prefix(n)`,
    /// n the block's indentation plus one), where libfyaml checks only the lines that start with a token:
    /// `- {text: a` then `  b}` at the dash's column reads `a b`. Such a line of a plain scalar is refused,
    /// at its first character. A line of blanks may be indented less (`l-empty`); a top-level flow
    /// collection's lines may start anywhere.
    func checkFlowPlainIndent() throws {
        guard open.last?.flow == true, let block = open.last(where: { !$0.flow })?.column, let event = current,
            let token = event.pointee.scalar.value, fy_token_scalar_style(token) == FYSS_PLAIN,
            let start = fy_event_start_mark(event)?.pointee, let end = fy_token_end_mark(token)?.pointee,
            end.line > start.line
        else { return }
        let last = min(Int(end.input_pos), input.count)
        var i = min(Int(start.input_pos), last)
        while i < last {
            let b = input[i]
            i += 1
            guard b == 0x0A || b == 0x0D else { continue }
            if b == 0x0D && i < last && input[i] == 0x0A { i += 1 }
            var content = i
            while content < last && input[content] == UInt8(ascii: " ") { content += 1 }
            let spaces = content - i
            while content < last && (input[content] == 0x09 || input[content] == 0x20) { content += 1 }
            guard content < last, input[content] != 0x0A, input[content] != 0x0D, spaces <= block else { continue }
            throw CellarError(
                "malformed YAML/JSON: a plain scalar's lines in a flow collection must be indented more than the"
                    + " block collection around it (here \(block + 1) \(block == 0 ? "space" : "spaces") or more)",
                at: ByteLocation.location(of: content, in: input, path: path))
        }
    }

    /// An implicit key (not after `?`) holds at most 1024 characters, its quotes and properties too
    /// (YAML 1.2 §7.4.2, §8.2.2); libfyaml reads longer ones. The limit keeps a reader's look-ahead for the
    /// `:` bounded.
    func checkImplicitKeyLength() throws {
        guard let event = current, let token = event.pointee.scalar.value,
            let scalarStart = fy_token_start_mark(token)?.pointee.input_pos,
            let scalarEnd = fy_token_end_mark(token)?.pointee.input_pos
        else { return }
        let quoted = [FYSS_SINGLE_QUOTED, FYSS_DOUBLE_QUOTED].contains(fy_token_scalar_style(token))
        var start = Int(scalarStart) - (quoted ? 1 : 0)
        let end = min(input.count, Int(scalarEnd) + (quoted ? 1 : 0))
        for property in [event.pointee.scalar.anchor, event.pointee.scalar.tag] {
            // An anchor's token starts after its `&`.
            if let at = property.flatMap({ fy_token_start_mark($0)?.pointee.input_pos }) {
                start = min(start, Int(at) - (property == event.pointee.scalar.anchor ? 1 : 0))
            }
        }
        start = max(0, start)
        guard end - start > Self.implicitKeyLimit,
            (start..<end).count(where: { input[$0] & 0xC0 != 0x80 }) > Self.implicitKeyLimit
        else { return }
        var before = start
        while before > 0 && [0x20, 0x09, 0x0A, 0x0D].contains(input[before - 1]) { before -= 1 }
        if before > 0 && input[before - 1] == UInt8(ascii: "?") { return }
        throw CellarError(
            "malformed YAML/JSON: a key holds at most \(Self.implicitKeyLimit) characters unless written after '? '",
            at: mark)
    }

    static let implicitKeyLimit = 1024
}
