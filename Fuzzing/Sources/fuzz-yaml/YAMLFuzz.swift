@_spi(Fuzzing) import CellarDocuments
import FuzzSupport

/// YAML's two event producers side by side: libyaml, and the subset scanner
/// that loads take first (`YAMLSubsetEvents`). Wherever the scanner does not
/// step aside, its events (kinds, marks, scalar text and style) must be
/// libyaml's, and a load's JSON form or error must be what libyaml alone
/// gives. A difference is a finding; errors and stepping aside are not.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzYAML(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    withFuzzBytes(data, size) { raw in
        let bytes = Array(raw)
        let difference = YAMLDifferential.mismatch(bytes)
        invariant(difference == nil, "the subset scanner and libyaml differ: \(difference ?? "")")
    }
}
