import Cellar
import CellarDocuments
import CellarLua
import CellarTestSupport
import Foundation
import Testing

@testable import cellar

/// `render` loads the Lua styles only when the table uses one: a table of
/// built-in styles starts without compiling them, so a broken style it does
/// not use is not its error; a table that uses any Lua style loads them all
/// and names the broken one as before. Once every style file has loaded, the
/// manifest kept in the cache (`StyleManifest`) lets the next table load only
/// the files of the styles it uses, with the same table and the same errors.
@Suite struct StylesWhenUsedCLITests {
    static let broken = "return { identifier = \"broken\", layout = function( end }\n"
    static let good = "return { identifier = \"shout\", configure = function(cell, row) cell.text = row.text end }\n"

    func directory() throws -> ScratchDirectory {
        let dir = try ScratchDirectory.withStyles()
        try dir.write("Styles/broken.lua", Self.broken)
        try dir.write("Styles/shout.lua", Self.good)
        return dir
    }

    @Test func aTableOfBuiltinStylesNeverLoadsTheLuaOnes() throws {
        let dir = try directory()
        try dir.write(
            "t.yaml",
            "register: {plainRow: value1}\nsections:\n  - rows:\n      - {cell: plainRow, text: Wi-Fi, secondaryText: On}\n"
                + "      - {text: Plain}\n")
        let run = try CellarCLI.run(["render", "t.yaml", "--width", "20"], in: dir.path)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("Wi-Fi") && run.stdout.contains("Plain"))
    }

    @Test(arguments: [
        "sections:\n  - rows:\n      - {cell: shout, text: hi}\n",
        "register: {loud: shout}\nsections:\n  - rows:\n      - {cell: loud, text: hi}\n",
        "sections:\n  - headerView: {view: shout}\n    rows:\n      - {text: hi}\n",
        "sections:\n  - rows:\n      - {cell: shuot, text: hi}\n",
    ])
    func aTableUsingAnyOtherStyleLoadsThemAll(table: String) throws {
        let dir = try directory()
        try dir.write("t.yaml", table)
        let run = try CellarCLI.run(["render", "t.yaml", "--width", "20"], in: dir.path)
        #expect(run.status == 1 && run.stderr.contains("broken.lua:1:"), "\(run.stderr)")
    }

    static let tables = [
        "sections:\n  - rows:\n      - {cell: shout, text: hi}\n",
        "register: {loud: shout}\nsections:\n  - rows:\n      - {cell: loud, text: hi}\n",
        "register: {whisper: shout}\nsections:\n  - rows:\n      - {cell: whisper, text: hi}\n",
        "sections:\n  - headerView: {view: banner}\n    rows:\n      - {cell: shout, text: hi}\n",
        "sections:\n  - rows:\n      - {cell: shuot, text: hi}\n",
        "register: {loud: shuot}\nsections:\n  - rows:\n      - {cell: loud, text: hi}\n",
        "sections:\n  - headerView: {view: baner}\n    rows:\n      - {text: hi}\n",
    ]

    /// Three good styles (one a header view), dated a minute ago so that a load records them.
    func goodStyles() throws -> ScratchDirectory {
        let dir = try ScratchDirectory.withStyles()
        try dir.write("Styles/shout.lua", Self.good)
        try dir.write("Styles/whisper.lua", "return { identifier = \"whisper\", fields = {\"text\"} }\n")
        try dir.write(
            "Styles/banner.lua",
            "return { identifier = \"banner\", kind = \"header_footer\", layout = function(v, d) return ui.text(\"B\") end }\n"
        )
        for name in ["shout", "whisper", "banner"] {
            try FileManager.default.setAttributes(
                [.modificationDate: Date(timeIntervalSinceNow: -60)], ofItemAtPath: dir.styles + "/\(name).lua")
        }
        return dir
    }

    @Test(arguments: tables)
    func throughTheManifestATableDrawsAndFailsTheSame(table: String) throws {
        let dir = try goodStyles()
        try dir.write("t.yaml", table)
        let cache: [String: String?] = ["CELLAR_CACHE_DIR": dir.path + "/cache"]
        let whole = try CellarCLI.run(
            ["render", "t.yaml", "--width", "20"], in: dir.path,
            environment: cache.merging(["CELLAR_ACCELERATORS": "-style-manifest"]) { $1 })
        // The first run records the manifest; the second reads it.
        for _ in 0..<2 {
            let run = try CellarCLI.run(["render", "t.yaml", "--width", "20"], in: dir.path, environment: cache)
            #expect(run.status == whole.status && run.stdout == whole.stdout && run.stderr == whole.stderr)
            #expect(FileManager.default.fileExists(atPath: dir.path + "/cache/styles.manifest"))
        }
    }

    /// `--no-index-cache` and the accelerator's switch neither write a manifest nor read one.
    @Test(arguments: [
        (["--no-index-cache"], [String: String?]()), ([String](), ["CELLAR_ACCELERATORS": "-style-manifest"]),
        ([String](), ["CELLAR_ACCELERATORS": "off"]),
    ])
    func theManifestIsTurnedOffByTheFlagAndTheSwitch(flags: [String], environment: [String: String?]) throws {
        let dir = try goodStyles()
        try dir.write("t.yaml", Self.tables[0])
        let cache: [String: String?] = ["CELLAR_CACHE_DIR": dir.path + "/cache"]
        let run = try CellarCLI.run(
            ["render", "t.yaml", "--width", "20"] + flags, in: dir.path,
            environment: cache.merging(environment) { $1 })
        #expect(run.status == 0, "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir.path + "/cache/styles.manifest"))
        let on = try CellarCLI.run(["render", "t.yaml", "--width", "20"], in: dir.path, environment: cache)
        #expect(on.stdout == run.stdout)
        #expect(FileManager.default.fileExists(atPath: dir.path + "/cache/styles.manifest"))
    }

    @Test func throughTheManifestOnlyTheStylesATableUsesLoad() throws {
        let dir = try goodStyles()
        let cache = dir.path + "/cache"
        try dir.write("t.yaml", Self.tables[3])
        let source = try LoadedTable.load(path: dir.path + "/t.yaml", format: nil, sizeLimit: nil)
        func loaded() throws -> [String] {
            let registry = Registry()
            try DocumentTable.loadStyles(
                for: source, from: [dir.styles], into: registry, limits: LuaLimits(), cache: cache)
            return ["shout", "whisper"].filter { registry.style(for: $0) != nil }
                + (registry.headerFooterRegistration(for: "banner").registered ? ["banner"] : [])
        }
        #expect(try loaded() == ["shout", "whisper", "banner"])
        #expect(try loaded() == ["shout", "banner"])
    }
}
