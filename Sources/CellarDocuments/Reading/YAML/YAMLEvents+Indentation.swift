import CFYAML
import Cellar
import CellarText

/// Where libfyaml 0.7.12 reads lines YAML indents too little: the lines of a block scalar, and the later
/// lines of a plain scalar in a flow collection.
extension YAMLEvents {
    /// libfyaml reads lines indented as far as an indented collection's keys
    /// or dashes as the text of a block scalar in it (`  a: |` then `  b: 1`
    /// gives `a` the text `b: 1`, where YAML ends the scalar, empty, before
    /// that line), and near the end of the input its text can then hold bytes
    /// from outside it. Such a text is refused, at its first line.
    func checkBlockScalarIndent() throws {
        guard let event = current, let token = event.pointee.scalar.value, Self.isBlockScalar(token),
            let parent = open.last?.column, parent > 0,
            let start = fy_event_start_mark(event)?.pointee.input_pos,
            let end = fy_token_end_mark(token)?.pointee.input_pos
        else { return }
        // The text's first line with a character other than a space, from the line after the indicator.
        // Lines end at LF, CR LF or a lone CR.
        func isBreak(_ b: UInt8) -> Bool { b == 0x0A || b == 0x0D }
        func pastBreak(_ j: Int) -> Int {
            input[j] == 0x0D && j + 1 < input.count && input[j + 1] == 0x0A ? j + 2 : j + 1
        }
        var i = min(Int(start), input.count)
        while i > 0 && !isBreak(input[i - 1]) { i -= 1 }
        if let header = blockHeader(before: Int(start)), header.linesBack == 0 {
            while i < input.count && !isBreak(input[i]) { i += 1 }
            if i < input.count { i = pastBreak(i) }
        }
        let last = min(Int(end), input.count)
        while i < last {
            var j = i
            while j < last && input[j] == UInt8(ascii: " ") { j += 1 }
            if j < last && !isBreak(input[j]) {
                guard j - i > parent else {
                    throw CellarError(
                        "a block scalar's lines must be indented more than its key or dash"
                            + " (an empty text is written \"\")",
                        at: ByteLocation.location(of: j, in: input, path: path))
                }
                return
            }
            while j < last && !isBreak(input[j]) { j += 1 }
            i = j < last ? pastBreak(j) : j + 1
        }
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
}
