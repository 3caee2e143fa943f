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

    /// One document (nil for none), refused as and where its JSON form
    /// (`YAMLToJSON`) refuses it: repeated keys, keys that are not text, values not of their tag's type.
    package static func compose(_ text: String, path: String) throws -> YAMLNode? {
        var text = text
        return try text.withUTF8 { bytes in
            var form = YAMLToJSON(bytes, path: path, capacity: bytes.count)
            var builder = Builder()
            try YAMLEventBatch.read(bytes, path: path, dropping: nil, scanning: false, aheadFrom: .max) { batch in
                builder.add(batch, of: bytes)
                return try form.write(batch, target: nil)
            }
            return builder.root
        }
    }

    static let secondDocument = "a table is one YAML document: a second one starts here"
    static let keyNotText = "keys must be plain text"
    static let keyMissing = "a key is missing: nothing is written before its ':' (an empty key is written \"\")"
    static func duplicateKey(_ key: String) -> String { "duplicate key '\(Sanitizer.excerpt(key))'" }

    /// Builds the tree on the events, one open collection per level.
    private struct Builder {
        var open: [(isMapping: Bool, mark: Mark, children: [YAMLNode])] = []
        var root: YAMLNode?

        mutating func add(_ batch: YAMLEventBatch, of input: UnsafeBufferPointer<UInt8>) {
            for e in batch.events {
                let mark = Mark(line: e.line, column: e.column)
                switch e.kind {
                case .scalar:
                    let text = YAMLScalar.string(batch.text(of: e, in: input))
                    add(.scalar(Scalar(string: text, isPlain: e.isPlain, tag: batch.tag(of: e), mark: mark)))
                case .sequenceStart, .mappingStart: open.append((e.kind == .mappingStart, mark, []))
                case .sequenceEnd:
                    let done = open.removeLast()
                    add(.sequence(done.children, done.mark))
                case .mappingEnd:
                    let done = open.removeLast()
                    let pairs = stride(from: 0, to: done.children.count - 1, by: 2).map {
                        (key: done.children[$0], value: done.children[$0 + 1])
                    }
                    add(.mapping(pairs, done.mark))
                default: continue
                }
            }
        }

        mutating func add(_ node: YAMLNode) {
            if open.isEmpty { root = node } else { open[open.count - 1].children.append(node) }
        }
    }
}

/// Walks a YAML node tree (`YAMLNode`) into values, keeping marks for errors.
package struct NodeReader {
    let path: String

    package init(path: String) { self.path = path }

    package func fail(_ node: YAMLNode, _ message: String) -> CellarError {
        CellarError(message, at: SourceLocation(file: path, line: node.mark.line, column: node.mark.column))
    }

    package func pairs(_ node: YAMLNode, what: String) throws -> [(key: String, keyNode: YAMLNode, value: YAMLNode)] {
        guard case .mapping(let m, _) = node else { throw fail(node, "\(what) must be a mapping of keys to values") }
        return try m.map { k, v in
            guard case .scalar(let s) = k else { throw fail(k, YAMLNode.keyNotText) }
            return (s.string, k, v)
        }
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
