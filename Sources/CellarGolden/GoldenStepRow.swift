import Cellar
import CellarDocuments
import CellarText

/// A row a step inserts (`insert`, a row's `template`), read from the case's
/// node tree with the checks and words of a document's rows (`RowCheck`).
extension NodeReader {
    func row(_ node: YAMLNode) throws -> Value {
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

    func editingKey(_ key: String, _ node: YAMLNode) throws -> Value {
        switch key {
        case "editingStyle": return .string(try choice(node, EditingStyle.self, key).rawValue)
        case "selectionStyle": return .string(try choice(node, SelectionStyle.self, key).rawValue)
        case "leadingSwipeActions", "trailingSwipeActions":
            let list = try value(node)
            do { _ = try ContextualAction.actions(from: list) } catch {
                let at = error.keyPath.isEmpty ? node : locate(error.keyPath, in: node)
                throw fail(at, "\(error.path(under: key)): \(error.message)")
            }
            return list
        case "movable":
            if case .scalar(let s) = node, s.string == RowMovability.withinSection.rawValue { return .string(s.string) }
            guard case .scalar = node, case .bool(let b)? = try? value(node) else {
                throw fail(
                    node,
                    "movable must be true, false or withinSection (got '\(Sanitizer.excerpt(node.string ?? "?"))')")
            }
            return .bool(b)
        default:  // "template": the row a tap on this row's ⊕ inserts, read as any row is
            guard case .mapping = node else {
                throw fail(node, "template must be a row (a mapping with 'cell' and its data)")
            }
            return try row(node)
        }
    }
}
