extension Canvas {
    /// Draws one line of text at (x, y), clipped to `maxWidth` columns and
    /// to the canvas. Text is sanitised first. A wide character that would
    /// straddle the clip edge becomes a space; with `ellipsis`, text that
    /// does not fit ends in `…` instead. Returns the columns used.
    @discardableResult
    public mutating func draw(
        _ text: String, x: Int, y: Int, maxWidth: Int = .max,
        style: TextStyle = .plain, ellipsis: Bool = false
    ) -> Int {
        draw(text, x: x, y: y, maxWidth: maxWidth, style: style, ellipsis: ellipsis, knownClean: false)
    }

    /// `draw` for text the caller has already found clean (nil-free
    /// `DisplayWidth.ofClean`, or a truncation of such text): the check
    /// `draw` would repeat is skipped. Text that is not clean is drawn raw.
    @discardableResult
    public mutating func draw(
        clean text: String, x: Int, y: Int, maxWidth: Int = .max,
        style: TextStyle = .plain
    ) -> Int {
        draw(text, x: x, y: y, maxWidth: maxWidth, style: style, ellipsis: false, knownClean: true)
    }

    /// `draw(clean:)` for text not checked yet: draws it when it needs no
    /// sanitising and returns the columns used, else draws nothing and
    /// returns nil. The check and the drawing share one access to the bytes.
    public mutating func drawIfClean(
        _ text: String, x: Int, y: Int, maxWidth: Int = .max,
        style: TextStyle = .plain
    ) -> Int? {
        withUTF8Bytes(text) { p in
            guard Sanitizer.isClean(utf8: p) else { return nil }
            guard let (x, limit) = clip(x: x, y: y, maxWidth: maxWidth) else { return 0 }
            return drawClean(p, x: x, y: y, limit: limit, styleBits: styleID(style) << Self.styleShift)
        }
    }

    /// Where a line drawn at (x, y) within `maxWidth` columns is clipped:
    /// its start (far-off-canvas positions clamped so that column
    /// arithmetic never overflows) and the column it must end before; nil
    /// when none of it shows.
    @inline(__always)
    private func clip(x: Int, y: Int, maxWidth: Int) -> (x: Int, limit: Int)? {
        guard y >= 0, y < height, maxWidth > 0, x < width else { return nil }
        let x = max(x, -(1 << 40))
        let limit = maxWidth >= width - x ? width : x + maxWidth
        guard x < limit, limit > 0 else { return nil }
        return (x, limit)
    }

    @inline(__always)
    private mutating func draw(
        _ text: String, x: Int, y: Int, maxWidth: Int, style: TextStyle, ellipsis: Bool,
        knownClean: Bool
    ) -> Int {
        guard let (x, limit) = clip(x: x, y: y, maxWidth: maxWidth) else { return 0 }
        if ellipsis, DisplayWidth.of(text, ambiguousWide: ambiguousWide) > limit - max(x, 0) {
            let cut = TextLayout.truncate(
                text, width: limit - max(x, 0), mode: .truncatingTail, ambiguousWide: ambiguousWide)
            return draw(cut, x: max(x, 0), y: y, maxWidth: limit - max(x, 0), style: style) + max(x, 0) - x
        }
        let sid = styleID(style) << Self.styleShift
        return withUTF8Bytes(text) { p in
            if knownClean || Sanitizer.isClean(utf8: p) {
                return drawClean(p, x: x, y: y, limit: limit, styleBits: sid)
            }
            let clean = ByteBuffer(capacity: p.count + 16)
            Sanitizer.sanitize(utf8: p, into: clean)
            return drawClean(clean.bytes, x: x, y: y, limit: limit, styleBits: sid)
        }
    }
    /// Raises a row's extent (see `storage`) to `end`; an extent too large
    /// for the cell type is stored as "the whole row".
    @inline(__always)
    static func extend(_ extent: inout UInt32, to end: Int) {
        if end > Int(extent) { extent = UInt32(clamping: end) }
    }

    /// Columns of row `y` that may differ from plain blanks.
    @inline(__always)
    func extent(ofRow y: Int, in all: UnsafeBufferPointer<UInt32>) -> Int {
        let e = all[width &* height &+ y]
        return e == UInt32.max ? width : min(width, Int(e))
    }

    /// Adds a multi-scalar cluster to the side store.
    mutating func storeCluster(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt32 {
        let index = clusterStarts.count
        guard index < Int(Self.continuation - Self.clusterBase) else { return 0xFFFD }
        clusterStarts.append(clusterBytes.count)
        clusterBytes.append(contentsOf: bytes)
        return Self.clusterBase + UInt32(index)
    }

    /// Before writing from column x: if x is the right half of a wide
    /// character, blank its left half. (Static on the cells, so drawing
    /// calls it inside its own access to them.)
    @inline(__always)
    static func detachLeft(_ cells: UnsafeMutableBufferPointer<UInt32>, row: Int, x: Int, width: Int) {
        guard x > 0, x < width else { return }
        if cells[row + x] & contentMask == continuation {
            var lead = x - 1
            while lead > 0 && cells[row + lead] & contentMask == continuation { lead -= 1 }
            for c in lead..<x { cells[row + c] = blankCell | (cells[row + c] & ~contentMask) }
        }
    }

    /// After writing up to column x (exclusive): continuation cells left
    /// at x belong to a character just overwritten; blank them.
    @inline(__always)
    static func detachRight(_ cells: UnsafeMutableBufferPointer<UInt32>, row: Int, x: Int, width: Int) {
        var c = max(x, 0)
        while c < width && cells[row + c] & contentMask == continuation {
            cells[row + c] = blankCell | (cells[row + c] & ~contentMask)
            c += 1
        }
    }

    /// Fills a rectangle with one character and style. A wide character
    /// fills pairs of cells; an odd last column gets a space.
    public mutating func fill(
        x: Int, y: Int, width w: Int, height h: Int = 1,
        character: Character = " ", style: TextStyle = .plain
    ) {
        let x0 = max(0, x)
        let x1 = min(width, x &+ max(0, w))
        let y0 = max(0, y)
        let y1 = min(height, y &+ max(0, h))
        guard x0 < x1, y0 < y1 else { return }
        let sid = styleID(style) << Self.styleShift
        let (content, cw) = fillContent(character)
        let width = self.width
        let height = self.height
        let cell = (cw == 1 ? content : Self.blankCell) | sid
        // One pass over the buffer per fill (a separator fills every row's
        // width): 0 <= x0 < x1 <= width and 0 <= y0 < y1 <= height were
        // clamped above, so every index below is inside the grid.
        storage.withUnsafeMutableBufferPointer { cells in
            for row in y0..<y1 {
                let base = row &* width
                Self.detachLeft(cells, row: base, x: x0, width: width)
                var col = x0
                if cw == 2 {
                    while col &+ 1 < x1 {
                        cells[base &+ col] = content | sid
                        cells[base &+ col &+ 1] = Self.continuation | sid
                        col &+= 2
                    }
                }
                if col < x1 {
                    UnsafeMutableBufferPointer(rebasing: cells[(base &+ col)..<(base &+ x1)]).update(repeating: cell)
                }
                Self.detachRight(cells, row: base, x: x1, width: width)
                Self.extend(&cells[width &* height &+ row], to: x1)
            }
        }
    }

    /// What `fill` stores for `character` (sanitised; a blank for a
    /// character of no width or wider than two), and its width.
    private mutating func fillContent(_ character: Character) -> (content: UInt32, width: Int) {
        if let f = lastFill, f.character == character, f.ambiguousWide == ambiguousWide { return (f.content, f.width) }
        var text = Sanitizer.sanitize(String(character))
        var cw = DisplayWidth.of(text, ambiguousWide: ambiguousWide)
        if cw == 0 || cw > 2 {
            text = " "
            cw = 1
        }
        var content: UInt32 = Self.blankCell
        var scalar = false
        text.withUTF8 { p in
            let (value, length) = decodeScalar(p, 0)
            scalar = length == p.count
            content = scalar ? value : storeCluster(p)
        }
        // A cluster's content points into this canvas's cluster store, which a reset empties: not kept.
        if scalar { lastFill = (character, ambiguousWide, content, cw) }
        return (content, cw)
    }

    /// Adds attributes (and optionally a background) to every cell of a
    /// rectangle, keeping its characters: used for selection. With a
    /// background, cells that have a background of their own keep it and are
    /// not inverted: content drawn on its own background sits above the
    /// selection, as a UIKit content view's background sits above the
    /// selected background view (a badge stays red, an avatar stays inverse).
    public mutating func overlay(
        x: Int, y: Int, width w: Int, height h: Int = 1,
        attributes: TextAttributes, background: Color? = nil
    ) {
        let x0 = max(0, x)
        let x1 = min(width, x &+ max(0, w))
        let y0 = max(0, y)
        let y1 = min(height, y &+ max(0, h))
        guard x0 < x1, y0 < y1 else { return }
        var mapped: [UInt32: UInt32] = [:]
        // Runs of cells share a style: the last mapping is tried before the table.
        var last: (old: UInt32, new: UInt32)?
        for row in y0..<y1 {
            for col in x0..<x1 {
                let raw = storage[row * width + col]
                let old = raw >> Self.styleShift
                let new: UInt32
                if let last, last.old == old {
                    new = last.new
                } else if let m = mapped[old] {
                    new = m
                    last = (old, m)
                } else {
                    var style = styles[Int(old)]
                    if background != nil && style.background != .default {
                        style.attributes.formUnion(attributes.subtracting(.inverse))
                    } else {
                        style.attributes.formUnion(attributes)
                        if let background { style.background = background }
                    }
                    new = styleID(style)
                    mapped[old] = new
                    last = (old, new)
                }
                storage[row * width + col] = (raw & Self.contentMask) | new << Self.styleShift
            }
            Self.extend(&storage[width &* height &+ row], to: x1)  // a blank may now show (inverse)
        }
    }
}
