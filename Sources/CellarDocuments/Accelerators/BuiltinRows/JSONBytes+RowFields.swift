import Cellar

/// A checked JSON row read for a style that takes its fields one by one (`RowFieldSink`, a Lua style):
/// its `cell` and `disabled` first, the other members noted where they are, handed over as bytes later.
extension JSONBytes {
    /// A field as `cellKeys` passed it, for `readFields` to hand over.
    struct RowMember {
        var key: StringToken
        var text: StringToken?
        var value: Int
    }

    /// `styleRow()`'s `cell` and `disabled`, the fields noted in `members`; nil for a non-object.
    mutating func cellKeys(members: inout [RowMember]) throws -> CellKeys? {
        members.removeAll(keepingCapacity: true)
        guard current == UInt8(ascii: "{") else { return nil }
        var row = CellKeys()
        enum Key { case cell, disabled, table, field }
        try forEachMember(checked: true) { j, token, _ in
            try j.colon()
            let key = j.withText(of: token) { key -> Key in
                guard StyleRow.isTableKey(utf8: key) else { return .field }
                return key.equals("cell") ? .cell : key.equals("disabled") ? .disabled : .table
            }
            switch key {
            case .cell:
                let text = j.current == UInt8(ascii: "\"")
                row.cell = text ? j.decode(try j.string(checked: true)) : try j.value(depth: 1).stringValue
            case .disabled: row.disabled = try j.value(depth: 1).boolValue == true
            case .table:
                if j.current == UInt8(ascii: "\"") { _ = try j.string(checked: true) } else { try j.skip(depth: 1) }
            case .field:
                let start = j.pos
                if j.current == UInt8(ascii: "\"") {
                    members.append(RowMember(key: token, text: try j.string(checked: true), value: start))
                } else {
                    try j.skip(depth: 1)
                    members.append(RowMember(key: token, text: nil, value: start))
                }
            }
        }
        return row
    }

    /// Hands the fields `cellKeys` noted to `sink`: text as its bytes, other values decoded.
    func readFields(_ members: [RowMember], into sink: inout some RowFieldSink) throws {
        for m in members {
            try withText(of: m.key) { key in
                if let text = m.text { return try withText(of: text) { try sink.field(key, text: $0) } }
                var j = self
                j.pos = m.value
                try sink.field(key, value: try j.value(depth: 1))
            }
        }
    }
}
