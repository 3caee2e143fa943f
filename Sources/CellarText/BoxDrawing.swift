/// Box-drawing and block characters drawn as geometry in pictures: a font's
/// glyphs for them rarely fill the line height, so borders drawn as text
/// show gaps between lines. Drawn as strokes through the cell's centre to
/// its edges, neighbouring cells meet exactly.
///
/// Cell geometry is in picture units: a cell is `BoxDrawing.cellWidth` by
/// `BoxDrawing.cellHeight`.
enum BoxDrawing {
    static let cellWidth = 10
    static let cellHeight = 20

    /// Arms of a line character: weight (1 light, 2 heavy) towards the left,
    /// right, up and down, two bits each; bit 8 marks a rounded corner.
    struct Arms {
        var raw: UInt16
        var left: Int { Int(raw & 3) }
        var right: Int { Int(raw >> 2 & 3) }
        var up: Int { Int(raw >> 4 & 3) }
        var down: Int { Int(raw >> 6 & 3) }
        var rounded: Bool { raw & 0x100 != 0 }
    }

    /// Arms of U+2500…U+257F characters this draws (0 = drawn as text).
    static func arms(_ scalar: UInt32) -> Arms? {
        guard scalar >= 0x2500, scalar <= 0x257F else { return nil }
        let raw = table[Int(scalar - 0x2500)]
        return raw == 0 ? nil : Arms(raw: raw)
    }

    /// Block elements: the filled part in half cells (x, y, width, height).
    static func block(_ scalar: UInt32) -> (x: Int, y: Int, width: Int, height: Int)? {
        switch scalar {
        case 0x2580: return (0, 0, 2, 1)  // ▀
        case 0x2584: return (0, 1, 2, 1)  // ▄
        case 0x2588: return (0, 0, 2, 2)  // █
        case 0x258C: return (0, 0, 1, 2)  // ▌
        case 0x2590: return (1, 0, 1, 2)  // ▐
        default: return nil
        }
    }

    static func isDrawn(_ scalar: UInt32) -> Bool {
        scalar >= 0x2500 && scalar <= 0x259F && (arms(scalar) != nil || block(scalar) != nil)
    }

    private static func a(_ l: UInt16, _ r: UInt16, _ u: UInt16, _ d: UInt16, rounded: Bool = false) -> UInt16 {
        l | r << 2 | u << 4 | d << 6 | (rounded ? 0x100 : 0)
    }

    /// Indexed by scalar - U+2500. Dashed and double lines stay text.
    private static let table: [UInt16] = {
        var t = [UInt16](repeating: 0, count: 0x80)
        func set(_ s: Int, _ v: UInt16) { t[s - 0x2500] = v }
        set(0x2500, a(1, 1, 0, 0)); set(0x2501, a(2, 2, 0, 0))
        set(0x2502, a(0, 0, 1, 1)); set(0x2503, a(0, 0, 2, 2))
        set(0x250C, a(0, 1, 0, 1)); set(0x250F, a(0, 2, 0, 2))
        set(0x2510, a(1, 0, 0, 1)); set(0x2513, a(2, 0, 0, 2))
        set(0x2514, a(0, 1, 1, 0)); set(0x2517, a(0, 2, 2, 0))
        set(0x2518, a(1, 0, 1, 0)); set(0x251B, a(2, 0, 2, 0))
        set(0x251C, a(0, 1, 1, 1)); set(0x2523, a(0, 2, 2, 2))
        set(0x2524, a(1, 0, 1, 1)); set(0x252B, a(2, 0, 2, 2))
        set(0x252C, a(1, 1, 0, 1)); set(0x2533, a(2, 2, 0, 2))
        set(0x2534, a(1, 1, 1, 0)); set(0x253B, a(2, 2, 2, 0))
        set(0x253C, a(1, 1, 1, 1)); set(0x254B, a(2, 2, 2, 2))
        set(0x256D, a(0, 1, 0, 1, rounded: true)); set(0x256E, a(1, 0, 0, 1, rounded: true))
        set(0x256F, a(1, 0, 1, 0, rounded: true)); set(0x2570, a(0, 1, 1, 0, rounded: true))
        set(0x2574, a(1, 0, 0, 0)); set(0x2575, a(0, 0, 1, 0))
        set(0x2576, a(0, 1, 0, 0)); set(0x2577, a(0, 0, 0, 1))
        set(0x2578, a(2, 0, 0, 0)); set(0x2579, a(0, 0, 2, 0))
        set(0x257A, a(0, 2, 0, 0)); set(0x257B, a(0, 0, 0, 2))
        return t
    }()
}

/// Path data for a run of line characters on one row, one path per weight;
/// horizontal strokes running on from one cell to the next become one.
struct BoxPath {
    let light = ByteBuffer(capacity: 256)
    let heavy = ByteBuffer(capacity: 64)
    /// Where the open horizontal stroke of each weight ends (-1: none).
    private var openEnd = (light: -1, heavy: -1)

    mutating func removeAll() {
        light.removeAll(); heavy.removeAll()
        openEnd = (-1, -1)
    }

    var isEmpty: Bool { light.count == 0 && heavy.count == 0 }

    /// Adds the strokes of one character in the cell whose top left is (x, y).
    mutating func add(_ arms: BoxDrawing.Arms, x: Int, y: Int) {
        let w = BoxDrawing.cellWidth, h = BoxDrawing.cellHeight
        let cx = x + w / 2, cy = y + h / 2
        if arms.rounded {
            // A quarter curve from the horizontal arm's edge to the vertical one's.
            let ex = arms.left > 0 ? x : x + w, ey = arms.up > 0 ? y : y + h
            let out = buffer(arms.left | arms.right)
            move(out, ex, cy); out.append(" Q"); pair(out, cx, cy); out.append(0x20); pair(out, cx, ey)
            closeHorizontal(arms.left | arms.right)
            return
        }
        if arms.left > 0 && arms.left == arms.right {
            horizontal(arms.left, from: x, to: x + w, y: cy)
        } else {
            if arms.left > 0 { horizontal(arms.left, from: x, to: cx, y: cy) }
            if arms.right > 0 { horizontal(arms.right, from: cx, to: x + w, y: cy) }
        }
        if arms.up > 0 && arms.up == arms.down {
            vertical(arms.up, x: cx, from: y, to: y + h)
        } else {
            if arms.up > 0 { vertical(arms.up, x: cx, from: y, to: cy) }
            if arms.down > 0 { vertical(arms.down, x: cx, from: cy, to: y + h) }
        }
    }

    private func buffer(_ weight: Int) -> ByteBuffer { weight >= 2 ? heavy : light }

    private mutating func horizontal(_ weight: Int, from x0: Int, to x1: Int, y: Int) {
        let out = buffer(weight)
        let end = weight >= 2 ? openEnd.heavy : openEnd.light
        if end == x0, out.count > 0 {
            // Extend the open stroke: rewrite its end.
            out.count = lastH(out)
        } else {
            move(out, x0, y)
        }
        out.append(" H"); out.appendDecimal(x1)
        if weight >= 2 { openEnd.heavy = x1 } else { openEnd.light = x1 }
    }

    private mutating func vertical(_ weight: Int, x: Int, from y0: Int, to y1: Int) {
        let out = buffer(weight)
        move(out, x, y0); out.append(" V"); out.appendDecimal(y1)
        closeHorizontal(weight)
    }

    private mutating func closeHorizontal(_ weight: Int) {
        if weight >= 2 { openEnd.heavy = -1 } else { openEnd.light = -1 }
    }

    private func move(_ out: ByteBuffer, _ x: Int, _ y: Int) {
        out.append(out.count == 0 ? "M" : " M"); pair(out, x, y)
    }

    private func pair(_ out: ByteBuffer, _ x: Int, _ y: Int) {
        out.appendDecimal(x); out.append(0x20); out.appendDecimal(y)
    }

    /// Where the last ` H` of the buffer starts.
    private func lastH(_ out: ByteBuffer) -> Int {
        var i = out.count - 1
        while i > 0 && !(out.base[i] == UInt8(ascii: "H") && out.base[i - 1] == 0x20) { i -= 1 }
        return max(0, i - 1)
    }
}
