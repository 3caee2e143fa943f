import Cellar

/// The events the JSON form is written from: `YAMLEvents` on this thread, or
/// the same events parsed ahead (`YAMLEventsAhead`), with the same error.
protocol YAMLEventSource: ~Copyable {
    mutating func next() throws -> YAMLEvents.Kind
    var hasAnchor: Bool { get }
    /// 1-based line, column in characters.
    var position: (line: Int, column: Int) { get }
    var inputOffset: Int { get }
    /// Valid until the next event.
    var scalarBytes: UnsafeBufferPointer<UInt8> { get }
    var isPlainScalar: Bool { get }
    var scalarTag: String? { get }
    var path: String { get }
}

extension YAMLEventSource where Self: ~Copyable {
    var mark: SourceLocation {
        let (line, column) = position
        return SourceLocation(file: path, line: line, column: column)
    }
}
