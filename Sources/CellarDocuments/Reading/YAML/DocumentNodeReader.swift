import Cellar
import CellarText

/// Walks a YAML node tree (`YAMLNode`) into a document, keeping marks for errors.
package struct NodeReader {
    let path: String
    var defaultCell = "default"

    package init(path: String) { self.path = path }

    func loc(_ node: YAMLNode) -> SourceLocation {
        SourceLocation(file: path, line: node.mark.line, column: node.mark.column)
    }

    func fail(_ node: YAMLNode, _ message: String) -> CellarError { CellarError(message, at: loc(node)) }

    package func pairs(_ node: YAMLNode, what: String) throws -> [(key: String, keyNode: YAMLNode, value: YAMLNode)] {
        guard case .mapping(let m, _) = node else { throw fail(node, "\(what) must be a mapping of keys to values") }
        var out: [(String, YAMLNode, YAMLNode)] = []
        for (k, v) in m {
            guard case .scalar(let s) = k else { throw fail(k, "keys must be plain text") }
            out.append((s.string, k, v))
        }
        return out
    }

    package func row(_ node: YAMLNode) throws -> Value {
        var object: [String: Value] = [:]
        var keyNodes: [String: YAMLNode] = [:]
        for (key, keyNode, value) in try pairs(node, what: "a row") {
            keyNodes[key] = keyNode
            switch key {
            case "cell":
                guard let id = try text(value, key), !id.isEmpty else {
                    throw fail(value, "cell must name a reuse identifier")
                }
                object[key] = .string(id)
            case "selected", "highlighted", "disabled", "editable", "deselectAfterSelect", "selectable":
                guard case .scalar = value, case .bool(let b)? = try? self.value(value) else {
                    throw fail(value, "\(key) must be true or false")
                }
                object[key] = .bool(b)
            case "editingStyle", "selectionStyle", "movable", "template", "leadingSwipeActions", "trailingSwipeActions":
                object[key] = try editingKey(key, value)
            case "background":
                let v = try self.value(value)
                do { _ = try BackgroundConfiguration.parse(v, key: key) } catch let e as RowDataError {
                    throw fail(
                        backgroundNode(e.keyPath, in: value),
                        e.pathAndMessage)
                }
                object[key] = v
            case "height":
                switch try height(value, key) {
                case .automatic: object[key] = .string("automatic")
                case .fixed(let n): object[key] = .int(n)
                }
            default:
                object[key] = try self.value(value)
            }
        }
        if object["cell"] == nil && defaultCell != "default" { object["cell"] = .string(defaultCell) }
        let row = Value.object(object)
        let id = object["cell"]?.stringValue ?? "default"
        if let kind = BuiltinCellStyle.Kind(rawValue: id) {
            if kind == .default, let detail = object["secondaryText"], detail != .null {
                throw fail(
                    keyNodes["secondaryText"] ?? node,
                    "style 'default' has no detail text (UIKit's detailTextLabel is nil); use subtitle, value1 or value2, or drop secondaryText"
                )
            }
            do { _ = try RowData.parse(row, style: kind) } catch let e as RowDataError {
                throw fail(locate(e.keyPath, in: node), e.pathAndMessage)
            }
        }
        return row
    }

    /// Where a `background` problem is: an unknown key itself, else the value at the key path.
    func backgroundNode(_ path: [String], in node: YAMLNode) -> YAMLNode {
        if path.count == 2, let last = path.last, !BackgroundConfiguration.documentKeys.contains(last),
            case .mapping(let m, _) = node, let (k, _) = m.first(where: { $0.key.string == last })
        {
            return k
        }
        return locate(Array(path.dropFirst()), in: node)
    }

    /// The node a key path points at (the deepest key found).
    func locate(_ path: [String], in node: YAMLNode) -> YAMLNode {
        var current = node
        for key in path {
            // A list position (a swipe action's place in its list).
            if case .sequence(let seq, _) = current, let i = Int(key), i >= 0, i < seq.count {
                current = seq[i]
                continue
            }
            guard case .mapping(let m, _) = current else { break }
            guard let (_, v) = m.first(where: { $0.key.string == key }) else { break }
            current = v
        }
        return current
    }

    /// Refused by `RowCheck.height`, as the streamed readers refuse it.
    func height(_ node: YAMLNode, _ key: String) throws -> RowHeight {
        let v = try value(node)
        do { return try RowCheck.height(v, key) } catch { throw fail(node, error.message) }
    }

    /// A title's text, or nil for a null.
    func text(_ node: YAMLNode, _ key: String) throws -> String? {
        guard case .scalar(let s) = node else { throw fail(node, "\(key) must be text") }
        return try value(node) == .null ? nil : s.string
    }

    func choice<E: RawRepresentable & CaseIterable>(_ node: YAMLNode, _: E.Type, _ key: String) throws -> E
    where E.RawValue == String {
        guard case .scalar(let s) = node else {
            throw fail(node, "\(key) must be one of \(E.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        if let e = E(rawValue: s.string) { return e }
        throw fail(node, "\(key): " + Suggest.unknown("value", s.string, among: E.allCases.map(\.rawValue)))
    }

    package func value(_ node: YAMLNode) throws -> Value {
        switch node {
        case .scalar(let s):
            var text = s.string
            do {
                return try text.withUTF8 { try YAMLScalar.value($0, plain: s.isPlain, tag: s.tag) }
            } catch let e as YAMLScalarProblem {
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
