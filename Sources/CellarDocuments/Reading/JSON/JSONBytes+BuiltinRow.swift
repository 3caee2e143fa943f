import Cellar
import CellarText

extension JSONBytes {
    /// A built-in style's row as it comes: its fields, `cell` and `disabled`.
    struct BuiltinRow {
        var fields = RowDataFields()
        var cell: String?
        var disabled = false
    }

    /// Reads the row object at `pos` straight into a built-in style's
    /// fields (`row`, which starts empty), without building the row's
    /// mapping; false when the row is not one a built-in style draws (its
    /// `cell` names another style) or has a key that is neither a field nor
    /// a table key: the caller then decodes it as a `StyleRow`. The same
    /// values as `styleRow()` gives (a key written twice keeps its last
    /// value). Only for rows the load has checked: separators are passed,
    /// not checked.
    mutating func builtinRow(_ builtins: inout BuiltinIdentifiers, into row: inout BuiltinRow) throws -> Bool {
        guard current == UInt8(ascii: "{") else { return false }
        pos += 1
        skipSpace()
        while current != UInt8(ascii: "}") {
            let token = try checkedString()
            skipSpace()
            // The checked row's colon is passed in line; `expect` builds its message's text.
            if current == UInt8(ascii: ":") { pos += 1 } else { try expect(UInt8(ascii: ":"), "':' after the key") }
            skipSpace()
            if let field = field(named: token) {
                // Text, the usual field value, is read without `value`'s dispatch.
                let v =
                    current == UInt8(ascii: "\"")
                    ? Value.string(text(of: try checkedString(), for: field)) : try value(depth: 1)
                row.fields.set(field, to: v)
            } else if !token.escaped && bytes.bytes(token.range, equal: "cell") {
                // Rows name their style first: a row of another style is given up at once.
                guard try builtinCell(&builtins, into: &row) else { return false }
            } else {
                let key = decode(token)
                guard StyleRow.isTableKey(key) else { return false }
                if key == "cell" {
                    guard try builtinCell(&builtins, into: &row) else { return false }
                } else if key == "disabled" {
                    row.disabled = try value(depth: 1).boolValue == true
                } else {
                    try skip(depth: 1)
                }
            }
            skipSpace()
            if current == UInt8(ascii: ",") {
                pos += 1
                skipSpace()
            }
        }
        pos += 1
        // A `cell` given was checked where it was read.
        return row.cell != nil || builtins.contains(nil)
    }

    /// Reads a `cell` value into `row`; false when no built-in style draws
    /// it. A name met before (rows repeat a few) is matched as bytes and
    /// its text shared, not made again.
    private mutating func builtinCell(_ builtins: inout BuiltinIdentifiers, into row: inout BuiltinRow) throws -> Bool {
        if current == UInt8(ascii: "\"") {
            let token = try checkedString()
            if !token.escaped, let known = builtins.known(bytes, token.range) {
                row.cell = known.id
                return known.builtin
            }
            row.cell = decode(token)
        } else {
            row.cell = try value(depth: 1).stringValue
        }
        return builtins.contains(row.cell)
    }

    /// `string()` for a row the load has checked: the closing quote is
    /// found without checking the text again (its UTF-8, control characters
    /// and escapes were checked), and the string is passed.
    mutating func checkedString() throws -> StringToken {
        let start = pos
        let words = WordScanner(bytes)
        var i = pos &+ 1
        var escaped = false
        while true {
            i = words.find(from: i, UInt8(ascii: "\""), UInt8(ascii: "\\"))
            guard i < bytes.count else { break }
            if bytes[i] == UInt8(ascii: "\"") {
                pos = i &+ 1
                return StringToken(range: (start &+ 1)..<i, escaped: escaped)
            }
            // An escape: its second byte may be a quote; `\u` digits are plain bytes.
            escaped = true
            i &+= 2
        }
        // Only a file changed since the load ends here.
        pos = bytes.count
        throw error("unterminated string", at: start)
    }

    /// A field's string value: an accessory type's name as the shared
    /// string (`AccessoryType.names`, no string made per row), any other text decoded.
    private func text(of token: StringToken, for field: RowDataFields.Field) -> String {
        if Accelerators.enabled, !token.escaped, field == .accessory || field == .editingAccessory,
            let known = AccessoryType.named(utf8: UnsafeBufferPointer(rebasing: bytes[token.range]))
        {
            return known.name
        }
        return decode(token)
    }

    /// The built-in field a key token names, compared as bytes (an escaped key as its text).
    private func field(named token: StringToken) -> RowDataFields.Field? {
        guard token.escaped else {
            return RowDataFields.field(named: UnsafeBufferPointer(rebasing: bytes[token.range]))
        }
        var key = decode(token)
        return key.withUTF8 { RowDataFields.field(named: $0) }
    }
}
