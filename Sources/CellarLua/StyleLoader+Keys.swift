import Cellar
import FoundationEssentials

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

    /// The style table's `samples` (on top of the stack): a list of at most
    /// `maxSamples` row tables, each the data of one row the gallery draws
    /// (`cellar gallery`); for a header/footer style, a view's data.
    func sampleRows(_ path: String) throws -> [Value] {
        let problem =
            "\(path): samples must be a list of at most \(StyleLoader.maxSamples) row tables, e.g. samples = {{title = \"Milk\"}}"
        let value: Value
        do { value = try runtime.value(at: -1) } catch { throw styleError("\(path): samples: \(error)") }
        guard case .array(let rows) = value, rows.count <= StyleLoader.maxSamples else { throw styleError(problem) }
        return try rows.map { row in
            guard case .object = row else { throw styleError(problem) }
            return row
        }
    }

    /// Unknown style keys one error names at most, each looked for in the file.
    static let namedUnknownKeys = 20

    /// One error naming the unknown style keys, in the order the file
    /// defines them (the table's own order is a hash order that changes from
    /// run to run); past `namedUnknownKeys`, the first by name after a line
    /// that counts them all; nil when there are none (the file is read only then).
    func unknownStyleKeys(_ keys: [String], path: String) -> CellarError? {
        guard !keys.isEmpty else { return nil }
        let lines = Self.sourceLines(path)
        let named = keys.sorted().prefix(Self.namedUnknownKeys)
        let located = named.map { (key: $0, place: Self.definitionPlace(of: $0, in: lines)) }
            .sorted {
                ($0.place?.line ?? .max, $0.place?.offset ?? 0, $0.key) < (
                    $1.place?.line ?? .max, $1.place?.offset ?? 0, $1.key
                )
            }
        var errors = located.map { k in
            let at = k.place.map { "\(path):\($0.line)" } ?? path
            return styleError(
                "\(at): \(Suggest.unknown("style key", k.key, among: StyleLoader.styleKeys)) (private fields start with '_')"
            )
        }
        if keys.count > named.count {
            errors.insert(
                styleError("\(path): \(keys.count) unknown style keys; the first \(named.count) by name:"), at: 0)
        }
        return CellarError(reporting: errors)
    }

    /// A header/footer style's keys are the view hooks only: a cell hook
    /// (on_select, accessory, …) would never run, so it is an error, named
    /// at its line, not a silent no-op.
    func checkHeaderFooterKeys(_ d: StyleDeclaration, path: String) throws {
        let refused = d.keys.filter { !StyleLoader.headerFooterKeys.contains($0) }.sorted()
        guard let first = refused.first else { return }
        let at = Self.definitionLine(of: first, in: Self.sourceLines(path)).map { "\(path):\($0)" } ?? path
        throw styleError(
            "\(at): \(refused.joined(separator: ", ")) \(refused.count == 1 ? "is a cell key" : "are cell keys"); a kind = \"header_footer\" style has \(StyleLoader.headerFooterKeys.joined(separator: ", "))"
        )
    }

    /// The style file's lines, to name the line a key is defined at (the Lua
    /// table itself does not know it).
    static func sourceLines(_ path: String) -> [Substring] {
        let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
        return text.split(separator: "\n", omittingEmptySubsequences: false)
    }

    /// The 1-based line of the first `key =` that is the whole name (not the
    /// end of a longer one), wherever it stands on its line.
    static func definitionLine(of key: String, in lines: [Substring]) -> Int? {
        definitionPlace(of: key, in: lines)?.line
    }

    /// `definitionLine`, and the key's offset in its line (to order keys that share one).
    static func definitionPlace(of key: String, in lines: [Substring]) -> (line: Int, offset: Int)? {
        let length = key.utf8.count
        for (n, l) in lines.enumerated() {
            // A line shorter than the key cannot hold it (searching builds a table as long as the key).
            guard l.utf8.count > length else { continue }
            var rest = l[...]
            while let r = rest.firstRange(of: key) {
                let before = l[l.startIndex..<r.lowerBound].last
                let after = l[r.upperBound...].drop { $0 == " " || $0 == "\t" }.first
                if before.map({ !($0.isLetter || $0.isNumber || $0 == "_") }) != false && after == "=" {
                    return (n + 1, l.utf8.distance(from: l.startIndex, to: r.lowerBound))
                }
                rest = l[r.upperBound...]
            }
        }
        return nil
    }
}
