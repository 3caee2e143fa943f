/// Two differing styles legends (`--- styles: a = …, b = …`) shown entry by
/// entry: the entries of each letter side by side, only those that differ,
/// then how many are the same. A legend is one line per frame, often wider
/// than a terminal; compared as text, one changed style would mark
/// everything after it.
enum LegendDiff {
    /// The rows to show for a differing pair of lines: the lines themselves
    /// unless both are legends.
    static func pairs(_ left: String, _ right: String) -> [(String, String)] {
        guard let l = entries(left), let r = entries(right) else { return [(left, right)] }
        var marks: [Character] = []
        for (mark, _) in l + r where !marks.contains(mark) { marks.append(mark) }
        let left = Dictionary(l, uniquingKeysWith: { a, _ in a })
        let right = Dictionary(r, uniquingKeysWith: { a, _ in a })
        var rows = [
            (GoldenFormat.stylesPrefix.trimmingTrailingSpaces(), GoldenFormat.stylesPrefix.trimmingTrailingSpaces())
        ]
        var same = 0
        for mark in marks.sorted(by: { rank($0) < rank($1) }) {
            let a = left[mark].map { "\(mark) = \($0)" } ?? ""
            let b = right[mark].map { "\(mark) = \($0)" } ?? ""
            if a == b {
                same += 1
            } else {
                rows.append((a, b))
            }
        }
        if same > 0 {
            let note = "(\(same) more the same)"
            rows.append((note, note))
        }
        return rows
    }

    /// The (mark, description) entries of a legend line; nil for any other line.
    static func entries(_ line: String) -> [(Character, String)]? {
        guard line.hasPrefix(GoldenFormat.stylesPrefix) else { return nil }
        let body = line.dropFirst(GoldenFormat.stylesPrefix.count)
        if body == "none" { return [] }
        var out: [(Character, String)] = []
        for item in body.split(separator: ", ") {
            let parts = item.split(separator: " = ", maxSplits: 1)
            guard parts.count == 2, parts[0].count == 1, let mark = parts[0].first else { return nil }
            out.append((mark, String(parts[1])))
        }
        return out
    }

    /// Letters in the legend's own order (a…z, A…Z, 0…9, then `?`).
    static func rank(_ mark: Character) -> Int {
        guard let ascii = mark.asciiValue, let i = GoldenFormat.markLetters.firstIndex(of: ascii) else {
            return GoldenFormat.markLetters.count
        }
        return i
    }
}
