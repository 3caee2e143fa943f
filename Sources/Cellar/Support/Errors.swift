/// Where in a user's file something went wrong (1-based).
public struct SourceLocation: Hashable, Sendable, CustomStringConvertible {
    public var file: String
    public var line: Int
    public var column: Int?
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
    public var location: SourceLocation?
    public var message: String
    public init(_ message: String, at location: SourceLocation? = nil) {
        self.message = message
        self.location = location
    }
    public var description: String {
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
