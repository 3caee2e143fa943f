import Cellar
import Foundation

extension LuaStyleEngine {
    /// The style table's `fields` (on top of the stack): a list of row key names.
    func rowFields(_ path: String) throws -> [String] {
        let problem = "\(path): fields must be a list of row key names, e.g. fields = {\"title\", \"body\"}"
        guard case .array(let items)? = try? runtime.value(at: -1) else { throw styleError(problem) }
        return try items.map { item in
            guard case .string(let name) = item, !name.isEmpty else { throw styleError(problem) }
            return name
        }
    }

    /// One error naming every unknown style key, in the order the file
    /// defines them (the table's own order is a hash order that changes from
    /// run to run).
    func unknownStyleKeys(_ keys: [String], path: String) -> CellarError {
        let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        func line(_ key: String) -> Int? {
            lines.firstIndex { l in
                guard let r = l.range(of: key) else { return false }
                let before = l[l.startIndex..<r.lowerBound].last
                let after = l[r.upperBound...].drop { $0 == " " || $0 == "\t" }.first
                return before.map { !($0.isLetter || $0.isNumber || $0 == "_") } != false && after == "="
            }.map { $0 + 1 }
        }
        let located = keys.map { (key: $0, line: line($0)) }
            .sorted { ($0.line ?? Int.max, $0.key) < ($1.line ?? Int.max, $1.key) }
        let messages = located.map { k in
            let at = k.line.map { "\(path):\($0)" } ?? path
            return styleError(
                "\(at): \(Suggest.unknown("style key", k.key, among: StyleLoader.styleKeys)) (private fields start with '_')"
            ).message
        }
        // Sanitised one by one: the line breaks between them are Cellar's own.
        return CellarError(messages.joined(separator: "\n"))
    }
}
