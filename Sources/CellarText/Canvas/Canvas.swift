/// A grid of display cells. A wide character takes two cells: the first
/// holds it, the second is a continuation. Nothing is ever drawn half: a
/// wide character that would straddle the right edge or the clip limit is
/// replaced by a space, and drawing over half of one blanks the other half.
///
/// Storage is one `UInt32` per cell: bits 0-21 hold the content (a Unicode
/// scalar, `clusterBase + i` for a multi-scalar cluster kept in a side
/// store, or `continuation`), bits 22-31 a style id into the canvas's style
/// table. Drawing an ASCII row and writing it are byte loops.
public struct Canvas: Sendable {
    public struct Cell: Hashable, Sendable {
        public var character: Character
        public var style: TextStyle
        /// The right half of a wide character drawn in the cell before.
        public var isContinuation: Bool
        public static let blank = Cell(character: " ", style: .plain, isContinuation: false)
    }

    static let contentMask: UInt32 = 0x3F_FFFF
    static let styleShift: UInt32 = 22
    static let clusterBase: UInt32 = 0x11_0000
    static let continuation: UInt32 = 0x3F_FFFF
    static let maxStyles = 1 << 10
    static let blankCell: UInt32 = 0x20

    public private(set) var width: Int
    public private(set) var height: Int
    /// Measure East Asian Ambiguous characters as two columns.
    public var ambiguousWide: Bool

    /// `width * height` cells, row by row, then one extent per row: the
    /// column up to which the row may differ from plain blanks (every cell
    /// from there on is an unstyled space), so writers trim trailing blanks
    /// from there instead of from the right edge. Kept in the cell array
    /// so drawing updates it without a second array's uniqueness check.
    var storage: [UInt32]
    /// Multi-scalar clusters: bytes, and where each one starts.
    var clusterBytes: [UInt8] = []
    var clusterStarts: [Int] = []
    /// Style id -> style; id 0 is always `.plain`.
    var styles: [TextStyle] = [.plain]
    /// `TextStyle.packed` of each style id.
    var styleKeys: [UInt64] = [TextStyle.plain.packed]
    /// Ids from `scannedStyles` on (the first ones are found by comparison).
    var styleIDs: [UInt64: UInt32] = [:]

    public init(width: Int, height: Int, ambiguousWide: Bool = false) {
        self.width = max(0, width)
        self.height = max(0, height)
        self.ambiguousWide = ambiguousWide
        storage = Array(repeating: Self.blankCell, count: self.width * self.height)
        storage.append(contentsOf: repeatElement(0, count: self.height))
    }

    /// Clears to blanks at a new size, keeping the storage.
    public mutating func reset(width: Int, height: Int) {
        self.width = max(0, width)
        self.height = max(0, height)
        storage.removeAll(keepingCapacity: true)
        storage.append(contentsOf: repeatElement(Self.blankCell, count: self.width * self.height))
        storage.append(contentsOf: repeatElement(0, count: self.height))
        clusterBytes.removeAll(keepingCapacity: true)
        clusterStarts.removeAll(keepingCapacity: true)
        if styles.count > 1 {
            styles.removeSubrange(1...)
            styleKeys.removeSubrange(1...)
            styleIDs.removeAll(keepingCapacity: true)
        }
        lastStyleKey = TextStyle.plain.packed
        lastStyleID = 0
        previousStyleKey = TextStyle.plain.packed
        previousStyleID = 0
    }

    public subscript(x: Int, y: Int) -> Cell {
        guard x >= 0, y >= 0, x < width, y < height else { return .blank }
        let raw = storage[y * width + x]
        let style = styles[Int(raw >> Self.styleShift)]
        let content = raw & Self.contentMask
        if content == Self.continuation { return Cell(character: " ", style: style, isContinuation: true) }
        let character = withContent(content) { String(decoding: $0, as: UTF8.self) }.first ?? " "
        return Cell(character: character, style: style, isContinuation: false)
    }

    /// The style id a cell is shown in: an index into `styleTable`, 0 for
    /// `.plain` and outside the canvas. The right half of a wide character
    /// reports its left half's style, as writers draw the character once in
    /// its first cell's style. For writers that mark styles (golden tests);
    /// the render paths read the storage directly.
    public func styleID(x: Int, y: Int) -> Int {
        guard x >= 0, y >= 0, x < width, y < height else { return 0 }
        var lead = y * width + x
        let rowStart = y * width
        while lead > rowStart && storage[lead] & Self.contentMask == Self.continuation { lead -= 1 }
        return Int(storage[lead] >> Self.styleShift)
    }

    /// Style id -> style for `styleID(x:y:)`; ids hold until the next `reset`.
    public var styleTable: [TextStyle] { styles }

    /// The style id for `style`, adding it to the table. When a canvas holds
    /// more than 1024 distinct styles the extra ones draw as plain.
    @inline(__always)
    mutating func styleID(_ style: TextStyle) -> UInt32 {
        // Styles are compared as one integer each: a row alternates between
        // a few (text, detail, accessory), found by a short scan, no hashing.
        // The last two styles are remembered: a row's labels alternate between
        // two. Inlined into each caller; only the table lookup is a call.
        let key = style.packed
        if key == lastStyleKey { return lastStyleID }
        let id = key == previousStyleKey ? previousStyleID : lookupStyleID(key, style)
        previousStyleKey = lastStyleKey
        previousStyleID = lastStyleID
        lastStyleKey = key
        lastStyleID = id
        return id
    }

    /// Styles looked up by comparison before the dictionary is asked.
    private static let scannedStyles = 8
    private var lastStyleKey = TextStyle.plain.packed
    private var lastStyleID: UInt32 = 0
    private var previousStyleKey = TextStyle.plain.packed
    private var previousStyleID: UInt32 = 0

    private mutating func lookupStyleID(_ key: UInt64, _ style: TextStyle) -> UInt32 {
        for id in 0..<min(styleKeys.count, Self.scannedStyles) where styleKeys[id] == key { return UInt32(id) }
        if styleKeys.count > Self.scannedStyles, let id = styleIDs[key] { return id }
        guard styles.count < Self.maxStyles else { return 0 }
        let id = UInt32(styles.count)
        styles.append(style)
        styleKeys.append(key)
        if id >= Self.scannedStyles { styleIDs[key] = id }
        return id
    }

    /// Runs `body` on the UTF-8 bytes of a cell's content.
    @inline(__always)
    func withContent<R>(_ content: UInt32, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        if content >= Self.clusterBase && content != Self.continuation {
            let i = Int(content - Self.clusterBase)
            guard i < clusterStarts.count else { return body(UnsafeBufferPointer(start: nil, count: 0)) }
            let end = i + 1 < clusterStarts.count ? clusterStarts[i + 1] : clusterBytes.count
            return clusterBytes.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[clusterStarts[i]..<end])) }
        }
        var bytes: (UInt8, UInt8, UInt8, UInt8) = (0, 0, 0, 0)
        return withUnsafeMutableBytes(of: &bytes) { raw in
            let out = raw.bindMemory(to: UInt8.self)
            var n = 0
            let v = content == Self.continuation ? 0x20 : content
            func put(_ b: UInt32) { out[n] = UInt8(truncatingIfNeeded: b); n += 1 }
            if v < 0x80 { put(v) }
            else if v < 0x800 { put(0xC0 | v >> 6); put(0x80 | v & 0x3F) }
            else if v < 0x10000 { put(0xE0 | v >> 12); put(0x80 | (v >> 6) & 0x3F); put(0x80 | v & 0x3F) }
            else { put(0xF0 | v >> 18); put(0x80 | (v >> 12) & 0x3F); put(0x80 | (v >> 6) & 0x3F); put(0x80 | v & 0x3F) }
            return body(UnsafeBufferPointer(start: out.baseAddress, count: n))
        }
    }

    /// Draws one line of text at (x, y), clipped to `maxWidth` columns and
    /// to the canvas. Text is sanitised first. A wide character that would
    /// straddle the clip edge becomes a space; with `ellipsis`, text that
    /// does not fit ends in `…` instead. Returns the columns used.
    @discardableResult
    public mutating func draw(_ text: String, x: Int, y: Int, maxWidth: Int = .max,
                              style: TextStyle = .plain, ellipsis: Bool = false) -> Int {
        draw(text, x: x, y: y, maxWidth: maxWidth, style: style, ellipsis: ellipsis, knownClean: false)
    }

    /// `draw` for text the caller has already found clean (nil-free
    /// `DisplayWidth.ofClean`, or a truncation of such text): the check
    /// `draw` would repeat is skipped. Text that is not clean is drawn raw.
    @discardableResult
    public mutating func draw(clean text: String, x: Int, y: Int, maxWidth: Int = .max,
                              style: TextStyle = .plain) -> Int {
        draw(text, x: x, y: y, maxWidth: maxWidth, style: style, ellipsis: false, knownClean: true)
    }

    /// `draw(clean:)` for text not checked yet: draws it when it needs no
    /// sanitising and returns the columns used, else draws nothing and
    /// returns nil. The check and the drawing share one access to the bytes.
    public mutating func drawIfClean(_ text: String, x: Int, y: Int, maxWidth: Int = .max,
                                     style: TextStyle = .plain) -> Int? {
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
    private mutating func draw(_ text: String, x: Int, y: Int, maxWidth: Int, style: TextStyle, ellipsis: Bool,
                               knownClean: Bool) -> Int {
        guard let (x, limit) = clip(x: x, y: y, maxWidth: maxWidth) else { return 0 }
        if ellipsis, DisplayWidth.of(text, ambiguousWide: ambiguousWide) > limit - max(x, 0) {
            let cut = TextLayout.truncate(text, width: limit - max(x, 0), mode: .truncatingTail, ambiguousWide: ambiguousWide)
            return draw(cut, x: max(x, 0), y: y, maxWidth: limit - max(x, 0), style: style) + max(x, 0) - x
        }
        let sid = styleID(style) << Self.styleShift
        return withUTF8Bytes(text) { p in
            if knownClean || Sanitizer.isClean(utf8: p) { return drawClean(p, x: x, y: y, limit: limit, styleBits: sid) }
            let clean = ByteBuffer(capacity: p.count + 16)
            Sanitizer.sanitize(utf8: p, into: clean)
            return drawClean(clean.bytes, x: x, y: y, limit: limit, styleBits: sid)
        }
    }

    /// Draws sanitised bytes; columns `x..<limit` of row `y` may be written.
    private mutating func drawClean(_ p: UnsafeBufferPointer<UInt8>, x: Int, y: Int, limit: Int,
                                    styleBits: UInt32) -> Int {
        let row = y * width
        var col = x
        let n = p.count
        var clusterOut: UInt32 = 0
        let ambiguous = ambiguousWide
        let table = propertyTable  // one lazy-global check per line, not per character
        // Multi-scalar clusters met while the cells are borrowed are
        // collected here and added to the side store afterwards.
        // Optional so that the common line with none costs no array
        // bookkeeping (an empty array is still retained and released).
        var newBytes: [UInt8]? = nil
        var newStarts: [Int]? = nil
        let firstIndex = clusterStarts.count, firstByte = clusterBytes.count
        let extentIndex = width &* height &+ y
        let width = self.width
        storage.withUnsafeMutableBufferPointer { cells in
            Self.detachLeft(cells, row: row, x: max(x, 0), width: width)
            defer {
                Self.detachRight(cells, row: row, x: col, width: width)
                Self.extend(&cells[extentIndex], to: col)
            }
            var i = 0
            while i < n {
                if p[i] < 0x80 {
                    // A run of printable ASCII (the text is sanitised), one
                    // cell per byte, except its last byte when a non-ASCII
                    // scalar follows that may join it (an accent): that byte
                    // is left to the cluster rules. ("Row 1 한글": the space
                    // before 한 is a cluster by itself, as the rules would find.)
                    var end = i
                    while end &+ 8 <= n, let b = p.baseAddress,
                          UnsafeRawPointer(b + end).loadUnaligned(as: UInt64.self) & 0x8080_8080_8080_8080 == 0 {
                        end &+= 8
                    }
                    while end < n && p[end] < 0x80 { end += 1 }
                    if end < n && (p[end &- 1] &- 0x20 >= 0x5F || table.lookup(decodeScalar(p, end).scalar).joinsPrevious) {
                        end -= 1
                    }
                    if end > i {
                        if col < 0 {
                            let skip = min(-col, end - i)
                            i += skip; col += skip
                        }
                        let count = min(end - i, limit - col)
                        if count > 0 {
                            // 0 <= col, col + count <= limit <= width: inside row y.
                            let first = row &+ col
                            for k in 0..<count { cells[first &+ k] = UInt32(p[i &+ k]) | styleBits }
                            col += count
                            i += count
                        }
                        if i < end { break }  // reached the limit
                        continue
                    }
                }
                // A simple base (Hangul syllable, most CJK, a lone emoji)
                // that the next scalar does not join is a cluster by itself,
                // as wide as its table entry: no segmentation needed.
                let start = i
                let w: Int
                let single: Bool
                let first: UInt32
                let (cp, length) = p[i] >= 0x80 ? decodeScalar(p, i) : (0, 0)
                let props = table.lookup(cp)
                if length > 0 && props.isSimpleBase
                    && (i &+ length == n || p[i &+ length] < 0x80
                        || !table.lookup(decodeScalar(p, i &+ length).scalar).joinsPrevious) {
                    i &+= length
                    w = props.columns(ambiguousWide: ambiguous)
                    single = true
                    first = cp
                } else {
                    var scanner = GraphemeScanner(p, from: i, ambiguousWide: ambiguous, table: table)
                    guard let c = scanner.next() else { break }
                    i = c.end
                    w = c.width
                    single = c.end - c.start == utf8Length(c.scalar)
                    first = c.scalar
                }
                if w == 0 { continue }  // nothing to show on its own
                if col + w > limit {
                    while col < limit {  // never half a wide character
                        if col >= 0 { cells[row + col] = Self.blankCell | styleBits }
                        col += 1
                    }
                    break
                }
                if col >= 0 {
                    if single {
                        clusterOut = first
                    } else {
                        let index = firstIndex + (newStarts?.count ?? 0)
                        if index < Int(Self.continuation - Self.clusterBase) {
                            if newStarts == nil { newStarts = []; newBytes = [] }
                            newStarts?.append(firstByte + (newBytes?.count ?? 0))
                            newBytes?.append(contentsOf: UnsafeBufferPointer(rebasing: p[start..<i]))
                            clusterOut = Self.clusterBase + UInt32(index)
                        } else {
                            clusterOut = 0xFFFD
                        }
                    }
                    cells[row + col] = clusterOut | styleBits
                    for k in 1..<max(w, 1) { cells[row + col + k] = Self.continuation | styleBits }
                } else {
                    for k in 0..<w where col + k >= 0 { cells[row + col + k] = Self.blankCell | styleBits }
                }
                col += w
            }
        }
        if let newStarts, let newBytes {  // most lines have none
            clusterStarts.append(contentsOf: newStarts)
            clusterBytes.append(contentsOf: newBytes)
        }
        return col - x
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
    private mutating func storeCluster(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt32 {
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
    public mutating func fill(x: Int, y: Int, width w: Int, height h: Int = 1,
                              character: Character = " ", style: TextStyle = .plain) {
        let x0 = max(0, x), x1 = min(width, x &+ max(0, w))
        let y0 = max(0, y), y1 = min(height, y &+ max(0, h))
        guard x0 < x1, y0 < y1 else { return }
        let sid = styleID(style) << Self.styleShift
        var text = Sanitizer.sanitize(String(character))
        var cw = DisplayWidth.of(text, ambiguousWide: ambiguousWide)
        if cw == 0 || cw > 2 { text = " "; cw = 1 }
        var content: UInt32 = Self.blankCell
        text.withUTF8 { p in
            let (scalar, length) = decodeScalar(p, 0)
            if length == p.count {
                content = scalar
            } else {
                content = storeCluster(p)
            }
        }
        let width = self.width
        for row in y0..<y1 {
            let base = row * width
            storage.withUnsafeMutableBufferPointer { Self.detachLeft($0, row: base, x: x0, width: width) }
            var col = x0
            while col < x1 {
                if cw == 2 && col + 1 < x1 {
                    storage[base + col] = content | sid
                    storage[base + col + 1] = Self.continuation | sid
                    col += 2
                } else {
                    storage[base + col] = (cw == 1 ? content : Self.blankCell) | sid
                    col += 1
                }
            }
            storage.withUnsafeMutableBufferPointer { Self.detachRight($0, row: base, x: x1, width: width) }
            Self.extend(&storage[width &* height &+ row], to: x1)
        }
    }

    /// Adds attributes (and optionally a background) to every cell of a
    /// rectangle, keeping its characters: used for selection. With a
    /// background, cells that have a background of their own keep it and are
    /// not inverted: content drawn on its own background sits above the
    /// selection, as a UIKit content view's background sits above the
    /// selected background view (a badge stays red, an avatar stays inverse).
    public mutating func overlay(x: Int, y: Int, width w: Int, height h: Int = 1,
                                 attributes: TextAttributes, background: Color? = nil) {
        let x0 = max(0, x), x1 = min(width, x &+ max(0, w))
        let y0 = max(0, y), y1 = min(height, y &+ max(0, h))
        guard x0 < x1, y0 < y1 else { return }
        var mapped: [UInt32: UInt32] = [:]
        for row in y0..<y1 {
            for col in x0..<x1 {
                let raw = storage[row * width + col]
                let old = raw >> Self.styleShift
                let new: UInt32
                if let m = mapped[old] {
                    new = m
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
                }
                storage[row * width + col] = (raw & Self.contentMask) | new << Self.styleShift
            }
            Self.extend(&storage[width &* height &+ row], to: x1)  // a blank may now show (inverse)
        }
    }

    /// One line as plain text, trailing spaces trimmed.
    public func line(_ y: Int) -> String {
        guard y >= 0, y < height else { return "" }
        let out = ByteBuffer(capacity: width + 8)
        render(row: y, into: out, sgr: nil)
        return out.string
    }

    /// Appends row `y` to `out`: trailing blanks trimmed, continuation
    /// cells skipped. With `sgr` (one escape sequence per style id, and
    /// whether a blank in that style is visible), writes SGR sequences only
    /// where the style changes and resets at the end.
    func render(row y: Int, into out: ByteBuffer, sgr: SGRTable?) {
        storage.withUnsafeBufferPointer { all in
            let cells = UnsafeBufferPointer(rebasing: all[(y * width)..<((y + 1) * width)])
            var end = extent(ofRow: y, in: all)
            // Trailing blanks eight at a time: plain blanks (or, without
            // colour, blanks in any style) are trimmed whatever the SGR table says.
            if let base = UnsafeRawPointer(cells.baseAddress) {
                let mask = sgr == nil ? Self.contentMask : ~0
                while end >= 8 && Self.eightCells(base, at: end &- 8, match: Self.blankCell, in: mask) { end &-= 8 }
            }
            if let sgr {
                while end > 0, case let raw = cells[end - 1], raw & Self.contentMask == 0x20,
                      !sgr.blankIsVisible[Int(raw >> Self.styleShift)] { end -= 1 }
                renderCells(cells, upTo: end, into: out, sgr: sgr)
            } else {
                while end > 0 && cells[end - 1] & Self.contentMask == 0x20 { end -= 1 }
                renderCells(cells, upTo: end, into: out, sgr: nil)
            }
        }
    }

    /// Whether the eight cells from cell `i` all equal `expected` in the bits
    /// of `mask` (tested as four 64-bit words: Swift's SIMD comparisons do
    /// not compile to vector code).
    @inline(__always)
    static func eightCells(_ cells: UnsafeRawPointer, at i: Int, match expected: UInt32, in mask: UInt32) -> Bool {
        let e = UInt64(expected) | UInt64(expected) << 32, m = UInt64(mask) | UInt64(mask) << 32
        var differs: UInt64 = 0
        for k in 0..<4 { differs |= (cells.loadUnaligned(fromByteOffset: i &* 4 &+ 8 &* k, as: UInt64.self) ^ e) & m }
        return differs == 0
    }

    /// The cell loop: an ASCII cell is one byte store through a local
    /// pointer; scalars, clusters and style changes take the slower path.
    @inline(__always)
    private func renderCells(_ cells: UnsafeBufferPointer<UInt32>, upTo end: Int,
                             into out: ByteBuffer, sgr: SGRTable?) {
        out.reserve(end * 4 + 16)  // every scalar fits; clusters and SGR reserve more
        var dst = out.base + out.count
        var current: UInt32 = 0     // canonical id of the SGR in effect
        var previous: UInt32 = 0    // style id of the cell before
        // Bits of a cell that must match the current style's (style id and
        // content above 0x7F) for the eight-cell path; plain text ignores style.
        let sameASCII: UInt32 = sgr == nil ? Self.contentMask & ~0x7F : ~0x7F
        let cellBytes = UnsafeRawPointer(cells.baseAddress)
        var i = 0
        while i < end {
            // Eight ASCII cells in the current style: one test, one 8-byte store.
            if i &+ 8 <= end, let cellBytes,
               Self.eightCells(cellBytes, at: i, match: previous << Self.styleShift, in: sameASCII) {
                let eight = cellBytes.loadUnaligned(fromByteOffset: i &* 4, as: SIMD8<UInt32>.self)
                UnsafeMutableRawPointer(dst).storeBytes(of: SIMD8<UInt8>(truncatingIfNeeded: eight), as: SIMD8<UInt8>.self)
                dst += 8
                i &+= 8
                continue
            }
            let raw = cells[i]
            if let sgr, raw >> Self.styleShift != previous {
                previous = raw >> Self.styleShift
                let id = sgr.canonical[Int(previous)]
                if id != current {
                    current = id
                    out.count = dst - out.base
                    out.append(sgr.sequences[Int(current)])
                    out.reserve((end - i) * 4 + 16)
                    dst = out.base + out.count
                }
            }
            let content = raw & Self.contentMask
            if content < 0x80 {
                dst.pointee = UInt8(truncatingIfNeeded: content)
                dst += 1
            } else if content < Self.clusterBase {
                dst += ByteBuffer.encode(content, at: dst)  // within the 4 bytes reserved per cell
            } else if content != Self.continuation {
                out.count = dst - out.base
                withContent(content) { out.append($0) }
                out.reserve((end - i) * 4 + 16)
                dst = out.base + out.count
            }
            i &+= 1
        }
        out.count = dst - out.base
        if sgr != nil && current != 0 { out.append(SGRTable.reset) }
    }
}

@inline(__always)
func utf8Length(_ scalar: UInt32) -> Int {
    scalar < 0x80 ? 1 : scalar < 0x800 ? 2 : scalar < 0x10000 ? 3 : 4
}
