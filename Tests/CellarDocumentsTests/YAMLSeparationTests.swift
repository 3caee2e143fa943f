import CellarTestSupport
import Testing

@_spi(Fuzzing) @testable import CellarDocuments

/// Small texts built of YAML's block indicators (`key:`, `- `, `? `, `: `), each followed by a space, a tab or
/// both, with nesting at odd indentations, comments and lines of blanks: both readings (the node tree and the
/// JSON form) and every reader (libfyaml, on a second thread, and the block scanner) must give the same value
/// or the same error. Such texts found the scanner reading `- -⇥b` as text and libfyaml refusing `- ?⇥x`.
@Suite struct YAMLSeparationTests {
    static let separators = [" ", "\t", "  ", " \t"]
    static let scalars = [
        "a", "b c", "-x", "- x", "-\tx", "? x", "?\tx", ":x", "x:", "x: y", "\"q\"", "'s'", "#c", "x #c", "x\t#c",
        "[a]", "{a: b}", "&a x", "*a", "!!str x", "", "1", "-", "?", ":", "- ? x", "?\t- x", ": x", ":\tx", "- - x",
        "-\t-\tx",
    ]

    static func lines(_ depth: Int, _ indent: Int, _ rng: inout SeededGenerator) -> [String] {
        let pad = String(repeating: " ", count: indent)
        var out: [String] = []
        for _ in 0..<Int.random(in: 1...3, using: &rng) {
            let sep = separators.randomElement(using: &rng) ?? " "
            let scalar = scalars.randomElement(using: &rng) ?? "a"
            let nested = depth < 2 && Bool.random(using: &rng)
            let deeper = indent + Int.random(in: 1...3, using: &rng)
            switch Int.random(in: 0..<10, using: &rng) {
            case 0..<4:
                let key = "k\(Int.random(in: 0..<6, using: &rng))"
                if nested {
                    out.append(pad + key + ":")
                    out += lines(depth + 1, deeper, &rng)
                } else {
                    out.append(pad + key + ":" + sep + scalar)
                }
            case 4..<8:
                let entry = ["-", "- ?", "-\t?"].randomElement(using: &rng) ?? "-"
                out.append(pad + entry + sep + (nested ? "k:" + sep + scalar : scalar))
                if nested && Bool.random(using: &rng) { out.append(pad + "  :" + sep + "v") }
            default:
                out.append(
                    pad + (["#c", "\t", "\t#c", " ", "", "? k", ":\tv", "?\tk"].randomElement(using: &rng) ?? ""))
            }
        }
        return out
    }

    @Test func indicatorsSeparatedBySpacesAndTabsReadAlike() {
        var rng = SeededGenerator(seed: 58)
        for n in 0..<3_000 {
            let text = Self.lines(0, 0, &rng).joined(separator: "\n") + (n % 3 == 0 ? "" : "\n")
            let bytes = Array(text.utf8)
            let readings = YAMLReadings.mismatch(bytes)
            #expect(readings == nil, "\(text.debugDescription): \(readings ?? "")")
            let readers = YAMLReadings.readerMismatch(bytes)
            #expect(readers == nil, "\(text.debugDescription): \(readers ?? "")")
        }
    }
}
