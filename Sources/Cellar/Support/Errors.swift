import CellarText

/// Where in a user's file something went wrong (1-based).
public struct SourceLocation: Hashable, Sendable, CustomStringConvertible {
    /// The path of the file, as the user gave it.
    public var file: String
    /// The line number, from 1.
    public var line: Int
    /// The column, from 1, where one is known.
    public var column: Int?
    /// Creates a location at a line, and optionally a column, of a file.
    public init(file: String, line: Int, column: Int? = nil) {
        self.file = file
        self.line = line
        self.column = column
    }
    /// `file:line:column` (or `file:line` without a column).
    public var description: String {
        if let column { return "\(file):\(line):\(column)" }
        return "\(file):\(line)"
    }
}

/// Every user-facing error: one line, located. `description` is what the CLI prints.
public struct CellarError: Error, CustomStringConvertible, Sendable, Equatable {
    /// Where the error is in the user's input, where known.
    public var location: SourceLocation?
    /// What went wrong, in one line.
    public var message: String
    /// Further errors found in the same pass (every unknown key of a style),
    /// each reported on a line of its own after this one.
    public var also: [CellarError] = []
    /// Creates an error with a one-line message, optionally located. The
    /// message may quote input or a style's text: it is bounded here
    /// (`Sanitizer.bounded`), and again in `description` after any change.
    public init(_ message: String, at location: SourceLocation? = nil) {
        self.message = Sanitizer.bounded(message)
        self.location = location
    }
    /// The first of `errors` with the others in `also`, each reported on a
    /// line of its own; nil when there are none.
    public init?(reporting errors: [CellarError]) {
        guard let first = errors.first else { return nil }
        self = first
        also = Array(errors.dropFirst())
    }
    /// `location: message`, or the message alone when there is no location.
    public var description: String {
        let message = Sanitizer.bounded(message)
        if let location { return "\(location): \(message)" }
        return message
    }
    /// The same error placed at `location` unless it already has one.
    public func located(_ location: SourceLocation?) -> CellarError {
        var e = self
        if e.location == nil { e.location = location }
        return e
    }
}
