import Cellar
import CellarDocuments
import CellarGolden
import CellarLua
import FuzzSupport
import Glibc

/// Golden case files: parsed, and when they parse, played against the
/// built-in styles and the shipped Lua styles (Styles/), as `cellar test`
/// would. The case claims to live in Styles/cases/fuzz/, so a `table:` path
/// resolves against the real case tree.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzGolden(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    withFuzzBytes(data, size) { raw in
        let text = String(decoding: raw, as: UTF8.self)
        guard let scenario = try? GoldenCaseParser.parse(text, path: casePath, name: "fuzz") else { return }
        // Reading what a case names is the loader's business (and its known
        // hazards, FIFOs and /dev/zero, are not what this target looks for):
        // only regular files are played.
        if case .file(let path, _) = scenario.table, !isRegularFile(path) { return }
        _ = try? GoldenScenario.play(scenario, registry: registry)
    }
}

private let casePath = repositoryRoot + "/Styles/cases/fuzz/fuzz.case.yaml"

// libFuzzer calls the target from one thread only.
nonisolated(unsafe) private let registry: Registry = {
    let registry = Registry()
    do {
        try StyleLoader.load(directories: [repositoryRoot + "/Styles"], into: registry)
    } catch {
        fatalError("fuzz-golden: cannot load the shipped styles: \(error)")
    }
    return registry
}()

private func isRegularFile(_ path: String) -> Bool {
    var info = stat()
    return lstat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFREG
}
