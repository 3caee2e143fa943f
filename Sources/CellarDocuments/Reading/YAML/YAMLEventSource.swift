import CLibYAML
import Cellar

/// What the JSON form's writer (`YAMLToJSON`) reads of a YAML document: its
/// events one at a time, as libyaml's event parser gives them. Two sources
/// give them: libyaml itself (`YAMLEvents`), and a scanner of the common
/// subset of YAML that tables are written in (`YAMLSubsetEvents`), which
/// gives exactly libyaml's events for that subset and steps aside for
/// anything else.
protocol YAMLEventSource: ~Copyable {
    /// The document's path, as named in messages.
    var path: String { get }
    /// The next event's type, or a located syntax error.
    mutating func next() throws -> yaml_event_type_t
    /// Where the current event starts: 1-based line, and column in characters.
    var startLine: Int { get }
    var startColumn: Int { get }
    /// The current scalar's text, as bytes valid until the next event.
    var scalarBytes: UnsafeBufferPointer<UInt8> { get }
    /// Whether the current scalar is plain (unquoted, not a block scalar).
    var isPlainScalar: Bool { get }
    /// The current scalar's explicit tag (`!!str`), if any.
    var scalarTag: String? { get }
    /// The anchor the current node defines (`&name`), if any; for an alias, the anchor it names.
    var anchor: String? { get }
}

extension YAMLEventSource where Self: ~Copyable {
    /// Where the current event starts, in the document.
    var mark: SourceLocation { SourceLocation(file: path, line: startLine, column: startColumn) }
}
