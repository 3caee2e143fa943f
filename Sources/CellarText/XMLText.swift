/// Text made safe for XML and HTML character data and attribute values:
/// markup characters escaped, and every scalar XML 1.0 may not hold
/// (C0 and C1 controls, U+FFFE, U+FFFF) replaced by U+FFFD, so no control
/// character from input ever reaches a picture. Cells reach `appendScalar`
/// already sanitised; other text goes through `escape`, which sanitises it.
public enum XMLText {
    @inline(__always)
    static func appendScalar(_ v: UInt32, to out: ByteBuffer) {
        switch v {
        case 0x3C: out.append("&lt;")
        case 0x3E: out.append("&gt;")
        case 0x26: out.append("&amp;")
        case 0x22: out.append("&quot;")
        case 0x20..<0x7F: out.append(UInt8(truncatingIfNeeded: v))
        case 0..<0x20, 0x7F..<0xA0, 0xFFFE, 0xFFFF, 0xD800..<0xE000, 0x110000...:
            out.reserve(4)
            out.putScalar(0xFFFD)
        default:
            out.reserve(4)
            out.putScalar(v)
        }
    }

    /// `text` as character data or a quoted attribute value: sanitised as a
    /// terminal shows it (controls, bidi controls and line separators made
    /// visible, tabs expanded), then escaped, so a title, a name or a note
    /// reads the same in a picture, a page and a terminal; `keepingNewlines`
    /// lets line feeds through (for `<pre>`).
    public static func escape(_ text: String, keepingNewlines: Bool = false) -> String {
        let out = ByteBuffer(capacity: text.utf8.count + 16)
        let lines = keepingNewlines ? text.split(separator: "\n", omittingEmptySubsequences: false) : [text[...]]
        for (i, line) in lines.enumerated() {
            if i > 0 { out.append(0x0A) }
            for scalar in Sanitizer.sanitize(String(line)).unicodeScalars { appendScalar(scalar.value, to: out) }
        }
        return out.string
    }
}
