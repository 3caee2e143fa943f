import CellarText

/// Lays out a view tree at a width: height (lines) and drawing into a canvas.
/// Built-in and Lua styles both end here, so they look alike by construction.
/// A value holding the width setting, made once per render: every width it
/// computes agrees with the canvas it draws into, with no Bool threaded by hand.
public struct LayoutEngine: Sendable {
    /// East Asian Ambiguous characters (±, °, α, Ж, ①) take two columns,
    /// as CJK terminals draw them.
    public var ambiguousWide: Bool

    /// Creates an engine; `ambiguousWide` must match the canvas it draws into.
    public init(ambiguousWide: Bool = false) { self.ambiguousWide = ambiguousWide }

    /// Lines the node needs at `width` columns.
    public func measure(_ node: ViewNode, width: Int) -> Int {
        guard width > 0 else { return 0 }
        switch node {
        case .empty: return 0
        case .spacer: return 0  // a vertical stack counts its spacers itself
        case .image: return 1
        case .label(let label): return labelLineCount(label, width: width)
        case .padding(let insets, let child):
            let inner = measure(child, width: width - insets.leading - insets.trailing)
            return inner + insets.top + insets.bottom
        case .stack(let stack):
            switch stack.axis {
            case .vertical:
                var total = 0
                var visible = 0
                // Children are read from the array in place and a label, the
                // common leaf, measured there: `for child in` copies each one
                // (a retain per string), per row, in measure and again in draw.
                for i in stack.children.indices {
                    if case .spacer(let m) = stack.children[i] {
                        total += m
                        continue
                    }
                    let h: Int
                    if case .label(let label) = stack.children[i] {
                        h = labelLineCount(label, width: width)
                    } else {
                        h = measure(stack.children[i], width: width)
                    }
                    if h > 0 {
                        total += h
                        visible += 1
                    }
                }
                return total + max(0, visible - 1) * stack.spacing
            case .horizontal:
                // Children read in place, as in the vertical case.
                return withColumnWidths(stack, width: width) { widths in
                    var h = 0
                    for i in stack.children.indices {
                        if case .label(let label) = stack.children[i] {
                            h = max(h, widths[i] > 0 ? labelLineCount(label, width: widths[i]) : 0)
                        } else {
                            h = max(h, measure(stack.children[i], width: widths[i]))
                        }
                    }
                    return h
                }
            }
        }
    }

    /// Draws `node` into the rectangle, clipped to it.
    public func draw(
        _ node: ViewNode, into canvas: inout Canvas,
        x: Int, y: Int, width: Int, height: Int
    ) {
        guard width > 0, height > 0 else { return }
        switch node {
        case .empty, .spacer: return
        case .image(let glyph, let style):
            canvas.draw(glyph, x: x, y: y, maxWidth: width, style: style)
        case .label(let label):
            draw(label, into: &canvas, x: x, y: y, width: width, height: height)
        case .padding(let insets, let child):
            draw(
                child, into: &canvas, x: x + insets.leading, y: y + insets.top,
                width: width - insets.leading - insets.trailing, height: height - insets.top - insets.bottom)
        case .stack(let stack):
            switch stack.axis {
            case .vertical:
                var row = y
                let bottom = y + height
                var first = true
                // Where a child of `h` lines goes (nil: it takes no room).
                func place(_ h: Int) -> Int? {
                    if h == 0 { return nil }
                    if !first { row += stack.spacing }
                    first = false
                    defer { row += h }
                    return row
                }
                for i in stack.children.indices {
                    if row >= bottom { break }
                    if case .label(let label) = stack.children[i] {
                        // The common leaf, bound once (each binding copies it)
                        // and measured inline (a call would take another copy).
                        // Text over lines is laid out once, its lines both
                        // counted and drawn; placed narrower (at its natural
                        // width), it is laid out there again, as a line cut
                        // short of its paragraphs shows its `…` at that width.
                        let lines = overLines(label, width: width) ? labelLines(label, width: width) : nil
                        let h = lines?.count ?? (label.text.isEmpty ? 0 : 1)
                        guard let top = place(h) else { continue }
                        let (cx, cw) = horizontalPlacement(
                            stack.alignment, x: x, width: width, natural: naturalWidth(label))
                        draw(
                            label, into: &canvas, x: cx, y: top, width: cw, height: min(h, bottom - top),
                            lines: cw == width ? lines : nil)
                        continue
                    }
                    if case .spacer(let m) = stack.children[i] {
                        row += m
                        continue
                    }
                    let h = measure(stack.children[i], width: width)
                    guard let top = place(h) else { continue }
                    let (cx, cw) = horizontalPlacement(
                        stack.alignment, x: x, width: width,
                        natural: naturalWidth(stack.children[i]))
                    draw(stack.children[i], into: &canvas, x: cx, y: top, width: cw, height: min(h, bottom - top))
                }
            case .horizontal:
                withColumnWidths(stack, width: width) { widths in
                    var col = x
                    // `.fill` stretches every child to the stack's height
                    // (UIStackView's .fill): a label's background then covers it.
                    let fills = stack.alignment == .fill
                    for i in stack.children.indices {
                        let w = widths[i]
                        guard w > 0 else { continue }
                        var cy = y
                        if stack.alignment == .center || stack.alignment == .bottom {
                            let h = measure(stack.children[i], width: w)
                            cy += stack.alignment == .center ? max(0, (height - h) / 2) : max(0, height - h)
                        }
                        if case .label(let label) = stack.children[i] {
                            draw(label, into: &canvas, x: col, y: cy, width: w, height: height - (cy - y), fills: fills)
                        } else {
                            var h = height - (cy - y)
                            // A stretching child of a stack that does not stretch keeps its own height.
                            if !fills, Self.fillsHeight(stack.children[i]) {
                                h = min(h, measure(stack.children[i], width: w))
                            }
                            draw(stack.children[i], into: &canvas, x: col, y: cy, width: w, height: h)
                        }
                        col += w + stack.spacing
                    }
                }
            }
        }
    }

    /// The natural width of a node (its widest unwrapped line).
    public func naturalWidth(_ node: ViewNode) -> Int {
        switch node {
        case .empty: return 0
        case .spacer(let m): return m
        // Measured as drawn (`Canvas.draw` sanitises).
        case .image(let glyph, _): return DisplayWidth.of(Sanitizer.sanitize(glyph), ambiguousWide: ambiguousWide)
        case .label(let label): return naturalWidth(label)
        case .padding(let insets, let child): return naturalWidth(child) + insets.leading + insets.trailing
        case .stack(let stack):
            if case .fixed(let n) = stack.width { return n }
            switch stack.axis {
            case .vertical: return stack.children.map(naturalWidth).max() ?? 0
            case .horizontal:
                let visible = stack.children.filter { !Self.isEmpty($0) }
                return visible.map(naturalWidth).reduce(0, +) + max(0, visible.count - 1) * stack.spacing
            }
        }
    }

    /// The node stretches to the height it is drawn in: a horizontal stack
    /// aligned `.fill`, inside any padding.
    static func fillsHeight(_ node: ViewNode) -> Bool {
        switch node {
        case .stack(let stack): return stack.axis == .horizontal && stack.alignment == .fill
        case .padding(_, let child): return fillsHeight(child)
        default: return false
        }
    }

    static func isEmpty(_ node: ViewNode) -> Bool {
        switch node {
        case .empty: return true
        case .label(let l):
            return l.text.isEmpty
                && {
                    if case .fixed = l.width { return false }
                    return true
                }()
        case .image(let g, _): return g.isEmpty
        default: return false
        }
    }

    static func sizing(_ node: ViewNode) -> Sizing {
        switch node {
        case .label(let l): return l.width
        case .stack(let s): return s.width
        case .image, .empty: return .fit
        case .spacer: return .flexible
        case .padding(_, let child): return sizing(child)
        }
    }

    /// Widths of a horizontal stack's children: fixed first, then fitted ones
    /// (their natural width, leaving flexible siblings `flexibleFloor`
    /// columns), then the rest shared among flexible children. Empty
    /// children take no space.
    /// Columns a horizontal stack's flexible children keep next to fitted ones.
    static let flexibleFloor = 3

    func columnWidths(_ stack: Stack, width: Int) -> [Int] {
        withColumnWidths(stack, width: width) { Array($0) }
    }

    /// Calls `body` with `columnWidths(stack, width:)` in a buffer that lives
    /// on the stack for the usual few children: measure and draw ask for the
    /// widths of every horizontal stack of every row.
    func withColumnWidths<R>(_ stack: Stack, width: Int, _ body: (UnsafeBufferPointer<Int>) -> R) -> R {
        withUnsafeTemporaryAllocation(of: Int.self, capacity: stack.children.count) { buffer in
            buffer.initialize(repeating: 0)
            fillColumnWidths(stack, width: width, into: buffer)
            return body(UnsafeBufferPointer(buffer))
        }
    }

    private func fillColumnWidths(_ stack: Stack, width: Int, into widths: UnsafeMutableBufferPointer<Int>) {
        let children = stack.children
        // Until the passes below settle them, fitted and flexible children
        // are marked in `widths` (no index lists per row). Children are read
        // in place: binding one copies it (a retain per string).
        let fit = Int.min
        let flex = Int.min + 1  // no width is either
        var visible = 0
        var fittedCount = 0
        var flexibleCount = 0
        var used = 0
        for i in children.indices where !Self.isEmpty(children[i]) {
            visible += 1
            switch Self.sizing(children[i]) {
            case .fixed(let n):
                widths[i] = max(0, n)
                used += widths[i]
            case .fit:
                widths[i] = fit
                fittedCount += 1
            case .flexible:
                widths[i] = flex
                flexibleCount += 1
            }
        }
        used += max(0, visible - 1) * stack.spacing
        var room = max(0, width - used)
        if fittedCount > 0 {
            // A fitted child keeps its natural width (as SwiftUI's
            // layoutPriority: the flexible siblings truncate first), the first
            // fitted children first. The flexible siblings keep
            // `flexibleFloor` columns (one wide character and "…"; at most
            // half the room), so they never vanish.
            var flexibleNeed = 0
            if flexibleCount > 0 {
                for i in children.indices where widths[i] == flex { flexibleNeed += naturalWidth(children[i]) }
            }
            var fitRoom = room - min(flexibleNeed, Self.flexibleFloor, room / 2)
            for i in children.indices where widths[i] == fit {
                widths[i] = min(naturalWidth(children[i]), max(0, fitRoom))
                fitRoom -= widths[i]
                room -= widths[i]
            }
        }
        if flexibleCount > 0 {
            let share = room / flexibleCount
            var extra = room % flexibleCount
            for i in children.indices where widths[i] == flex {
                widths[i] = share + (extra > 0 ? 1 : 0)
                if extra > 0 { extra -= 1 }
            }
        }
        // Squeeze from the right if fixed columns overflow.
        var total = widths.reduce(0, +) + max(0, visible - 1) * stack.spacing
        var i = children.count - 1
        while total > width && i >= 0 {
            let cut = min(widths[i], total - width)
            widths[i] -= cut
            total -= cut
            i -= 1
        }
    }

    /// Column and width of a child in a vertical stack. Its natural width is
    /// worked out only for alignments that need it (filling ones do not).
    func horizontalPlacement(
        _ alignment: Stack.Alignment, x: Int, width: Int,
        natural: @autoclosure () -> Int
    ) -> (Int, Int) {
        switch alignment {
        case .fill, .top, .bottom: return (x, width)
        case .leading:
            let w = min(width, natural())
            return (x, w)
        case .trailing:
            let w = min(width, natural())
            return (x + width - w, w)
        case .center:
            let w = min(width, natural())
            return (x + (width - w) / 2, w)
        }
    }
}
