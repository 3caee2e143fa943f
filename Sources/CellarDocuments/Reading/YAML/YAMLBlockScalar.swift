import Cellar

/// A literal (`|`) or folded (`>`) scalar's text as YAML 1.2 reads it (§8.1), from its header and its lines
/// in the input. libfyaml 0.7.12 gets the whitespace of some wrong (a last line of spaces without a line
/// break, lines of spaces deeper than an explicit indentation) and near the input's end gives bytes from
/// past it, so `YAMLEvents` takes only where the scalar's lines end from libfyaml.
struct YAMLBlockScalar {
    enum Chomping { case strip, clip, keep }

    let folded: Bool
    let chomping: Chomping
    /// The indentation indicator (1–9), or nil: the first line with text sets the indentation.
    let indicator: Int?

    /// The header whose `|` or `>` is at `at`: then a digit and a chomping indicator, in either order.
    init(header at: Int, in input: UnsafeBufferPointer<UInt8>) {
        folded = input[at] == UInt8(ascii: ">")
        var chomping = Chomping.clip
        var indicator: Int?
        for b in input[(at + 1)..<min(at + 3, input.count)] {
            switch b {
            case UInt8(ascii: "-") where chomping == .clip: chomping = .strip
            case UInt8(ascii: "+") where chomping == .clip: chomping = .keep
            case UInt8(ascii: "1")...UInt8(ascii: "9") where indicator == nil: indicator = Int(b - UInt8(ascii: "0"))
            default: break
            }
        }
        (self.chomping, self.indicator) = (chomping, indicator)
    }

    /// One line of the scalar: where it starts, its leading spaces, where its text ends, and whether a line
    /// break ends it (the input's last line may have none).
    private struct Line {
        var start: Int
        var spaces: Int
        var end: Int
        var hasBreak: Bool
        var isBlank: Bool { start + spaces == end }
    }

    /// The text of the scalar whose lines are `lines` (from the line after the header to where libfyaml ends
    /// it: the input's end, or the next token), in a node indented `parent` columns (-1 at the top level). A line less indented than the text,
    /// other than a comment after it, is refused at its first character.
    func text(
        of lines: Range<Int>, parent: Int, in input: UnsafeBufferPointer<UInt8>, path: String
    ) throws -> [UInt8] {
        var all: [Line] = []
        var i = lines.lowerBound
        let end = lines.upperBound
        while i < end {
            var line = Line(start: i, spaces: 0, end: i, hasBreak: false)
            while line.end < end && input[line.end] == UInt8(ascii: " ") { line.end += 1 }
            line.spaces = line.end - i
            while line.end < end && input[line.end] != 0x0A && input[line.end] != 0x0D { line.end += 1 }
            i = line.end
            if i < end {
                line.hasBreak = true
                i += input[i] == 0x0D && i + 1 < end && input[i + 1] == 0x0A ? 2 : 1
            } else if end < input.count {
                // libfyaml ends the scalar at the next token, past that line's indentation.
                break
            }
            all.append(line)
        }
        // The text's indentation: the indicator's past the parent's, or the first line with text's (with none,
        // the longest line of spaces').
        let indent =
            indicator.map { parent + $0 } ?? all.first(where: { !$0.isBlank })?.spaces ?? all.map(\.spaces).max() ?? 0
        var out: [UInt8] = []
        var emptyLines = 0
        var last: (spaced: Bool, hasBreak: Bool)?
        for line in all {
            if line.isBlank && line.spaces <= indent {
                // An empty line counts only with its line break.
                if line.hasBreak { emptyLines += 1 }
                continue
            }
            guard line.spaces >= indent else {
                // A comment after the text ends it (`l-trail-comments`); the lines after are not its.
                if input[line.start + line.spaces] == UInt8(ascii: "#") { break }
                throw CellarError(
                    "malformed YAML/JSON: a block scalar's line is indented less than its text"
                        + " (\(indent) \(indent == 1 ? "space" : "spaces"))",
                    at: ByteLocation.location(of: line.start + line.spaces, in: input, path: path))
            }
            let text = UnsafeBufferPointer(rebasing: input[(line.start + indent)..<line.end])
            let spaced = text.first == UInt8(ascii: " ") || text.first == 0x09
            if let previous = last {
                // Folded, a line break between two lines of text is a space, or gone before empty lines.
                let foldsToSpace = folded && !previous.spaced && !spaced
                if foldsToSpace && emptyLines == 0 {
                    out.append(UInt8(ascii: " "))
                } else {
                    out.append(contentsOf: repeatElement(0x0A, count: foldsToSpace ? emptyLines : emptyLines + 1))
                }
            } else {
                out.append(contentsOf: repeatElement(0x0A, count: emptyLines))
            }
            out.append(contentsOf: text)
            last = (spaced, line.hasBreak)
            emptyLines = 0
        }
        guard let last else { return chomping == .keep ? [UInt8](repeating: 0x0A, count: emptyLines) : [] }
        switch chomping {
        case .strip: break
        case .clip: if last.hasBreak { out.append(0x0A) }
        case .keep: out.append(contentsOf: repeatElement(0x0A, count: (last.hasBreak ? 1 : 0) + emptyLines))
        }
        return out
    }
}
