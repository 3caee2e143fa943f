/// UIKit's text transform of a list content configuration.
public enum TextTransform: String, Sendable, CaseIterable {
    case none, uppercase, lowercase, capitalized

    /// The text with the transform applied (capitalized: first letter of each word upper case, the rest lower).
    public func apply(_ text: String) -> String {
        switch self {
        case .none: return text
        case .uppercase: return text.uppercased()
        case .lowercase: return text.lowercased()
        case .capitalized: return text.capitalizedWords()
        }
    }
}

extension String {
    /// First letter of every word upper case, the rest lower case (words
    /// are separated by whitespace, as Foundation's `capitalized`).
    func capitalizedWords() -> String {
        var out = ""
        out.reserveCapacity(utf8.count)
        var word = Substring()
        var rest = self[...]
        while let first = rest.first {
            if first.isWhitespace {
                let spaces = rest.prefix(while: \.isWhitespace)
                out += spaces
                rest = rest[spaces.endIndex...]
                continue
            }
            word = rest.prefix(while: { !$0.isWhitespace })
            rest = rest[word.endIndex...]
            let head = word.prefix(1)
            out += head.uppercased()
            out += word.dropFirst().lowercased()
        }
        return out
    }
}
