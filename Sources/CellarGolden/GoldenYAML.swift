import Cellar
import CellarDocuments
import CellarText
import Foundation
import Yams

/// Reads a composed YAML tree for one file, turning every shape mistake into a
/// `CellarError` located at the offending node (`file:line:column`).
struct GoldenYAML {
    let file: String

    func location(_ node: Node) -> SourceLocation {
        guard let mark = node.mark else { return SourceLocation(file: file, line: 1, column: 1) }
        return SourceLocation(file: file, line: mark.line, column: mark.column)
    }

    func error(_ message: String, at node: Node) -> CellarError {
        CellarError(message, at: location(node))
    }

    /// Composes `text` as documents are composed (located errors, no aliases).
    func compose(_ text: String) throws -> Node? {
        try TableDocument.compose(text, path: file)
    }

    /// The pairs of a mapping node, keys as text (as table documents read them).
    func pairs(_ node: Node, what: String) throws -> [(key: String, keyNode: Node, value: Node)] {
        try NodeReader(path: file).pairs(node, what: what)
    }

    func string(_ node: Node, what: String) throws -> String {
        guard case .scalar(let s) = node else {
            throw error("\(what) must be text, found \(kind(node))", at: node)
        }
        return s.string
    }

    /// A whole number within `range` (every number a case gives is bounded
    /// where it enters, so playing it cannot overflow or over-allocate).
    func int(_ node: Node, what: String, in range: ClosedRange<Int>) throws -> Int {
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

    func bool(_ node: Node, what: String) throws -> Bool {
        guard case .scalar = node, case .bool(let b)? = try? value(node) else {
            throw error("\(what) must be true or false, found \(kind(node))", at: node)
        }
        return b
    }

    /// `[section, row]`.
    func indexPath(_ node: Node, what: String) throws -> Cellar.IndexPath {
        guard case .sequence(let seq) = node, seq.count == 2 else {
            throw error("\(what) must be an index path [section, row], found \(kind(node))", at: node)
        }
        let items = Array(seq)
        let section = try int(items[0], what: "section", in: InputLimits.index)
        let row = try int(items[1], what: "row", in: InputLimits.index)
        return Cellar.IndexPath(section, row)
    }

    /// Row data and state values, read exactly as table documents read them.
    func value(_ node: Node) throws -> Value {
        try NodeReader(path: file).value(node)
    }

    func kind(_ node: Node) -> String {
        switch node {
        case .scalar(let s): return s.string.isEmpty ? "nothing" : "'\(Sanitizer.excerpt(s.string))'"
        case .sequence: return "a list"
        case .mapping: return "a mapping"
        case .alias: return "an alias"
        }
    }

    /// "unknown key 'widht' — did you mean 'width'?"
    func unknownKey(_ key: String, at node: Node, known: [String], in what: String) -> CellarError {
        error(Suggest.unknown(what, key, among: known), at: node)
    }
}
