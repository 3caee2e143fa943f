import Cellar

/// A YAML text read both ways (the node tree of cases, the JSON form of
/// documents): they must give the same value or located error, which the
/// tests and `fuzz-yaml` hold them to. SPI: not for users.
@_spi(Fuzzing) public enum YAMLReadings {
    /// A reading's value, or its error as printed.
    public enum Outcome: Equatable, Sendable {
        case value(Value)
        case error(String)
    }

    static func outcome(_ body: () throws -> Value) -> Outcome {
        do { return .value(try body()) } catch { return .error("\(error)") }
    }

    /// The whole text's value (null for no document) by the node tree.
    public static func tree(_ bytes: [UInt8], path: String = "t.yaml") -> Outcome {
        outcome {
            try TableDocument.checkYAMLText(bytes, path: path)
            let root = try YAMLNode.compose(String(decoding: bytes, as: UTF8.self), path: path)
            return try root.map { try NodeReader(path: path).value($0) } ?? .null
        }
    }

    /// The whole text's value by its JSON form, every scalar as a value.
    public static func json(_ bytes: [UInt8], path: String = "t.yaml") -> Outcome {
        outcome {
            let out = try bytes.withUnsafeBufferPointer { try YAMLToJSON.convert($0, path: path, titles: false) }
            return try out.withUnsafeBufferPointer { buffer in
                var j = JSONBytes(buffer, yamlForm: true)
                return try j.value()
            }
        }
    }

    /// Where the two readings differ, or nil (a NaN is the same as another).
    public static func mismatch(_ bytes: [UInt8]) -> String? {
        let tree = tree(bytes)
        let json = json(bytes)
        if tree == .value(.null), json == .error("t.yaml:1:1: the document is empty") { return nil }
        return same(tree, json) ? nil : "node tree \(tree), JSON form \(json)"
    }

    /// With `scanning`, a text in the block subset is read by `YAMLBlockScanner`.
    static func form(_ bytes: [UInt8], titles: Bool, aheadFrom minimumBytes: Int, scanning: Bool = false) -> String {
        do {
            let out = try bytes.withUnsafeBufferPointer {
                try YAMLToJSON.convert($0, path: "t.yaml", titles: titles, aheadFrom: minimumBytes, scanning: scanning)
            }
            return out.withUnsafeBufferPointer { String(decoding: $0, as: UTF8.self) }
        } catch { return "error: \(error)" }
    }

    /// Where the JSON form read by another reader differs from libfyaml's on
    /// this thread (their bytes or their errors), or nil: libfyaml ahead on a
    /// second thread (`YAMLEventsAhead`), the block scanner (`YAMLBlockScanner`) here and ahead.
    public static func readerMismatch(_ bytes: [UInt8]) -> String? {
        for titles in [true, false] {
            let plain = form(bytes, titles: titles, aheadFrom: Int.max)
            for (scanning, minimumBytes) in [(false, 0), (true, Int.max), (true, 0)] {
                let other = form(bytes, titles: titles, aheadFrom: minimumBytes, scanning: scanning)
                let reader = (scanning ? "scanner" : "libfyaml") + (minimumBytes == 0 ? " ahead" : "")
                if other != plain { return "libfyaml \(plain.prefix(300)), \(reader) \(other.prefix(300))" }
            }
        }
        return nil
    }

    static func same(_ tree: Outcome, _ json: Outcome) -> Bool {
        guard case .value(let a) = tree, case .value(let b) = json else { return tree == json }
        return same(a, b)
    }

    static func same(_ a: Value, _ b: Value) -> Bool {
        switch (a, b) {
        case (.double(let x), .double(let y)) where x.isNaN || y.isNaN: return x.isNaN && y.isNaN
        case (.array(let x), .array(let y)): return x.count == y.count && zip(x, y).allSatisfy { same($0, $1) }
        case (.object(let x), .object(let y)):
            return x.count == y.count && x.allSatisfy { key, value in y[key].map { same(value, $0) } ?? false }
        default: return a == b
        }
    }
}
