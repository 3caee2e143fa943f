import Cellar

/// The events the JSON form is written from (`YAMLToJSON`), one at a time:
/// libfyaml's parser on this thread (`YAMLEvents`), or the same events
/// parsed ahead on a second thread and copied (`YAMLEventsAhead`). Both
/// give the same events in the same order, and the same error where the
/// parse fails.
protocol YAMLEventSource: ~Copyable {
    /// The next event's kind, or a located syntax error.
    mutating func next() throws -> YAMLEvents.Kind
    /// Whether the current node defines an anchor (or is an alias).
    var hasAnchor: Bool { get }
    /// Where the current node starts, as `YAMLEvents.position` says: 1-based line, column in characters.
    var position: (line: Int, column: Int) { get }
    /// The byte offset the current event starts at.
    var inputOffset: Int { get }
    /// The current scalar's text, valid until the next event.
    var scalarBytes: UnsafeBufferPointer<UInt8> { get }
    /// Whether the current scalar is plain.
    var isPlainScalar: Bool { get }
    /// The current scalar's explicit tag, resolved, if any.
    var scalarTag: String? { get }
    /// The file named in errors.
    var path: String { get }
}

extension YAMLEventSource where Self: ~Copyable {
    /// Where the current node starts, as an error names it.
    var mark: SourceLocation {
        let (line, column) = position
        return SourceLocation(file: path, line: line, column: column)
    }
}
