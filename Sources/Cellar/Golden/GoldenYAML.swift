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

    /// Composes `text`, converting Yams' errors into located ones.
    func compose(_ text: String) throws -> Node? {
        do {
            return try Yams.compose(yaml: text)
        } catch let e as YamlError {
            throw GoldenYAML.convert(e, file: file)
        }
    }

    static func convert(_ error: YamlError, file: String) -> CellarError {
        func at(_ mark: Mark) -> SourceLocation {
            SourceLocation(file: file, line: mark.line, column: mark.column)
        }
        func context(_ c: YamlError.Context?) -> String {
            guard let c else { return "" }
            return " (\(c.text))"
        }
        switch error {
        case let .scanner(ctx, problem, mark, _), let .parser(ctx, problem, mark, _),
             let .composer(ctx, problem, mark, _):
            return CellarError("malformed YAML: \(problem)\(context(ctx))", at: at(mark))
        case let .duplicatedKeysInMapping(duplicates, ctx):
            return CellarError("duplicate key \(duplicates.map { "'\($0)'" }.joined(separator: ", "))",
                               at: at(ctx.mark))
        case let .reader(problem, _, _, _):
            return CellarError("unreadable YAML: \(problem)", at: SourceLocation(file: file, line: 1, column: 1))
        default:
            return CellarError("malformed YAML: \(error)", at: SourceLocation(file: file, line: 1, column: 1))
        }
    }

    /// The pairs of a mapping node, keys as strings, rejecting non-string keys.
    func pairs(_ node: Node, what: String) throws -> [(key: String, keyNode: Node, value: Node)] {
        guard case .mapping(let mapping) = node else {
            throw error("\(what) must be a mapping, found \(kind(node))", at: node)
        }
        var out: [(String, Node, Node)] = []
        for (k, v) in mapping {
            guard let key = k.scalar?.string else { throw error("keys must be plain text", at: k) }
            out.append((key, k, v))
        }
        return out
    }

    func string(_ node: Node, what: String) throws -> String {
        guard case .scalar(let s) = node else {
            throw error("\(what) must be text, found \(kind(node))", at: node)
        }
        return s.string
    }

    func int(_ node: Node, what: String, min: Int) throws -> Int {
        guard case .scalar(let s) = node, s.style == .plain,
              case .int(let i) = GoldenYAML.resolvePlain(s.string) else {
            throw error("\(what) must be a whole number, found \(kind(node))", at: node)
        }
        guard i >= min else { throw error("\(what) must be at least \(min), found \(i)", at: node) }
        return i
    }

    func bool(_ node: Node, what: String) throws -> Bool {
        guard case .scalar(let s) = node, s.style == .plain,
              case .bool(let b) = GoldenYAML.resolvePlain(s.string) else {
            throw error("\(what) must be true or false, found \(kind(node))", at: node)
        }
        return b
    }

    /// `[section, row]`.
    func indexPath(_ node: Node, what: String) throws -> IndexPath {
        guard case .sequence(let seq) = node, seq.count == 2 else {
            throw error("\(what) must be an index path [section, row], found \(kind(node))", at: node)
        }
        let items = Array(seq)
        let section = try int(items[0], what: "section", min: 0)
        let row = try int(items[1], what: "row", min: 0)
        return IndexPath(section, row)
    }

    /// Row data and state values: YAML scalars resolved by the core schema
    /// (plain scalars only; quoted ones are always text).
    func value(_ node: Node) throws -> Value {
        switch node {
        case .scalar(let s):
            guard s.style == .plain else { return .string(s.string) }
            return GoldenYAML.resolvePlain(s.string)
        case .sequence(let seq):
            return .array(try seq.map(value))
        case .mapping:
            var object: [String: Value] = [:]
            for (key, _, v) in try pairs(node, what: "a mapping") { object[key] = try value(v) }
            return .object(object)
        case .alias:
            throw error("YAML aliases are not supported here", at: node)
        }
    }

    /// YAML 1.2 core schema for plain scalars: `yes`/`no`/`on`/`off` stay text.
    static func resolvePlain(_ text: String) -> Value {
        switch text {
        case "", "~", "null", "Null", "NULL": return .null
        case "true", "True", "TRUE": return .bool(true)
        case "false", "False", "FALSE": return .bool(false)
        default: break
        }
        let digits = text.utf8.drop { $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "+") }
        if !digits.isEmpty, text.utf8.count - digits.count <= 1,
           digits.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }),
           let i = Int(text) {
            return .int(i)
        }
        if text.utf8.contains(where: { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }),
           text.utf8.allSatisfy({ "0123456789+-.eE".utf8.contains($0) }), let d = Double(text) {
            return .double(d)
        }
        return .string(text)
    }

    func kind(_ node: Node) -> String {
        switch node {
        case .scalar(let s): return s.string.isEmpty ? "nothing" : "'\(s.string)'"
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
