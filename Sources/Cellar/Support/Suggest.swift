import CellarText

/// "Did you mean …?" for misspelt keys and values (quoted as every message
/// quotes input: `Sanitizer.excerpt`).
public enum Suggest {
    /// Characters a name or a choice may have to be weighed at all: no
    /// misspelling is longer, and the edit distance costs the product of
    /// the two lengths (a style can make a name megabytes long).
    static let lengthLimit = 128
    /// Choices weighed at most (a style's `fields` may declare thousands).
    static let choiceLimit = 1_000
    /// Choices a message lists at most.
    static let listedLimit = 24

    /// `unknown key 'header_title' — did you mean 'header'?` (or the list of choices).
    public static func unknown(_ what: String, _ name: String, among choices: [String]) -> String {
        if let best = closest(name, among: choices) {
            return "unknown \(what) '\(Sanitizer.excerpt(name))' — did you mean '\(Sanitizer.excerpt(best))'?"
        }
        var listed = choices.prefix(listedLimit).map(Sanitizer.excerpt).joined(separator: ", ")
        if choices.count > listedLimit { listed += ", … (\(choices.count) in all)" }
        return "unknown \(what) '\(Sanitizer.excerpt(name))' (expected one of: \(listed))"
    }

    /// The closest choice by edit distance (case-insensitive, ignoring `_`/`-`),
    /// or a choice the name starts with or contains; nil when nothing is close
    /// (or the name is past `lengthLimit`).
    public static func closest(_ name: String, among choices: [String]) -> String? {
        func norm(_ s: String) -> [Character] { Array(s.lowercased().filter { $0 != "_" && $0 != "-" }) }
        guard name.utf8.count <= 4 * lengthLimit, name.count <= lengthLimit else { return nil }
        let n = norm(name)
        var best: (String, Int)?
        // A name is never its own suggestion: a known name refused where it is read is not a misspelling.
        let choices = choices.prefix(choiceLimit).filter {
            $0 != name && $0.utf8.count <= 4 * lengthLimit && $0.count <= lengthLimit
        }
        for c in choices {
            let d = distance(n, norm(c))
            if let b = best, b.1 <= d { continue }
            best = (c, d)
        }
        if let (c, d) = best, d <= max(2, n.count / 3) { return c }
        for c in choices {
            let cn = String(norm(c))
            let nn = String(n)
            if !cn.isEmpty, nn.hasPrefix(cn) || nn.contains(cn) || cn.hasPrefix(nn) { return c }
        }
        return nil
    }

    static func distance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var prev = Array(0...b.count)
        var cur = prev
        for i in 1...a.count {
            cur[0] = i
            for j in 1...b.count {
                cur[j] = min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            swap(&prev, &cur)
        }
        return prev[b.count]
    }
}
