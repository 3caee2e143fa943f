@_spi(Fuzzing) import CellarDocuments
import FuzzSupport

/// A YAML text read both ways Cellar reads YAML, on the same events: the
/// node tree (cases, inline tables, the Swift API) and the JSON form the
/// streamed reader indexes (`YAMLReadings`). They must give the same value
/// or the same located error, and the JSON form parsed on a second thread
/// (`YAMLEventsAhead`) and the one read by the block scanner
/// (`YAMLBlockScanner`, which declines what is outside its subset) the same
/// bytes or error as libfyaml's on one thread; a difference is a finding,
/// an error is not.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzYAML(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    withFuzzBytes(data, size) { raw in
        let difference = YAMLReadings.mismatch(Array(raw))
        invariant(difference == nil, "the node tree and the JSON form differ: \(difference ?? "")")
        let other = YAMLReadings.readerMismatch(Array(raw))
        invariant(other == nil, "the JSON form read ahead or by the block scanner differs: \(other ?? "")")
    }
}
