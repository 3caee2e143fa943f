/// Makes data safe to show in a terminal: control characters, escape
/// sequences and bidi overrides become visible pictures; tabs become spaces.
public enum Sanitizer {
    public static let tabWidth = 4

    /// True when `text` needs no rewriting (the common case; no allocation).
    public static func isClean(_ text: some StringProtocol) -> Bool {
        for b in text.utf8 where b < 0x20 || b == 0x7F || b >= 0xC2 {
            if b >= 0xC2 { return !text.unicodeScalars.contains(where: isUnsafe) }
            return false
        }
        return true
    }

    public static func sanitize(_ text: String) -> String {
        if isClean(text) { return text }
        var out = String.UnicodeScalarView()
        for s in text.unicodeScalars {
            if s == "\t" {
                for _ in 0..<tabWidth { out.append(" ") }
            } else if isUnsafe(s) {
                out.append(contentsOf: picture(for: s).unicodeScalars)
            } else {
                out.append(s)
            }
        }
        return String(out)
    }

    static func isUnsafe(_ s: Unicode.Scalar) -> Bool {
        let v = s.value
        return v < 0x20 || v == 0x7F || (0x80...0x9F).contains(v)
            || (0x202A...0x202E).contains(v) || (0x2066...0x2069).contains(v)
    }

    static func picture(for s: Unicode.Scalar) -> String {
        let v = s.value
        if v < 0x20, let p = Unicode.Scalar(0x2400 + v) { return String(Character(p)) }
        if v == 0x7F { return "\u{2421}" }
        return "\\u{" + String(v, radix: 16, uppercase: true) + "}"
    }
}
