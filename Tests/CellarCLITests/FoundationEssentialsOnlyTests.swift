import CellarTestSupport
import Foundation
import Testing

/// The modules linked into `cellar` import FoundationEssentials, never
/// Foundation itself: one import of Foundation links all of it, with
/// CoreFoundation and ICU, into the binary, and their relocations and
/// initialisers run at every start (a third of a one-row render's).
@Suite struct FoundationEssentialsOnlyTests {
    static let modules = [
        "cellar", "Cellar", "CellarDocuments", "CellarGolden", "CellarLua", "CellarTerminal", "CellarText",
    ]

    @Test(arguments: modules)
    func importsNoFoundationProper(module: String) throws {
        let base = CellarCLI.packageRoot + "/Sources/" + module
        let paths = FileManager.default.enumerator(atPath: base)?.compactMap { $0 as? String } ?? []
        let files = paths.filter { $0.hasSuffix(".swift") }
        #expect(!files.isEmpty)
        for file in files {
            let text = try String(contentsOfFile: base + "/" + file, encoding: .utf8)
            let imports = text.split(separator: "\n").filter { $0.contains(/^\s*(@\w+\s+)*import\s+Foundation\s*$/) }
            #expect(imports.isEmpty, "Sources/\(module)/\(file) imports Foundation: import FoundationEssentials")
        }
    }
}
