import Cellar
import CellarDocuments
import CellarText
import FoundationEssentials

/// Reads a composed YAML tree for one file, turning every shape mistake into a
/// `CellarError` located at the offending node (`file:line:column`).
struct GoldenYAML {
    let file: String

    func location(_ node: YAMLNode) -> SourceLocation {
        SourceLocation(file: file, line: node.mark.line, column: node.mark.column)
    }

    func error(_ message: String, at node: YAMLNode) -> CellarError {
        CellarError(message, at: location(node))
    }

    /// Composes `text` as documents are composed (located errors, aliases copied within their bound).
    func compose(_ text: String) throws -> YAMLNode? {
        try YAMLNode.compose(text, path: file)
    }

    /// The pairs of a mapping node, keys as text (as table documents read them).
    func pairs(_ node: YAMLNode, what: String) throws -> [(key: String, keyNode: YAMLNode, value: YAMLNode)] {
        try NodeReader(path: file).pairs(node, what: what)
    }

    func string(_ node: YAMLNode, what: String) throws -> String {
        guard case .scalar(let s) = node else {
            throw error("\(what) must be text, found \(kind(node))", at: node)
        }
        return s.string
    }

    /// A whole number within `range` (every number a case gives is bounded
    /// where it enters, so playing it cannot overflow or over-allocate).
    func int(_ node: YAMLNode, what: String, in range: ClosedRange<Int>) throws -> Int {
        guard case .scalar = node, case .int(let i)? = try? value(node) else {
            throw error(
                "\(what) must be a whole number from \(range.lowerBound) to \(range.upperBound), found \(kind(node))",
                at: node)
        }
        guard i >= range.lowerBound else {
            throw error("\(what) must be at least \(range.lowerBound), found \(i)", at: node)
        }
        guard i <= range.upperBound else {
            throw error("\(what) must be at most \(range.upperBound), found \(i)", at: node)
        }
        return i
    }

    func bool(_ node: YAMLNode, what: String) throws -> Bool {
        guard case .scalar = node, case .bool(let b)? = try? value(node) else {
            throw error("\(what) must be true or false, found \(kind(node))", at: node)
        }
        return b
    }

    /// `[section, row]`.
    func indexPath(_ node: YAMLNode, what: String) throws -> IndexPath {
        guard case .sequence(let seq, _) = node, seq.count == 2 else {
            throw error("\(what) must be an index path [section, row], found \(kind(node))", at: node)
        }
        let items = Array(seq)
        let section = try int(items[0], what: "section", in: InputLimits.index)
        let row = try int(items[1], what: "row", in: InputLimits.index)
        return IndexPath(section, row)
    }

    /// Row data and state values, read exactly as table documents read them.
    func value(_ node: YAMLNode) throws -> Value {
        try NodeReader(path: file).value(node)
    }

    func kind(_ node: YAMLNode) -> String {
        switch node {
        case .scalar(let s): return s.string.isEmpty ? "nothing" : "'\(Sanitizer.excerpt(s.string))'"
        case .sequence: return "a list"
        case .mapping: return "a mapping"
        }
    }

    /// "unknown key 'widht' — did you mean 'width'?"
    func unknownKey(_ key: String, at node: YAMLNode, known: [String], in what: String) -> CellarError {
        error(Suggest.unknown(what, key, among: known), at: node)
    }
}
