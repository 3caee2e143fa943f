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
    /// One display cell as read back from the canvas.
    public struct Cell: Hashable, Sendable {
        /// The character drawn in the cell (a space for a continuation).
        public var character: Character
        /// The style the cell is drawn in.
        public var style: TextStyle
        /// The right half of a wide character drawn in the cell before.
        public var isContinuation: Bool
        /// An unstyled space.
        public static let blank = Cell(character: " ", style: .plain, isContinuation: false)
    }

    static let contentMask: UInt32 = 0x3F_FFFF
    static let styleShift: UInt32 = 22
    static let clusterBase: UInt32 = 0x11_0000
    static let continuation: UInt32 = 0x3F_FFFF
    static let maxStyles = 1 << 10
    static let blankCell: UInt32 = 0x20

    /// Columns in the canvas.
    public private(set) var width: Int
    /// Lines in the canvas.
    public private(set) var height: Int
    /// Measure East Asian Ambiguous characters as two columns.
    public var ambiguousWide: Bool
    /// Draw for a dark appearance: a `.dynamic` colour is stored as its
    /// dark variant (else its light one), so what the canvas holds is what
    /// every writer and golden mark shows.
    public var dark = false

    /// `width * height` cells, row by row, then one extent per row: the
    /// column up to which the row may differ from plain blanks (every cell
    /// from there on is an unstyled space), so writers trim trailing blanks
    /// from there instead of from the right edge. Kept in the cell array
    /// so drawing updates it without a second array's uniqueness check.
    var storage: [UInt32]
    /// Multi-scalar clusters: bytes, and where each one starts.
    var clusterBytes: [UInt8] = []
    var clusterStarts: [Int] = []
    // The style table (`Canvas+StyleTable`).
    /// Style id -> style; id 0 is always `.plain`.
    var styles: [TextStyle] = [.plain]
    /// `TextStyle.packed` of each style id.
    var styleKeys: [UInt64] = [TextStyle.plain.packed]
    /// Ids from `scannedStyles` on (the first ones are found by comparison).
    var styleIDs: [UInt64: UInt32] = [:]
    /// The last styles looked up, and their ids (see `styleID(_:)`).
    var recentStyles = RecentStyles()
    /// The character `fill` last took apart, when it is one scalar (a
    /// separator fills every row with the same one): what it stores and its
    /// width, which depend on nothing else of the canvas but `ambiguousWide`.
    var lastFill: (character: Character, ambiguousWide: Bool, content: UInt32, width: Int)?
    /// Rows may be drawn as plain lines (`Canvas+PlainLines`): set only for
    /// a canvas that goes to a plain-text writer.
    public var takesPlainLines = false
    /// Plain lines' bytes, one after another; where each ends; and, per
    /// line of the canvas, its plain line's number or -1 (empty until the first).
    var plainBytes: [UInt8] = []
    var plainEnds: [Int] = []
    var plainLineOf: [Int32] = []

    /// Creates a blank canvas of `width` columns by `height` lines (negative sizes count as 0).
    public init(width: Int, height: Int, ambiguousWide: Bool = false) {
        self.width = max(0, width)
        self.height = max(0, height)
        self.ambiguousWide = ambiguousWide
        storage = Self.blankStorage(width: self.width, height: self.height)
    }

    /// Blank cells, then the extents at 0, in one allocation (appending the
    /// extents to an array made to the cells' count would copy every cell).
    /// Made by `init(repeating:count:)`, one fill even in a debug build,
    /// where appending a repeated element goes element by element.
    private static func blankStorage(width: Int, height: Int) -> [UInt32] {
        let cells = width * height
        var storage = [UInt32](repeating: blankCell, count: cells + height)
        storage.withUnsafeMutableBufferPointer { b in
            for i in cells..<b.count { b[i] = 0 }
        }
        return storage
    }

    /// Clears to blanks, at a new size in new storage. At the same
    /// size only the cells up to the last drawn row's extent are blanked:
    /// the rest are plain blanks already (a batch of a stream is cleared this way).
    public mutating func reset(width: Int, height: Int) {
        let (w, h) = (max(0, width), max(0, height))
        if w == self.width && h == self.height {
            blankToLastExtent()
        } else {
            self.width = w
            self.height = h
            storage = Self.blankStorage(width: w, height: h)
        }
        clusterBytes.removeAll(keepingCapacity: true)
        clusterStarts.removeAll(keepingCapacity: true)
        clearPlainLines()
        if styles.count > 1 {
            styles.removeSubrange(1...)
            styleKeys.removeSubrange(1...)
            styleIDs.removeAll(keepingCapacity: true)
        }
        recentStyles = RecentStyles()
    }

    /// Blanks the cells up to the last row with an extent, to its extent
    /// (one fill: cheaper than one per row), and sets the extents to 0.
    private mutating func blankToLastExtent() {
        let (width, height) = (self.width, self.height)
        storage.withUnsafeMutableBufferPointer { cells in
            let extents = UnsafeMutableBufferPointer(rebasing: cells[(width &* height)...])
            var last = height
            while last > 0 && extents[last &- 1] == 0 { last &-= 1 }
            guard last > 0 else { return }
            // As `extent(ofRow:in:)`, which cannot be called while the cells are borrowed.
            let e = extents[last &- 1]
            let end = (last &- 1) &* width &+ (e == UInt32.max ? width : min(width, Int(e)))
            // 0 <= end <= width * height: inside the grid.
            UnsafeMutableBufferPointer(rebasing: cells[..<end]).update(repeating: Self.blankCell)
            UnsafeMutableBufferPointer(rebasing: extents[..<last]).update(repeating: 0)
        }
    }

    /// The cell at column `x`, line `y`; a blank for positions outside the canvas.
    public subscript(x: Int, y: Int) -> Cell {
        guard x >= 0, y >= 0, x < width, y < height else { return .blank }
        let raw = storage[y * width + x]
        let style = styles[Int(raw >> Self.styleShift)]
        let content = raw & Self.contentMask
        if content == Self.continuation { return Cell(character: " ", style: style, isContinuation: true) }
        let character = withContent(content) { String(decoding: $0, as: UTF8.self) }.first ?? " "
        return Cell(character: character, style: style, isContinuation: false)
    }

    /// Runs `body` on the UTF-8 bytes of a cell's content.
    @inline(__always)
    func withContent<R>(_ content: UInt32, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        if content >= Self.clusterBase && content != Self.continuation {
            let i = Int(content - Self.clusterBase)
            guard i < clusterStarts.count else { return body(UnsafeBufferPointer(start: nil, count: 0)) }
            let end = i + 1 < clusterStarts.count ? clusterStarts[i + 1] : clusterBytes.count
            return clusterBytes.withUnsafeBufferPointer {
                body(UnsafeBufferPointer(rebasing: $0[clusterStarts[i]..<end]))
            }
        }
        var bytes: (UInt8, UInt8, UInt8, UInt8) = (0, 0, 0, 0)
        return withUnsafeMutableBytes(of: &bytes) { raw in
            let out = raw.bindMemory(to: UInt8.self)
            let v = content == Self.continuation ? 0x20 : content
            let n = ScalarUTF8.encode(v, at: out.baseAddress.unsafelyUnwrapped)
            return body(UnsafeBufferPointer(start: out.baseAddress, count: n))
        }
    }
    /// One line as plain text, trailing spaces trimmed.
    public func line(_ y: Int) -> String {
        guard y >= 0, y < height else { return "" }
        let out = ByteBuffer(capacity: width + 8)
        render(row: y, into: out, sgr: nil)
        return out.string
    }
}

@inline(__always)
func utf8Length(_ scalar: UInt32) -> Int {
    scalar < 0x80 ? 1 : scalar < 0x800 ? 2 : scalar < 0x10000 ? 3 : 4
}
