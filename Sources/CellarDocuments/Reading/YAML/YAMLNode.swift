import Cellar
import CellarText

/// A YAML document as a small tree with marks, from the same events as the
/// JSON form: what golden case files walk. Values are read by `YAMLScalar`.
package indirect enum YAMLNode: Sendable {
    case scalar(Scalar)
    case sequence([YAMLNode], Mark)
    case mapping([(key: YAMLNode, value: YAMLNode)], Mark)

    /// 1-based line and column (in characters).
    package struct Mark: Sendable, Equatable {
        package var line: Int
        package var column: Int
    }

    package struct Scalar: Sendable {
        package var string: String
        /// Neither quoted nor a block scalar.
        package var isPlain: Bool
        package var tag: String?
        package var mark: Mark
    }

    package var mark: Mark {
        switch self {
        case .scalar(let s): return s.mark
        case .sequence(_, let m), .mapping(_, let m): return m
        }
    }

    package var string: String? {
        if case .scalar(let s) = self { return s.string }
        return nil
    }

    package subscript(key: String) -> YAMLNode? {
        guard case .mapping(let pairs, _) = self else { return nil }
        return pairs.first { $0.key.string == key }?.value
    }

    /// One document (nil for none), refusing anchors and aliases ("billion
    /// laughs") and repeated keys at their marks.
    package static func compose(_ text: String, path: String) throws -> YAMLNode? {
        var text = text
        return try text.withUTF8 { bytes in
            var events = try YAMLEvents(bytes, path: path)
            var builder = Builder(path: path)
            return try builder.run(&events)
        }
    }

    /// The refusals the JSON form (`YAMLToJSON`) makes in the same words.
    static let secondDocument = "a table is one YAML document: a second one starts here"
    static let anchors = "anchors and aliases (&name, *name) are not supported: write the value out"
    static let keyNotText = "keys must be plain text"
    static func duplicateKey(_ key: String) -> String { "duplicate key '\(Sanitizer.excerpt(key))'" }

    /// Builds the tree on the events, one open collection per level.
    private struct Builder {
        let path: String
        var open: [(isMapping: Bool, mark: Mark, children: [YAMLNode])] = []
        var root: YAMLNode?
        /// Refused once the text has parsed, in document order, as the JSON
        /// form refuses them: a key that is not text, a value not of its tag's type.
        var laterError: CellarError?

        mutating func run(_ events: inout YAMLEvents) throws -> YAMLNode? {
            while true {
                let kind = try events.next()
                let (line, column) = events.position
                let mark = Mark(line: line, column: column)
                let isKey = open.last.map { $0.isMapping && $0.children.count % 2 == 0 } ?? false
                if isKey && (kind == .sequenceStart || kind == .mappingStart) && laterError == nil {
                    laterError = CellarError(YAMLNode.keyNotText, at: events.mark)
                }
                switch kind {
                case .scalar:
                    let bytes = events.scalarBytes
                    if !isKey, laterError == nil, let tag = events.scalarTag {
                        do { _ = try YAMLScalar.value(bytes, plain: events.isPlainScalar, tag: tag) } catch {
                            laterError = CellarError(error.message, at: events.mark)
                        }
                    }
                    let scalar = Scalar(
                        string: YAMLScalar.string(bytes), isPlain: events.isPlainScalar, tag: events.scalarTag,
                        mark: mark)
                    add(.scalar(scalar))
                case .sequenceStart, .mappingStart: open.append((kind == .mappingStart, mark, []))
                case .sequenceEnd:
                    let done = open.removeLast()
                    add(.sequence(done.children, done.mark))
                case .mappingEnd:
                    let done = open.removeLast()
                    add(.mapping(try pairs(done.children), done.mark))
                case .end:
                    if let laterError { throw laterError }
                    return root
                case .documentStart, .other: continue
                }
            }
        }

        mutating func add(_ node: YAMLNode) {
            if open.isEmpty { root = node } else { open[open.count - 1].children.append(node) }
        }

        /// Keys and values in order; a repeated key is refused where it repeats.
        func pairs(_ children: [YAMLNode]) throws -> [(key: YAMLNode, value: YAMLNode)] {
            var out: [(key: YAMLNode, value: YAMLNode)] = []
            out.reserveCapacity(children.count / 2)
            var seen: Set<String> = []
            for i in stride(from: 0, to: children.count - 1, by: 2) {
                let key = children[i]
                if let text = key.string, !seen.insert(text).inserted {
                    throw CellarError(
                        YAMLNode.duplicateKey(text),
                        at: SourceLocation(file: path, line: key.mark.line, column: key.mark.column))
                }
                out.append((key, children[i + 1]))
            }
            return out
        }
    }
}

/// Walks a YAML node tree (`YAMLNode`) into values, keeping marks for errors.
package struct NodeReader {
    let path: String

    package init(path: String) { self.path = path }

    func loc(_ node: YAMLNode) -> SourceLocation {
        SourceLocation(file: path, line: node.mark.line, column: node.mark.column)
    }

    package func fail(_ node: YAMLNode, _ message: String) -> CellarError { CellarError(message, at: loc(node)) }

    package func pairs(_ node: YAMLNode, what: String) throws -> [(key: String, keyNode: YAMLNode, value: YAMLNode)] {
        guard case .mapping(let m, _) = node else { throw fail(node, "\(what) must be a mapping of keys to values") }
        var out: [(String, YAMLNode, YAMLNode)] = []
        for (k, v) in m {
            guard case .scalar(let s) = k else { throw fail(k, YAMLNode.keyNotText) }
            out.append((s.string, k, v))
        }
        return out
    }

    /// Refused by `RowCheck.height`, as the streamed readers refuse it.
    package func height(_ node: YAMLNode, _ key: String) throws -> RowHeight {
        let v = try value(node)
        do { return try RowCheck.height(v, key) } catch { throw fail(node, error.message) }
    }

    package func value(_ node: YAMLNode) throws -> Value {
        switch node {
        case .scalar(let s):
            var text = s.string
            do {
                return try text.withUTF8 { try YAMLScalar.value($0, plain: s.isPlain, tag: s.tag) }
            } catch let e as ValueProblem {
                throw fail(node, e.message)
            }
        case .sequence(let seq, _): return .array(try seq.map { try value($0) })
        case .mapping:
            var o: [String: Value] = [:]
            for (k, _, v) in try pairs(node, what: "a value") { o[k] = try value(v) }
            return .object(o)
        }
    }
}
