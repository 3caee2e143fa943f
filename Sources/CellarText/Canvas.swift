/// A grid of display cells. A wide character takes two cells: the first
/// holds it, the second is a continuation. Nothing is ever drawn half.
///
/// Seed implementation; the text-engine issue replaces the storage with a
/// compact byte-based one while keeping this API.
public struct Canvas: Sendable {
    public struct Cell: Hashable, Sendable {
        public var character: Character
        public var style: TextStyle
        /// The right half of a wide character drawn in the cell before.
        public var isContinuation: Bool
        public static let blank = Cell(character: " ", style: .plain, isContinuation: false)
    }

    public private(set) var width: Int
    public private(set) var height: Int
    public private(set) var cells: [Cell]

    public init(width: Int, height: Int) {
        self.width = max(0, width)
        self.height = max(0, height)
        cells = Array(repeating: .blank, count: self.width * self.height)
    }

    /// Clears to blanks at a new size, keeping the storage.
    public mutating func reset(width: Int, height: Int) {
        self.width = max(0, width)
        self.height = max(0, height)
        cells.removeAll(keepingCapacity: true)
        cells.append(contentsOf: repeatElement(.blank, count: self.width * self.height))
    }

    public subscript(x: Int, y: Int) -> Cell {
        guard x >= 0, y >= 0, x < width, y < height else { return .blank }
        return cells[y * width + x]
    }

    /// Draws one line of text at (x, y), clipped to `maxWidth` columns and to
    /// the canvas. Text is sanitised first. A wide character that would
    /// straddle the clip edge becomes a space. Returns the columns used.
    @discardableResult
    public mutating func draw(_ text: String, x: Int, y: Int, maxWidth: Int = .max,
                              style: TextStyle = .plain) -> Int {
        guard y >= 0, y < height else { return 0 }
        let limit = min(width, x + max(0, maxWidth))
        var col = x
        for ch in Sanitizer.sanitize(text) {
            let w = DisplayWidth.of(ch)
            if w == 0 { continue }
            if col + w > limit {
                if col < limit, col >= 0 { put(" ", x: col, y: y, style: style) }
                return col + 1 - x
            }
            if col >= 0 {
                put(ch, x: col, y: y, style: style)
                if w == 2, col + 1 < width {
                    cells[y * width + col + 1] = Cell(character: " ", style: style, isContinuation: true)
                }
            }
            col += w
        }
        return col - x
    }

    private mutating func put(_ ch: Character, x: Int, y: Int, style: TextStyle) {
        cells[y * width + x] = Cell(character: ch, style: style, isContinuation: false)
    }

    /// Fills a rectangle with one character and style.
    public mutating func fill(x: Int, y: Int, width w: Int, height h: Int = 1,
                              character: Character = " ", style: TextStyle = .plain) {
        for row in max(0, y)..<min(height, y + h) where row >= max(0, y) {
            for col in max(0, x)..<max(max(0, x), min(width, x + w)) {
                cells[row * width + col] = Cell(character: character, style: style, isContinuation: false)
            }
        }
    }

    /// Adds attributes (and optionally a background) to every cell of a
    /// rectangle, keeping its characters: used for selection.
    public mutating func overlay(x: Int, y: Int, width w: Int, height h: Int = 1,
                                 attributes: TextAttributes, background: Color? = nil) {
        guard h > 0, w > 0 else { return }
        for row in max(0, y)..<max(max(0, y), min(height, y + h)) {
            for col in max(0, x)..<max(max(0, x), min(width, x + w)) {
                cells[row * width + col].style.attributes.formUnion(attributes)
                if let background { cells[row * width + col].style.background = background }
            }
        }
    }

    /// One line as plain text, trailing spaces trimmed.
    public func line(_ y: Int) -> String {
        guard y >= 0, y < height else { return "" }
        var s = ""
        for col in 0..<width {
            let c = cells[y * width + col]
            if !c.isContinuation { s.append(c.character) }
        }
        while s.last == " " { s.removeLast() }
        return s
    }
}
