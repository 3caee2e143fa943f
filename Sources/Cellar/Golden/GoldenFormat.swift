/// The text layout of a golden file:
///
/// ```
/// === 0: initial (width 40, height 6, offset 0) ===
/// …the frame's lines…
/// --- stats: rows_configured: 6, heights_measured: 6, cells_created: 6, cells_reused: 0
/// --- stats: cells_created[default]: 6, cells_reused[default]: 0
/// === 1: select [0, 1] ===
/// …
/// ```
///
/// One header line per frame naming the step; the statistics line only when
/// the case asks for `stats: true`.
public enum GoldenFormat {
    static let headerPrefix = "=== "
    static let headerSuffix = " ==="
    static let statsPrefix = "--- stats: "

    static func header(index: Int, title: String) -> String {
        headerPrefix + "\(index): \(title)" + headerSuffix + "\n"
    }

    /// Totals on one line; the per-identifier breakdown (`key[id]: n`) on a
    /// second, so neither grows past a screen's width for a few identifiers.
    static func statsLines(_ lines: [String]) -> String {
        let totals = lines.filter { !$0.contains("[") }
        let byIdentifier = lines.filter { $0.contains("[") }
        var out = statsPrefix + totals.joined(separator: ", ") + "\n"
        if !byIdentifier.isEmpty { out += statsPrefix + byIdentifier.joined(separator: ", ") + "\n" }
        return out
    }

    /// The frame holding 1-based `row` of a golden: its header's title and the
    /// row's line within the frame (0 = the header itself).
    public static func frame(containing row: Int, in golden: [UInt8]) -> (title: String, line: Int)? {
        let text = String(decoding: GoldenDiff.normalized(golden), as: UTF8.self)
        var found: (title: String, line: Int)?
        for (i, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            guard i < row else { break }
            if line.hasPrefix(headerPrefix), line.hasSuffix(headerSuffix),
               line.count >= headerPrefix.count + headerSuffix.count {
                let title = line.dropFirst(headerPrefix.count).dropLast(headerSuffix.count)
                found = (String(title), row - 1 - i)
            }
        }
        return found
    }
}
