import CellarText

/// Cellar reads its arguments as UTF-8 text. The standard library hands an
/// argument that is not (a file name in Latin-1, say) over with U+FFFD in
/// place of its bytes, a name no file has: such an argument is refused by
/// name, its bytes shown, with the way round it, instead of reported as a
/// missing file.
enum ArgumentEncoding {
    /// The first argument after the program's name that is not UTF-8, as
    /// text with each byte that is not part of a character written `\xNN`.
    static func firstInvalid() -> String? {
        for i in stride(from: 1, to: Int(CommandLine.argc), by: 1) {
            guard let argument = CommandLine.unsafeArgv[i], String(validatingCString: argument) == nil else { continue }
            var length = 0
            while argument[length] != 0 { length += 1 }
            return argument.withMemoryRebound(to: UInt8.self, capacity: length) {
                shown(UnsafeBufferPointer(start: $0, count: length))
            }
        }
        return nil
    }

    /// `bytes` as text: characters as they are, bytes that are not UTF-8 as `\xNN`.
    static func shown(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        var out = ""
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        var offset = 0
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let encoded):
                out.unicodeScalars.append(Unicode.UTF8.decode(encoded))
                offset += encoded.count
            case .error(let length):
                for b in bytes[offset..<(offset + length)] {
                    out += "\\x" + (b < 0x10 ? "0" : "") + String(b, radix: 16, uppercase: true)
                }
                offset += length
            case .emptyInput:
                return out
            }
        }
    }

    /// The refusal's text, naming `shown`.
    static func message(_ shown: String) -> String {
        "'\(Sanitizer.excerpt(shown))' is not UTF-8 text, and Cellar reads its arguments as UTF-8 "
            + "(rename the file; `cellar render -` reads a table from standard input)"
    }
}
