/// One key press or mouse event, decoded from the terminal's bytes.
public enum Key: Equatable, Sendable {
    /// A printable character (UTF-8 decoded; a cluster's scalars arrive one by one).
    case character(Character)
    case up, down, left, right
    case home, end, pageUp, pageDown
    case enter, escape, tab, backTab, backspace, delete
    /// Ctrl with a letter: `.control("c")` for 0x03.
    case control(Character)
    case mouse(MouseEvent)
    /// The terminal window gained or lost the keyboard focus (DEC 1004 reports).
    case focusIn, focusOut
    /// A sequence the decoder does not know (ignored by the browse loop, never written).
    case unknown
}

/// An SGR (1006) mouse report, with 0-based cell coordinates.
public struct MouseEvent: Equatable, Sendable {
    /// What the mouse did: a button pressed or released, or the wheel turned.
    public enum Kind: Equatable, Sendable {
        case press(button: Int)
        case release(button: Int)
        case wheelUp, wheelDown
        case drag
    }

    /// What the mouse did.
    public var kind: Kind
    /// The 0-based column of the cell under the mouse.
    public var x: Int
    /// The 0-based row of the cell under the mouse.
    public var y: Int

    /// Creates a mouse event of `kind` at cell (`x`, `y`).
    public init(kind: Kind, x: Int, y: Int) {
        self.kind = kind
        self.x = x
        self.y = y
    }
}
