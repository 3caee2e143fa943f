import Cellar
import CellarText

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
