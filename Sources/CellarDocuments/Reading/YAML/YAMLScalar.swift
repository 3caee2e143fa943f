import Cellar
import Yams

/// A YAML scalar as row data, exactly as the eager reader (`NodeReader.value`)
/// reads it: quoted and block scalars are text; a plain scalar is null, a
/// flag, an integer or a number when the YAML core schema resolves it so.
enum YAMLScalar {
    /// Whether a plain scalar starting with `first` can resolve to anything but
    /// text (null, bool, int or float all start with one of these bytes).
    /// Most plain scalars are words: they skip the schema's regular expressions.
    @inline(__always)
    static func mayResolve(first: UInt8) -> Bool {
        switch first {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."),
            UInt8(ascii: "~"), UInt8(ascii: "n"), UInt8(ascii: "N"), UInt8(ascii: "y"), UInt8(ascii: "Y"),
            UInt8(ascii: "t"), UInt8(ascii: "T"), UInt8(ascii: "f"), UInt8(ascii: "F"), UInt8(ascii: "o"),
            UInt8(ascii: "O"):
            return true
        default: return false
        }
    }

    /// Whether an untagged plain scalar can resolve to anything but text: it
    /// starts as one of those does (`mayResolve(first:)`), and every byte is
    /// one the core schema's patterns are written in (ASCII digits and
    /// letters, `_+-.:~<=`, space and tab). Text with any other byte, a
    /// character outside ASCII above all, matches none of them.
    static func mayResolve(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let first = text.first else { return true }
        guard mayResolve(first: first) else { return false }
        for b in text {
            switch b {
            case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "_"), UInt8(ascii: "+"), UInt8(ascii: "-"),
                UInt8(ascii: "."), UInt8(ascii: ":"), UInt8(ascii: "~"), UInt8(ascii: "<"), UInt8(ascii: "="),
                UInt8(ascii: " "), 0x09:
                continue
            default: return false
            }
        }
        return true
    }

    /// A plain (unquoted) scalar's value; `tag` is its explicit tag, if any.
    /// Only called when `mayResolve` or a tag says it might not be text.
    static func plain(_ text: String, tag: String?) -> Value {
        let t = tag.map { Tag(Tag.Name(rawValue: $0)) } ?? .implicit
        let node = Node.scalar(Node.Scalar(text, t, .plain))
        // `value` throws only for aliases and mappings; a scalar is always read.
        return (try? NodeReader(path: "").value(node)) ?? .string(text)
    }

    /// Whether a plain scalar is YAML's null (`~`, `null`, empty), as `NodeReader.text` reads titles.
    static func isNull(_ text: String, tag: String?) -> Bool {
        if text.isEmpty && tag == nil { return true }
        if let first = text.utf8.first,
            first != UInt8(ascii: "~") && first != UInt8(ascii: "n")
                && first != UInt8(ascii: "N") && tag == nil
        {
            return false
        }
        return plain(text, tag: tag) == .null
    }
}
