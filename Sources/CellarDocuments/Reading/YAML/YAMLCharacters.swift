import Cellar

/// The characters a YAML 1.2 stream may hold (`c-printable`; a byte order
/// mark only where it starts): any other, or invalid UTF-8, is refused at its place.
enum YAMLCharacters {
    /// Read a run of whole lines at a time, the pages behind given back.
    static func check(_ bytes: UnsafeBufferPointer<UInt8>, path: String, dropping behind: DropBehind? = nil) throws {
        var bad: ByteError?
        _ = DropBehind.allLines(of: bytes, dropping: behind) { lines, offset in
            bad = firstForbidden(lines, markFirst: offset == 0).map {
                ByteError(offset: offset + $0.offset, message: $0.message)
            }
            return bad == nil
        }
        guard let bad else { return }
        throw ByteLocation.error(bad, in: bytes, path: path)
    }

    /// Who reads a text, and so which characters are refused beside those YAML leaves out.
    enum Reader {
        /// libfyaml: YAML's characters only.
        case libfyaml
        /// `YAMLBlockScanner`, on the lines it reads itself: also tabs, a carriage return but
        /// before a line feed, U+0085, U+2028 and U+2029 (line breaks to a YAML 1.1 reader) and U+00A0.
        case scanner
        /// libfyaml on a node the scanner declined (`YAMLFragment`), cut at line
        /// feeds: also the line breaks `scanner` refuses, so libfyaml's lines are the scanner's.
        case fragment
    }

    /// A byte order mark is passed at the start of `bytes` only when they are the text's first (`markFirst`).
    /// For a `reader` other than libfyaml, the message is empty: that reader declines the text, often a line
    /// at a time, and reports nothing.
    static func firstForbidden(
        _ bytes: UnsafeBufferPointer<UInt8>, markFirst: Bool = true, reader: Reader = .libfyaml
    ) -> ByteError? {
        guard let base = bytes.baseAddress else { return nil }
        let count = bytes.count
        let scanner = WordScanner(bytes)
        var i = markFirst ? bytes.byteOrderMarkLength : 0
        while i < count {
            // Printable ASCII and line feeds are passed a word at a time.
            i = ByteFlags.firstFlagged(base, from: i, before: count, words: scanner.words) {
                ByteFlags.controlButLineFeed($0) | ByteFlags.delOrHigh($0)
            }
            guard i < count else { break }
            let b = base[i]
            if b >= 0x20 && b < 0x7F || b == 0x0A || b == 0x09 && reader != .scanner
                || b == 0x0D && (reader == .libfyaml || i + 1 < count && base[i + 1] == 0x0A)
            {
                i += 1
                continue
            }
            guard b >= 0x80 else { return refused(UInt32(b), at: i, by: reader) }
            // Scalars that are printable and that no reader declines: U+1000–1FFF and U+3000–D7FF (Hangul,
            // CJK) passed as a run of them (the word scans' accelerator), U+10000 on (emoji) one at a time.
            if scanner.words, case let run = scanner.threeByteRun(from: i), run > i {
                i = run
                continue
            }
            let length = scanner.utf8Length(at: i)
            guard length > 0 else { return ByteError(offset: i, message: "invalid UTF-8") }
            if b >= 0xF0 {
                i += length
                continue
            }
            var scalar = UInt32(b) & (0xFF >> (length + 1))
            for k in 1..<length { scalar = scalar << 6 | UInt32(base[i + k] & 0x3F) }
            if !isPrintable(scalar) || scalar == 0xFEFF
                || reader != .libfyaml && (scalar == 0x85 || scalar == 0x2028 || scalar == 0x2029)
                || reader == .scanner && scalar == 0xA0
            {
                return refused(scalar, at: i, by: reader)
            }
            i += length
        }
        return nil
    }

    private static func refused(_ c: UInt32, at offset: Int, by reader: Reader) -> ByteError {
        ByteError(offset: offset, message: reader == .libfyaml ? describe(c) : "")
    }

    static func isPrintable(_ c: UInt32) -> Bool {
        c == 0x85 || (0xA0...0xD7FF).contains(c) || (0xE000...0xFFFD).contains(c) || c >= 0x10000
    }

    static func describe(_ c: UInt32) -> String {
        let code = "U+" + JSONBytes.hex4(Int(c))
        if c == 0xFEFF { return "YAML allows a byte order mark (\(code)) only where the text starts" }
        return "YAML does not allow the character \(code) (write it as an escape in double quotes)"
    }
}
