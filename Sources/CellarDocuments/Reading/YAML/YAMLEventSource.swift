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

    /// The next event, refused at once where both readings refuse it: a node
    /// with an anchor, an alias, a second document (`documents` counts them).
    mutating func next(documents: inout Int) throws -> YAMLEvents.Kind {
        let kind = try next()
        switch kind {
        case .scalar, .alias, .sequenceStart, .mappingStart:
            if hasAnchor { throw CellarError(YAMLNode.anchors, at: mark) }
        case .documentStart:
            documents += 1
            if documents > 1 { throw CellarError(YAMLNode.secondDocument, at: mark) }
        default: break
        }
        return kind
    }
}
