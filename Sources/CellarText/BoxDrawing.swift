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
        set(0x2500, a(1, 1, 0, 0))
        set(0x2501, a(2, 2, 0, 0))
        set(0x2502, a(0, 0, 1, 1))
        set(0x2503, a(0, 0, 2, 2))
        set(0x250C, a(0, 1, 0, 1))
        set(0x250F, a(0, 2, 0, 2))
        set(0x2510, a(1, 0, 0, 1))
        set(0x2513, a(2, 0, 0, 2))
        set(0x2514, a(0, 1, 1, 0))
        set(0x2517, a(0, 2, 2, 0))
        set(0x2518, a(1, 0, 1, 0))
        set(0x251B, a(2, 0, 2, 0))
        set(0x251C, a(0, 1, 1, 1))
        set(0x2523, a(0, 2, 2, 2))
        set(0x2524, a(1, 0, 1, 1))
        set(0x252B, a(2, 0, 2, 2))
        set(0x252C, a(1, 1, 0, 1))
        set(0x2533, a(2, 2, 0, 2))
        set(0x2534, a(1, 1, 1, 0))
        set(0x253B, a(2, 2, 2, 0))
        set(0x253C, a(1, 1, 1, 1))
        set(0x254B, a(2, 2, 2, 2))
        set(0x256D, a(0, 1, 0, 1, rounded: true))
        set(0x256E, a(1, 0, 0, 1, rounded: true))
        set(0x256F, a(1, 0, 1, 0, rounded: true))
        set(0x2570, a(0, 1, 1, 0, rounded: true))
        set(0x2574, a(1, 0, 0, 0))
        set(0x2575, a(0, 0, 1, 0))
        set(0x2576, a(0, 1, 0, 0))
        set(0x2577, a(0, 0, 0, 1))
        set(0x2578, a(2, 0, 0, 0))
        set(0x2579, a(0, 0, 2, 0))
        set(0x257A, a(0, 2, 0, 0))
        set(0x257B, a(0, 0, 0, 2))
        return t
    }()
}

/// Path data for the line characters of one row, one path per weight;
/// horizontal strokes running on from one cell to the next become one.
/// Made afresh per row (a local value: no exclusivity checks per cell) over
/// buffers the painter keeps.
struct BoxPath {
    let light: ByteBuffer
    let heavy: ByteBuffer
    /// Where the open horizontal stroke of each weight ends (-1: none), and
    /// where its ` H` starts in its buffer.
    private var lightEnd = -1, lightH = 0
    private var heavyEnd = -1, heavyH = 0

    init(light: ByteBuffer, heavy: ByteBuffer) {
        self.light = light
        self.heavy = heavy
        light.removeAll()
        heavy.removeAll()
    }

    var isEmpty: Bool { light.count == 0 && heavy.count == 0 }

    /// Adds the strokes of one character in the cell whose top left is (x, y).
    mutating func add(_ arms: BoxDrawing.Arms, x: Int, y: Int) {
        let w = BoxDrawing.cellWidth
        let h = BoxDrawing.cellHeight
        let cx = x + w / 2
        let cy = y + h / 2
        if arms.rounded {
            // A quarter curve from the horizontal arm's edge to the vertical one's.
            let ex = arms.left > 0 ? x : x + w
            let ey = arms.up > 0 ? y : y + h
            let out = buffer(arms.left | arms.right)
            move(out, ex, cy)
            out.add(" Q")
            pair(out, cx, cy)
            out.append(0x20)
            pair(out, cx, ey)
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

    /// A horizontal stroke at height y; one that starts where the open
    /// stroke of its weight ends extends it instead.
    mutating func horizontal(_ weight: Int, from x0: Int, to x1: Int, y: Int) {
        let out = buffer(weight)
        let heavyWeight = weight >= 2
        if (heavyWeight ? heavyEnd : lightEnd) == x0 {
            out.count = heavyWeight ? heavyH : lightH
        } else {
            move(out, x0, y)
        }
        if heavyWeight {
            heavyH = out.count
            heavyEnd = x1
        } else {
            lightH = out.count
            lightEnd = x1
        }
        out.add(" H")
        out.addDecimal(x1)
    }

    private mutating func vertical(_ weight: Int, x: Int, from y0: Int, to y1: Int) {
        let out = buffer(weight)
        move(out, x, y0)
        out.add(" V")
        out.addDecimal(y1)
        closeHorizontal(weight)
    }

    private mutating func closeHorizontal(_ weight: Int) {
        if weight >= 2 { heavyEnd = -1 } else { lightEnd = -1 }
    }

    private func move(_ out: ByteBuffer, _ x: Int, _ y: Int) {
        if out.count == 0 { out.add("M") } else { out.add(" M") }
        pair(out, x, y)
    }

    private func pair(_ out: ByteBuffer, _ x: Int, _ y: Int) {
        out.addDecimal(x)
        out.append(0x20)
        out.addDecimal(y)
    }
}
