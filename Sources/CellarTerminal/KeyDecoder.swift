/// Turns the bytes a terminal sends into keys. Reads may split an escape
/// sequence or a UTF-8 character anywhere: the unfinished tail waits for
/// the next `feed`. A lone ESC is ambiguous (the Escape key, or the start
/// of a sequence still on its way): it waits too, and the caller calls
/// `flushPending()` when no more bytes come within a short time.
public struct KeyDecoder: Sendable {
    private var pending: [UInt8] = []
    /// Longest escape sequence kept waiting; longer is garbage, dropped.
    static let maximumSequence = 64

    /// Creates a decoder with nothing pending.
    public init() {}

    /// Whether bytes wait for the rest of their sequence.
    public var hasPending: Bool { !pending.isEmpty }

    /// The keys `bytes` complete (with what was pending before them).
    public mutating func feed(_ bytes: some Sequence<UInt8>) -> [Key] {
        pending.append(contentsOf: bytes)
        var keys: [Key] = []
        var i = 0
        while i < pending.count {
            guard let (key, length) = Self.decode(pending, at: i) else { break }
            if let key { keys.append(key) }
            i += length
        }
        pending.removeFirst(i)
        if pending.count > Self.maximumSequence {
            pending.removeAll()
            keys.append(.unknown)
        }
        return keys
    }

    /// What is pending, taken as complete: a lone ESC is the Escape key.
    public mutating func flushPending() -> [Key] {
        defer { pending.removeAll() }
        guard let first = pending.first else { return [] }
        if first == 0x1B && pending.count == 1 { return [.escape] }
        return [.unknown]
    }

    /// The key at `i` and the bytes it takes; nil = incomplete, wait.
    static func decode(_ b: [UInt8], at i: Int) -> (Key?, Int)? {
        let c = b[i]
        switch c {
        case 0x1B: return decodeEscape(b, at: i)
        case 0x0D, 0x0A: return (.enter, 1)
        case 0x09: return (.tab, 1)
        case 0x7F, 0x08: return (.backspace, 1)
        case 0x00: return (.unknown, 1)
        case 0x01...0x1A: return (.control(Character(Unicode.Scalar(c + 0x60))), 1)
        case 0x1C...0x1F: return (.unknown, 1)
        case 0x20...0x7E: return (.character(Character(Unicode.Scalar(c))), 1)
        default: return decodeUTF8(b, at: i)
        }
    }

    private static func decodeUTF8(_ b: [UInt8], at i: Int) -> (Key?, Int)? {
        let c = b[i]
        let length: Int
        switch c {
        case 0xC2...0xDF: length = 2
        case 0xE0...0xEF: length = 3
        case 0xF0...0xF4: length = 4
        default: return (.unknown, 1)
        }
        var n = 1
        while n < length {
            guard i + n < b.count else { return nil }
            guard b[i + n] & 0xC0 == 0x80 else { return (.unknown, n) }
            n += 1
        }
        var text = String(decoding: b[i..<(i + length)], as: UTF8.self).unicodeScalars.makeIterator()
        guard let scalar = text.next(), scalar != "\u{FFFD}" else { return (.unknown, length) }
        // C1 controls (U+0080–U+009F) and other invisibles are no text to act on.
        if scalar.properties.generalCategory == .control { return (.unknown, length) }
        return (.character(Character(scalar)), length)
    }

    private static func decodeEscape(_ b: [UInt8], at i: Int) -> (Key?, Int)? {
        guard i + 1 < b.count else { return nil }
        switch b[i + 1] {
        case UInt8(ascii: "["): return decodeCSI(b, at: i)
        case UInt8(ascii: "O"):
            guard i + 2 < b.count else { return nil }
            return (ss3Key(b[i + 2]), 3)
        case 0x1B: return (.escape, 1)
        default:
            // Alt+key: the Escape key, then the key itself.
            return (.escape, 1)
        }
    }

    private static func ss3Key(_ final: UInt8) -> Key {
        switch final {
        case UInt8(ascii: "A"): return .up
        case UInt8(ascii: "B"): return .down
        case UInt8(ascii: "C"): return .right
        case UInt8(ascii: "D"): return .left
        case UInt8(ascii: "H"): return .home
        case UInt8(ascii: "F"): return .end
        default: return .unknown
        }
    }

    /// ESC [ parameters intermediates final.
    private static func decodeCSI(_ b: [UInt8], at i: Int) -> (Key?, Int)? {
        var j = i + 2
        while j < b.count, (0x20...0x3F).contains(b[j]) { j += 1 }
        guard j < b.count else { return nil }
        let final = b[j]
        let length = j - i + 1
        guard (0x40...0x7E).contains(final) else { return (.unknown, length - 1) }
        let params = Array(b[(i + 2)..<j])
        if params.first == UInt8(ascii: "<") {
            return (mouse(params.dropFirst(), released: final == UInt8(ascii: "m")), length)
        }
        if final == UInt8(ascii: "~") { return (tildeKey(params), length) }
        if final == UInt8(ascii: "Z") { return (.backTab, length) }
        if params.isEmpty, final == UInt8(ascii: "I") { return (.focusIn, length) }
        if params.isEmpty, final == UInt8(ascii: "O") { return (.focusOut, length) }
        return (ss3Key(final), length)
    }

    private static func tildeKey(_ params: [UInt8]) -> Key {
        switch numbers(params[...]).first ?? 0 {
        case 1, 7: return .home
        case 4, 8: return .end
        case 5: return .pageUp
        case 6: return .pageDown
        case 3: return .delete
        default: return .unknown
        }
    }

    /// `b;x;y` of an SGR mouse report (1-based x and y).
    private static func mouse(_ params: ArraySlice<UInt8>, released: Bool) -> Key {
        let n = numbers(params)
        guard n.count == 3, n[1] >= 1, n[2] >= 1 else { return .unknown }
        let button = n[0]
        let x = n[1] - 1
        let y = n[2] - 1
        let kind: MouseEvent.Kind
        if button & 64 != 0 {
            kind = button & 1 == 0 ? .wheelUp : .wheelDown
        } else if button & 32 != 0 {
            kind = .drag
        } else {
            kind = released ? .release(button: button & 3) : .press(button: button & 3)
        }
        return .mouse(MouseEvent(kind: kind, x: x, y: y))
    }

    /// Decimal numbers separated by `;` (a field too long to be real counts as 0).
    private static func numbers(_ params: ArraySlice<UInt8>) -> [Int] {
        params.split(separator: UInt8(ascii: ";"), omittingEmptySubsequences: false).map { field in
            guard field.count <= 6 else { return 0 }
            return field.reduce(0) { n, d in (0x30...0x39).contains(d) ? n * 10 + Int(d - 0x30) : n }
        }
    }
}
