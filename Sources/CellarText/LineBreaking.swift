/// How text that does not fit is broken or cut (UIKit's NSLineBreakMode).
public enum LineBreakMode: String, Sendable, CaseIterable {
    case wordWrap, charWrap, clipping, truncatingHead, truncatingMiddle, truncatingTail
}

/// UIKit's text transform of a list content configuration.
public enum TextTransform: String, Sendable, CaseIterable {
    case none, uppercase, lowercase, capitalized

    public func apply(_ text: String) -> String {
        switch self {
        case .none: return text
        case .uppercase: return text.uppercased()
        case .lowercase: return text.lowercased()
        case .capitalized: return text.capitalizedWords()
        }
    }
}

/// Horizontal placement inside a width.
public enum TextAlignment: String, Sendable, CaseIterable {
    case leading, center, trailing
}

extension String {
    func capitalizedWords() -> String {
        var out = ""
        var atStart = true
        for ch in self {
            if ch.isWhitespace { atStart = true; out.append(ch); continue }
            out += atStart ? ch.uppercased() : ch.lowercased()
            atStart = false
        }
        return out
    }
}

/// Breaks text into lines that fit a width.
///
/// Seed implementation; the text-engine issue makes it byte-based and fast.
public enum TextLayout {
    /// Lines of `text` at most `width` columns wide. `numberOfLines` 0 means
    /// unlimited; when lines are cut, the last kept line ends with `…`
    /// (wrap modes and tail truncation).
    public static func lines(_ text: String, width: Int, numberOfLines: Int = 0,
                             mode: LineBreakMode = .wordWrap) -> [String] {
        guard width > 0 else { return [] }
        var result: [String] = []
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let p = String(paragraph)
            switch mode {
            case .wordWrap, .charWrap:
                result += wrap(p, width: width, words: mode == .wordWrap)
            default:
                result.append(truncate(p, width: width, mode: mode))
            }
        }
        if numberOfLines > 0, result.count > numberOfLines {
            let last = result[numberOfLines - 1] + " " + result[numberOfLines...].joined(separator: " ")
            result = Array(result[..<(numberOfLines - 1)])
            let cutMode: LineBreakMode = (mode == .wordWrap || mode == .charWrap) ? .truncatingTail : mode
            result.append(truncate(last, width: width, mode: cutMode))
        }
        return result
    }

    /// One line, cut to `width` columns by `mode`.
    public static func truncate(_ text: String, width: Int, mode: LineBreakMode = .truncatingTail) -> String {
        if DisplayWidth.of(text) <= width { return text }
        guard width > 0 else { return "" }
        switch mode {
        case .clipping, .wordWrap, .charWrap:
            return prefix(text, width: width)
        case .truncatingTail:
            return prefix(text, width: width - 1) + "…"
        case .truncatingHead:
            return "…" + suffix(text, width: width - 1)
        case .truncatingMiddle:
            let left = (width - 1 + 1) / 2, right = width - 1 - left
            return prefix(text, width: left) + "…" + suffix(text, width: right)
        }
    }

    static func prefix(_ text: String, width: Int) -> String {
        var used = 0, out = ""
        for ch in text {
            let w = DisplayWidth.of(ch)
            if used + w > width { break }
            used += w; out.append(ch)
        }
        return out
    }

    static func suffix(_ text: String, width: Int) -> String {
        var used = 0, out: [Character] = []
        for ch in text.reversed() {
            let w = DisplayWidth.of(ch)
            if used + w > width { break }
            used += w; out.append(ch)
        }
        return String(out.reversed())
    }

    static func wrap(_ text: String, width: Int, words: Bool) -> [String] {
        var lines: [String] = []
        var line = "", lineWidth = 0
        func flush() { lines.append(line); line = ""; lineWidth = 0 }
        let tokens: [String] = words ? splitWords(text) : text.map { String($0) }
        for token in tokens {
            let w = DisplayWidth.of(token)
            if token == " " && lineWidth == 0 && !lines.isEmpty { continue }
            if lineWidth + w <= width { line += token; lineWidth += w; continue }
            if token == " " { flush(); continue }
            if lineWidth > 0 { flush() }
            if w <= width { line = token; lineWidth = w; continue }
            for ch in token {
                let cw = DisplayWidth.of(ch)
                if lineWidth + cw > width { flush() }
                line.append(ch); lineWidth += cw
            }
        }
        if lineWidth > 0 || lines.isEmpty { lines.append(line) }
        return lines.map { $0.hasSuffix(" ") ? String($0.dropLast()) : $0 }
    }

    static func splitWords(_ text: String) -> [String] {
        var tokens: [String] = [], word = ""
        for ch in text {
            if ch == " " {
                if !word.isEmpty { tokens.append(word); word = "" }
                tokens.append(" ")
            } else { word.append(ch) }
        }
        if !word.isEmpty { tokens.append(word) }
        return tokens
    }

    /// Pads a line to `width` columns by `alignment`; never breaks a wide character.
    public static func align(_ text: String, width: Int, alignment: TextAlignment) -> (leading: Int, text: String) {
        let w = DisplayWidth.of(text)
        let free = max(0, width - w)
        switch alignment {
        case .leading: return (0, text)
        case .center: return (free / 2, text)
        case .trailing: return (free, text)
        }
    }
}
