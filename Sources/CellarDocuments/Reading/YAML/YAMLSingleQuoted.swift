/// Single-quoted scalars with a `''` escape, decoded by the spec's rules
/// (7.3.2, with its folding): libfyaml 0.7.12 gets two escapes in a row wrong.
enum YAMLSingleQuoted {
    /// The text of a single-quoted scalar written as `raw` (between its
    /// quotes), or nil when it has no `''` (libfyaml's text is then right).
    static func decode(_ raw: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
        let quote = UInt8(ascii: "'")
        guard raw.indices.dropLast().contains(where: { raw[$0] == quote && raw[$0 + 1] == quote }) else { return nil }
        func isBlank(_ b: UInt8) -> Bool { b == UInt8(ascii: " ") || b == 0x09 }
        var lines = raw.split(separator: 0x0A, omittingEmptySubsequences: false).map { line in
            line.last == 0x0D ? line.dropLast() : line[...]
        }
        for i in lines.indices {
            if i > 0 { lines[i] = lines[i].drop(while: isBlank) }
            if i < lines.count - 1 { while let last = lines[i].last, isBlank(last) { lines[i] = lines[i].dropLast() } }
        }
        var folded: [UInt8] = Array(lines[0])
        var emptyLines = 0
        for (i, line) in lines.enumerated().dropFirst() {
            if line.isEmpty && i < lines.count - 1 {
                emptyLines += 1
                continue
            }
            folded += emptyLines > 0 ? [UInt8](repeating: 0x0A, count: emptyLines) : [UInt8(ascii: " ")]
            emptyLines = 0
            folded += line
        }
        var out: [UInt8] = []
        out.reserveCapacity(folded.count)
        var i = 0
        while i < folded.count {
            out.append(folded[i])
            i += folded[i] == quote && i + 1 < folded.count && folded[i + 1] == quote ? 2 : 1
        }
        return out
    }
}
