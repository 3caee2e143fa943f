import CLibYAML
import Cellar

/// libyaml and the subset scanner (`YAMLSubsetEvents`) side by side over
/// the same bytes, for the differential test and the fuzz target: both
/// assert `mismatch` is nil. Not for users of the library (hence the SPI).
@_spi(Fuzzing) public enum YAMLDifferential {
    /// Where the two differ over `bytes`, or nil. Whenever the subset scanner
    /// does not step aside, its events must be libyaml's, one for one (kind,
    /// start mark, scalar text, plain or not, no tag, no anchor), and the
    /// JSON form written from them libyaml's (libyaml finding no error).
    /// What a load makes of the bytes (the subset's JSON form, else
    /// libyaml's JSON form or error) must be what libyaml alone makes.
    public static func mismatch(_ bytes: [UInt8]) -> String? {
        let full = libyamlEvents(bytes)
        if let subset = subsetEvents(bytes), subset != full {
            let at =
                zip(subset, full).enumerated().first { $0.element.0 != $0.element.1 }?.offset
                ?? min(subset.count, full.count)
            let theirs = at < full.count ? full[at] : "(end)"
            let ours = at < subset.count ? subset[at] : "(end)"
            return "event \(at): libyaml \(theirs), subset \(ours)"
        }
        let libyaml = json(bytes, subsetFirst: false)
        let load = json(bytes, subsetFirst: true)
        return load == libyaml ? nil : "JSON form: libyaml \(libyaml), subset \(load)"
    }

    /// libyaml's events, one line each, the last its error if it finds one.
    public static func libyamlEvents(_ bytes: [UInt8]) -> [String] {
        guard !bytes.isEmpty else { return ["error: empty"] }
        return bytes.withUnsafeBufferPointer { buffer in
            var events = YAMLEvents(buffer, path: "t.yaml")
            var lines: [String] = []
            do { try trace(&events, into: &lines) } catch { lines.append("error: \(error)") }
            return lines
        }
    }

    /// The subset scanner's events, or nil when it steps aside.
    public static func subsetEvents(_ bytes: [UInt8]) -> [String]? {
        bytes.withUnsafeBufferPointer { buffer in
            guard var events = YAMLSubsetEvents(buffer, path: "t.yaml") else { return nil }
            var lines: [String] = []
            do { try trace(&events, into: &lines) } catch { return nil }
            return lines
        }
    }

    /// The JSON form of `bytes`, or its error: libyaml's, or (`subsetFirst`)
    /// the subset scanner's when it does not step aside, as a load converts.
    public static func json(_ bytes: [UInt8], subsetFirst: Bool) -> String {
        bytes.withUnsafeBufferPointer { buffer in
            if subsetFirst, let json = YAMLToJSON.convertSubset(buffer, path: "t.yaml", capacity: buffer.count) {
                return String(decoding: json, as: UTF8.self)
            }
            do {
                let json = try YAMLToJSON.convert(.bytes(buffer), path: "t.yaml", capacity: buffer.count)
                return String(decoding: json, as: UTF8.self)
            } catch { return "error: \(error)" }
        }
    }

    /// Whether the subset scanner reads `bytes` to their end without stepping aside.
    public static func isInSubset(_ bytes: [UInt8]) -> Bool { subsetEvents(bytes) != nil }

    /// The 1-based line at which the subset scanner steps aside from `bytes`, or nil when it does not.
    public static func lineSteppedAside(_ bytes: [UInt8]) -> Int? {
        bytes.withUnsafeBufferPointer { buffer in
            guard var events = YAMLSubsetEvents(buffer, path: "t.yaml") else { return 1 }
            var lines: [String] = []
            do { try trace(&events, into: &lines) } catch { return events.line + 1 }
            return nil
        }
    }

    private static func trace<Events: YAMLEventSource & ~Copyable>(
        _ events: inout Events, into lines: inout [String]
    ) throws {
        while true {
            let type = try events.next()
            switch type {
            case YAML_SCALAR_EVENT:
                let text = String(decoding: events.scalarBytes, as: UTF8.self).debugDescription
                let style = events.isPlainScalar ? "plain" : "quoted"
                lines.append(
                    "scalar \(events.startLine):\(events.startColumn) \(style) \(text) "
                        + "tag \(events.scalarTag ?? "-") anchor \(events.anchor ?? "-")")
            case YAML_SEQUENCE_START_EVENT, YAML_MAPPING_START_EVENT, YAML_ALIAS_EVENT:
                let kind =
                    type == YAML_ALIAS_EVENT ? "alias" : type == YAML_MAPPING_START_EVENT ? "mapping" : "sequence"
                lines.append("\(kind) \(events.startLine):\(events.startColumn) anchor \(events.anchor ?? "-")")
            case YAML_SEQUENCE_END_EVENT: lines.append("sequence end")
            case YAML_MAPPING_END_EVENT: lines.append("mapping end")
            case YAML_DOCUMENT_START_EVENT: lines.append("document")
            case YAML_DOCUMENT_END_EVENT: lines.append("document end")
            case YAML_STREAM_START_EVENT: lines.append("stream")
            case YAML_STREAM_END_EVENT:
                lines.append("stream end")
                return
            default: lines.append("event \(type.rawValue)")
            }
        }
    }
}
