/// YAML for the subset scanner's differential tests: hand-picked edges of
/// the subset, a seeded generator of documents written in it (block and flow
/// collections, every scalar style, comments, odd indentation), and seeded
/// mutations that push documents over its edges.
enum YAMLSubsetCorpus {
    /// A small random generator with a fixed seed, so a failure is seen again.
    struct Seeded {
        var state: UInt64
        mutating func next() -> UInt64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return state ^ (state >> 33)
        }
        mutating func below(_ n: Int) -> Int { Int(next() % UInt64(n)) }
        mutating func pick<T>(_ choices: [T]) -> T { choices[below(choices.count)] }
        mutating func chance(_ percent: Int) -> Bool { below(100) < percent }
    }

    static let longKey = String(repeating: "k", count: 1100)

    static let edges: [String] = [
        "a: b\n  c\n", "- a\n  - b\n", "a:\n- b\nc: d\n", "a: 'x\n  y'\n", "a: \"x\\\n y\"\n", "a: x # c\n",
        "a: \"b\"#c\n", "a: b:c\n", "a: {x: http://y}\n", "a: {x: y:z}\n", "{a: b}\n", "[a]\n", "---\na: b\n",
        "--- # c\na: b\n", "---\n---\n", "---\n", "a: b\n...\n", "a: b\n---\nc: d\n", "\u{FEFF}a: b\n", "a: b\r\n",
        "a:\tb\n", "a: b\t\n", "a: \u{85}\n", "a: x\u{2028}y\n", "a: \"\u{2028}\"\n", "a: \u{FFFE}\n", "a: x\u{A0}y\n",
        "? a\n: b\n", "a: &x b\n", "a: *x\n", "a: !!str b\n", "a: |\n  x\n", "a: >\n  x\n", "%YAML 1.1\n---\na: b\n",
        "a:\n  - b\n  - c\n", "- a: 1\n  b: 2\n- c: 3\n", "- - a\n  - b\n- c\n", "-\n- a\n", "a:\n",
        "a:\n  # c\n  b: 1\n", "a: [b, c, ]\n", "a: {b: c, }\n", "a: [b, , c]\n", "a: {b}\n", "a: {b: }\n",
        "a: [b: c]\n", "a: {[b]: c}\n", "a: [\n", "a: -\n", "a: - b\n", "\(longKey): v\n", "a: {\(longKey): v}\n",
        "a: \"\\uD800\"\n", "a: \"\\q\"\n", "a: \"\\x4\"\n", "a: \"\\U00110000\"\n", "a: \"\\x41\\u00e9\\U0001F600\"\n",
        "a: \"\\N\\_\\L\\P\\e\\ \\\t\\0\\a\\b\\v\\f\\r\\/\\'\"\n", "  a: b\n c: d\n", "  a: b\nc: d\n",
        "a:\n  b: 1\n c: 2\n", "- a\n -b\n", "a: b\n  # c\nd: e\n", "a: x\n# c\n  y\n", "a: 'it''s'\n", "a: ''\n",
        "a: \"\"\n", "\"a\": b\n", "'a': b\n", "\"a\":b\n", "a : b\n", "a  :  b  \n", "-1: x\n", "---x: 1\n",
        "...x: 1\n", "a: -x\n", "a: ?x\n", "a: :x\n", "a: x: y\n", "a: [x]: y\n", "- {a: b}\n  c: d\n", ":\n",
        ": a\n", "-\n", "a:\n -\n", "x\n", "\"x\"\n", "[a, b]\n", "a: b\n\n\n", "a: b", "# only\n", "", " ", "\n",
        "a: b\nb: c\na: d\n", "a:\n- b\n- c\nd:\n- e\n", "a:\n  - b\n  -\n  - c\n", "a: b#c\n", "a: b #c\n",
        "a: {\"x\":y, 'z' : w}\n", "a: [-x, -]\n", "a: [- x]\n", "a: {? x}\n", "a: [a:]\n", "a: {a: b:}\n",
        "a: {a: b:,c: d}\n", "a: {a :b}\n", "a: x\n  \n  y\n", "a:\n\n  b\n", "- a\n\n  b\n", "a: 한글 🍎\nb: c\n",
        "한: 글\n", "- 🍎: {🍊: \"한글\", x: '가'}\n  y: z\n", "a: \"\u{1}\"\n", "a: '\u{7F}'\n", "a: x\u{7F}\n",
        "a:\n    - b\n  c: d\n", "a:\n  b:\n    c:\n      d: e\n  f: g\nh: i\n", "- a\n- b\n-c\n", "a:\n\t- b\n",
        "a: 'x' y\n", "a: \"x\" y\n", "a: {b: c} d\n", "a: [b] # c\n", "a: [b]#c\n", "a: 'x'#c\n", "a: x #\n",
        "a: \"\\\"\"\n", "a: '\\'\n", "a: \"\\\\\"\n", "? \n", "a: @x\n", "a: `x\n", "a: %x\n", "a: x%\n",
    ]

    static let words = [
        "a", "b", "key", "value", "Row 1", "한글", "🍎", "café", "12", "-3", "4.5", "1e3", "true", "no", "~", "null",
        "a:b", "a#b", "http://x.y/z", "x-y", "[x", "x]", "x,y", "{x", "x}", "-", "?", "::", "가 나", "0x1F", ".inf", "—",
    ]

    static func plain(_ rng: inout Seeded) -> String {
        var text = rng.pick(words.filter { !$0.hasPrefix("[") && !$0.hasPrefix("{") && $0 != "-" && $0 != "?" })
        if rng.chance(30) { text += rng.pick([" ", "  "]) + rng.pick(words) }
        return text
    }

    static func scalar(_ rng: inout Seeded, flow: Bool) -> String {
        switch rng.below(10) {
        case 0, 1:
            let inner = rng.pick(["it''s", "a b", "", "한글 '' 🍎", "x: y", "# z", "\\n", "\t"])
            return "'\(inner)'"
        case 2, 3:
            let inner = rng.pick([
                "a b", "", "\\\"q\\\"", "\\\\", "\\n\\t", "\\u00e9\\x41", "\\U0001F600", "\\/", "한글", "x: y", "# z",
                "\\0", "\\e\\N\\_",
            ])
            return "\"\(inner)\""
        default:
            let text = plain(&rng)
            // In a flow collection these end or break a plain scalar.
            if flow && text.contains(where: { ",[]{}:#".contains($0) }) { return "w" }
            return text
        }
    }

    static func flow(_ rng: inout Seeded, depth: Int) -> String {
        let count = rng.below(4)
        let isMapping = rng.chance(60)
        var items: [String] = []
        for _ in 0..<count {
            let value = depth < 2 && rng.chance(20) ? flow(&rng, depth: depth + 1) : scalar(&rng, flow: true)
            items.append(isMapping ? "\(scalar(&rng, flow: true))\(rng.pick([": ", ":  ", " : "]))\(value)" : value)
        }
        let joined = items.joined(separator: rng.pick([", ", ",", " , "]))
        return isMapping ? "{\(joined)}" : "[\(joined)]"
    }

    static func tail(_ rng: inout Seeded) -> String {
        rng.chance(15) ? rng.pick([" # note", "  #한글", " #"]) : rng.chance(10) ? "  " : ""
    }
}

extension YAMLSubsetCorpus {
    /// A document in the subset: a block mapping or sequence, nested a few levels.
    static func document(_ rng: inout Seeded) -> String {
        var lines: [String] = []
        if rng.chance(10) { lines.append(rng.pick(["# header", "", "   # indented"])) }
        if rng.chance(10) { lines.append(rng.pick(["---", "--- # start", "---  "])) }
        let base = rng.chance(10) ? rng.below(3) + 1 : 0
        if rng.chance(60) {
            mapping(&rng, indent: base, depth: 0, first: nil, into: &lines)
        } else {
            sequence(&rng, indent: base, depth: 0, first: nil, into: &lines)
        }
        return lines.joined(separator: "\n") + (rng.chance(90) ? "\n" : "")
    }

    static func spaces(_ n: Int) -> String { String(repeating: " ", count: n) }

    static func between(_ rng: inout Seeded, into lines: inout [String]) {
        if rng.chance(8) { lines.append(rng.pick(["", "  ", "# c", "      # deep comment", "#"])) }
    }

    /// A node after `key:` or `-` that ended its line, on the lines below at `indent` (or indentless).
    static func below(_ rng: inout Seeded, indent: Int, depth: Int, mapping: Bool, into lines: inout [String]) {
        let step = rng.pick([1, 2, 2, 2, 3, 4])
        switch rng.below(depth >= 4 ? 1 : 4) {
        case 0:
            lines.append(spaces(indent + step) + (rng.chance(50) ? scalar(&rng, flow: false) : flow(&rng, depth: 0)))
        case 1: Self.mapping(&rng, indent: indent + step, depth: depth + 1, first: nil, into: &lines)
        case 2 where mapping && rng.chance(50):
            sequence(&rng, indent: indent, depth: depth + 1, first: nil, into: &lines)
        default: sequence(&rng, indent: indent + step, depth: depth + 1, first: nil, into: &lines)
        }
    }

    static func mapping(_ rng: inout Seeded, indent: Int, depth: Int, first: String?, into lines: inout [String]) {
        for i in 0..<(1 + rng.below(4)) {
            let prefix = i == 0 ? first ?? spaces(indent) : spaces(indent)
            let key =
                rng.chance(80)
                ? rng.pick(["k\(i)", "키\(i)", "\"k \(i)\"", "'k\(i)'", "k-\(i)"]) : scalar(&rng, flow: false)
            let colon = rng.pick([":", ":", " :"])
            switch rng.below(depth >= 4 ? 3 : 6) {
            case 0: lines.append("\(prefix)\(key)\(colon) \(scalar(&rng, flow: false))\(tail(&rng))")
            case 1: lines.append("\(prefix)\(key)\(colon) \(flow(&rng, depth: 0))\(tail(&rng))")
            case 2: lines.append("\(prefix)\(key)\(colon)\(rng.chance(20) ? " # empty" : "")")
            default:
                lines.append("\(prefix)\(key)\(colon)\(rng.chance(10) ? " # below" : "")")
                between(&rng, into: &lines)
                below(&rng, indent: indent, depth: depth, mapping: true, into: &lines)
            }
            between(&rng, into: &lines)
        }
    }

    static func sequence(_ rng: inout Seeded, indent: Int, depth: Int, first: String?, into lines: inout [String]) {
        for i in 0..<(1 + rng.below(4)) {
            let dash = (i == 0 ? first ?? spaces(indent) : spaces(indent)) + "-"
            switch rng.below(depth >= 4 ? 3 : 6) {
            case 0: lines.append("\(dash) \(scalar(&rng, flow: false))\(tail(&rng))")
            case 1: lines.append("\(dash) \(flow(&rng, depth: 0))\(tail(&rng))")
            case 2: lines.append(dash + (rng.chance(20) ? " # empty" : ""))
            case 3:
                let gap = rng.pick([1, 1, 2, 3])
                mapping(&rng, indent: indent + 1 + gap, depth: depth + 1, first: dash + spaces(gap), into: &lines)
            case 4: sequence(&rng, indent: indent + 2, depth: depth + 1, first: dash + " ", into: &lines)
            default:
                lines.append(dash)
                below(&rng, indent: indent, depth: depth, mapping: false, into: &lines)
            }
            between(&rng, into: &lines)
        }
    }

    static let insertions = [
        "\"", "'", ":", ": ", "#", " #", "\t", "&a ", "*a", "!", "!!str ", "|", ">", "\\", "\\x4", "\\u00e9", "\\q",
        "한", "🍎", "\u{85}", "\u{2028}", "\u{FEFF}", "\u{FFFE}", "\r", "\n", " ", "  ", "- ", "---", "...", "{", "}",
        "[", "]", ",", "?", "? ", "%", "@", "`", "\u{1}", "\u{7F}", "\n          deep: x", "\n x", "\\\n", "''", "-",
        "\n---\n", "\n...\n", "x:", " x", "{a: b}", "[a]", "\"\\\"\"",
    ].map { Array($0.utf8) }

    /// One seeded change: an insertion, a deletion, or a line moved, copied or re-indented.
    static func mutate(_ bytes: inout [UInt8], _ rng: inout Seeded) {
        let at = rng.below(bytes.count + 1)
        switch rng.below(8) {
        case 0, 1, 2, 3: bytes.insert(contentsOf: rng.pick(insertions), at: at)
        case 4: bytes.removeSubrange(at..<min(bytes.count, at + 1 + rng.below(4)))
        case 5: bytes = Array(bytes.prefix(at))
        default:
            var lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map(Array.init)
            let i = rng.below(lines.count)
            switch rng.below(3) {
            case 0: lines.insert(lines[i], at: rng.below(lines.count + 1))
            case 1: lines[i] = Array(spaces(1 + rng.below(3)).utf8) + lines[i]
            default: lines[i] = Array(lines[i].drop { $0 == UInt8(ascii: " ") }.prefix(Int.max))
            }
            bytes = Array(lines.joined(separator: [UInt8(ascii: "\n")]))
        }
    }
}
