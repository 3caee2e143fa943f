#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The terminal a loop runs in: where keys come from, where frames go, its
/// size, and the raw mode entered and left around a session. The loop
/// blocks in `poll` on `inputDescriptor` and `eventsDescriptor`, so both
/// must be descriptors (a test's terminal uses pipes).
public protocol TerminalDevice: AnyObject {
    /// Readable when key or mouse bytes arrived; read gives them, 0 bytes at the end of input.
    var inputDescriptor: Int32 { get }
    /// Readable when the terminal was resized (`RawTerminal.resizedEvent`)
    /// or the process continued after a stop (`RawTerminal.continuedEvent`).
    var eventsDescriptor: Int32 { get }
    /// Takes the terminal (raw mode, alternate screen, mouse and focus reports).
    func enter() throws
    /// Gives the terminal back as it was; safe to call more than once.
    func leave()
    /// The size in columns and lines, nil when it cannot be read.
    func size() -> (width: Int, height: Int)?
    /// Writes all of `bytes`; false when the terminal is gone.
    func write(_ bytes: [UInt8]) -> Bool
    /// Stops the process until it is continued (Ctrl-Z), the terminal given back meanwhile.
    func suspend()
}

/// The process's own terminal: standard input and output, in raw mode
/// through `RawTerminal` (which also restores it when a signal ends the process).
public final class SystemTerminal: TerminalDevice {
    /// The terminal on descriptors 0 and 1.
    public init() {}
    /// Whether standard input and output are both a terminal (else `enter` throws,
    /// and an app may print its table as text instead).
    public static var isAvailable: Bool { isatty(0) == 1 && isatty(1) == 1 }
    /// Standard input.
    public var inputDescriptor: Int32 { 0 }
    /// The read end of `RawTerminal`'s signal pipe.
    public var eventsDescriptor: Int32 { RawTerminal.eventsFD }
    /// Enters raw mode (`RawTerminal.enter`); throws when standard input is no terminal.
    public func enter() throws { try RawTerminal.enter() }
    /// Restores the terminal and the default signal handlers (`RawTerminal.leave`).
    public func leave() { RawTerminal.leave() }
    /// The window size of standard output.
    public func size() -> (width: Int, height: Int)? { RawTerminal.size() }
    /// Writes to standard output.
    public func write(_ bytes: [UInt8]) -> Bool { RawTerminal.writeAll(bytes) }
    /// Raises SIGTSTP (`RawTerminal.suspend`).
    public func suspend() { RawTerminal.suspend() }
}
