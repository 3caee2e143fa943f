import CLibYAML
import Cellar

/// The subset scanner's flow collections: `{key: value, ...}` and
/// `[item, ...]` of scalars and flow collections, opened and closed on one
/// line. Empty entries, a trailing comma, a key without a value, a pair in
/// a sequence (`[a: b]`) and a collection as a key are left to libyaml.
extension YAMLSubsetEvents {
    /// The flow collection whose `{` or `[` is at `i`; returns the offset after its closing bracket.
    mutating func flow(at i: Int, depth: Int) throws(OutsideSubset) -> Int {
        guard depth < Self.maximumDepth else { throw OutsideSubset() }
        let isMapping = text[i] == UInt8(ascii: "{")
        let close = isMapping ? UInt8(ascii: "}") : UInt8(ascii: "]")
        emit(isMapping ? YAML_MAPPING_START_EVENT : YAML_SEQUENCE_START_EVENT, column: column(of: i))
        var j = skipSpaces(from: i &+ 1)
        if j < lineEnd && text[j] == close {
            emit(isMapping ? YAML_MAPPING_END_EVENT : YAML_SEQUENCE_END_EVENT, column: 0)
            return j &+ 1
        }
        while true {
            if isMapping {
                guard j < lineEnd else { throw OutsideSubset() }
                let key = try scalar(at: j, flow: true)
                emit(key)
                j = skipSpaces(from: key.end)
                guard j < lineEnd, text[j] == UInt8(ascii: ":"), j &- key.from <= Self.maximumKeyBytes else {
                    throw OutsideSubset()
                }
                j = skipSpaces(from: j &+ 1)
            }
            j = skipSpaces(from: try flowNode(at: j, depth: depth))
            guard j < lineEnd else { throw OutsideSubset() }
            if text[j] == close {
                emit(isMapping ? YAML_MAPPING_END_EVENT : YAML_SEQUENCE_END_EVENT, column: 0)
                return j &+ 1
            }
            guard text[j] == UInt8(ascii: ",") else { throw OutsideSubset() }
            j = skipSpaces(from: j &+ 1)
            guard j < lineEnd, text[j] != close else { throw OutsideSubset() }
        }
    }

    /// A node inside a flow collection at `i`; returns where it ends.
    private mutating func flowNode(at i: Int, depth: Int) throws(OutsideSubset) -> Int {
        guard i < lineEnd else { throw OutsideSubset() }
        let b = text[i]
        if b == UInt8(ascii: "{") || b == UInt8(ascii: "[") { return try flow(at: i, depth: depth &+ 1) }
        let s = try scalar(at: i, flow: true)
        emit(s)
        return s.end
    }
}
