import Cellar
import CellarTestSupport
import CellarText
import Foundation
import Testing

@testable import CellarLua

/// Loading only the styles a table uses (`StyleManifest`): the same styles and the
/// same errors as loading every file, whatever changed since the manifest was kept.
@Suite struct StyleManifestTests {
    /// Three styles, their files dated a minute ago (a file written in the clock tick
    /// of the load is never recorded: it could change again unseen).
    static func styles() throws -> (dir: ScratchDirectory, cache: String) {
        let dir = try styleDirectory([
            "a.lua": "return { identifier = 'alpha', fields = {'title'} }",
            "b.lua": "return { identifier = 'beta', fields = {'title'} }",
            "sub/c.lua": "return { identifier = 'gamma', kind = 'header_footer' }",
        ])
        try age(dir, ["Styles/a.lua", "Styles/b.lua", "Styles/sub/c.lua"])
        return (dir, dir.path + "/cache")
    }

    static func age(_ dir: ScratchDirectory, _ files: [String]) throws {
        for file in files {
            try FileManager.default.setAttributes(
                [.modificationDate: Date(timeIntervalSinceNow: -60)], ofItemAtPath: dir.path + "/" + file)
        }
    }

    /// The identifiers a load with `needing` registers, beyond the built-ins.
    static func load(
        _ dir: ScratchDirectory, cache: String?, needing: Set<String>, ifDefined: Set<String> = [],
        limits: LuaLimits = LuaLimits()
    ) throws -> [String] {
        let registry = Registry()
        try StyleLoader.load(
            directories: [dir.styles], into: registry, limits: limits, needing: needing, ifDefined: ifDefined,
            cacheDirectory: cache)
        return ["alpha", "beta"].filter { registry.style(for: $0) != nil }
            + (registry.headerFooterRegistration(for: "gamma").registered ? ["gamma"] : [])
    }

    @Test func theFirstLoadIsWholeAndTheNextLoadsOnlyWhatIsUsed() throws {
        let (dir, cache) = try Self.styles()
        #expect(try Self.load(dir, cache: cache, needing: ["beta"]) == ["alpha", "beta", "gamma"])
        #expect(FileManager.default.fileExists(atPath: cache + "/" + StyleManifest.fileName))
        #expect(try Self.load(dir, cache: cache, needing: ["beta"]) == ["beta"])
        #expect(try Self.load(dir, cache: cache, needing: ["gamma", "alpha"]) == ["alpha", "gamma"])
        // A document's own name that a style defines too is loaded, so the clash is met.
        let clash = try Self.load(dir, cache: cache, needing: ["beta"], ifDefined: ["alpha", "other"])
        #expect(clash == ["alpha", "beta"])
    }

    @Test func anIdentifierNoFileIsRecordedToDefineLoadsEveryFile() throws {
        let (dir, cache) = try Self.styles()
        _ = try Self.load(dir, cache: cache, needing: ["beta"])
        // The document's error then names every identifier there is, as without the manifest.
        #expect(try Self.load(dir, cache: cache, needing: ["betta"]) == ["alpha", "beta", "gamma"])
    }

    @Test func aChangedAddedOrRemovedFileLoadsEveryFileAndItsErrorIsMet() throws {
        let (dir, cache) = try Self.styles()
        _ = try Self.load(dir, cache: cache, needing: ["beta"])
        try dir.write("Styles/a.lua", "return { identifier = 'alpha', fields = {'title'} ")
        let error = cellarError { _ = try Self.load(dir, cache: cache, needing: ["beta"]) }
        #expect(error.map { "\($0)" }?.contains("a.lua:1: '}' expected") == true, "\(String(describing: error))")

        try dir.write("Styles/a.lua", "return { identifier = 'alpha', fields = {'title'} }")
        try Self.age(dir, ["Styles/a.lua"])
        _ = try Self.load(dir, cache: cache, needing: ["beta"])
        #expect(try Self.load(dir, cache: cache, needing: ["beta"]) == ["beta"])
        // A new file defining an identifier another already has: the duplicate is named.
        try dir.write("Styles/d.lua", "return { identifier = 'alpha' }")
        try Self.age(dir, ["Styles/d.lua"])
        let duplicate = cellarError { _ = try Self.load(dir, cache: cache, needing: ["beta"]) }
        #expect(duplicate?.message.contains("already defined by") == true, "\(String(describing: duplicate))")
        try FileManager.default.removeItem(atPath: dir.styles + "/d.lua")
        _ = try Self.load(dir, cache: cache, needing: ["beta"])
        try FileManager.default.removeItem(atPath: dir.styles + "/a.lua")
        #expect(try Self.load(dir, cache: cache, needing: ["beta"]) == ["beta", "gamma"])
    }

    @Test func filesWrittenJustNowAreNotRecorded() throws {
        let dir = try styleDirectory(["a.lua": "return { identifier = 'alpha' }"])
        let cache = dir.path + "/cache"
        #expect(try Self.load(dir, cache: cache, needing: ["alpha"]) == ["alpha"])
        #expect(!FileManager.default.fileExists(atPath: cache + "/" + StyleManifest.fileName))
    }

    @Test func aFileThatNoLongerDefinesItsRecordedIdentifierLoadsEveryFile() throws {
        let (dir, cache) = try Self.styles()
        _ = try Self.load(dir, cache: cache, needing: ["beta"])
        var manifest = try #require(StyleManifest.kept(in: cache).first)
        // As if a file's identifier came out otherwise on another run.
        manifest.entries[0].identifier = "beta"
        manifest.entries[1].identifier = "alpha"
        StyleManifest.keep(manifest, among: StyleManifest.kept(in: cache), in: cache)
        #expect(try Self.load(dir, cache: cache, needing: ["beta"]) == ["alpha", "beta", "gamma"])
    }

    @Test func aDamagedOrPlantedManifestIsPassedOver() throws {
        let (dir, cache) = try Self.styles()
        _ = try Self.load(dir, cache: cache, needing: ["beta"])
        let file = cache + "/" + StyleManifest.fileName
        var bytes = try #require(FileManager.default.contents(atPath: file))
        bytes[bytes.count - 3] ^= 0x20
        try bytes.write(to: URL(fileURLWithPath: file))
        #expect(StyleManifest.kept(in: cache).isEmpty)
        #expect(try Self.load(dir, cache: cache, needing: ["beta"]) == ["alpha", "beta", "gamma"])
        // A link in the cache is not followed.
        let good = try #require(FileManager.default.contents(atPath: file))
        try good.write(to: URL(fileURLWithPath: dir.path + "/elsewhere"))
        try FileManager.default.removeItem(atPath: file)
        try FileManager.default.createSymbolicLink(atPath: file, withDestinationPath: dir.path + "/elsewhere")
        #expect(StyleManifest.kept(in: cache).isEmpty)
    }

    /// Every prefix of a manifest, and every byte of it changed, reads as none or as a
    /// manifest (never a trap); a changed byte that still reads changed nothing the checksum covers.
    @Test func everyPrefixAndEveryChangedByteReadsAsNoneOrWhole() throws {
        let (dir, cache) = try Self.styles()
        _ = try Self.load(dir, cache: cache, needing: ["beta"])
        let file = cache + "/" + StyleManifest.fileName
        let bytes = try #require(FileManager.default.contents(atPath: file))
        let whole = StyleManifest.kept(in: cache)
        #expect(whole.count == 1)
        for length in 0..<bytes.count {
            try bytes.prefix(length).write(to: URL(fileURLWithPath: file))
            #expect(StyleManifest.kept(in: cache).isEmpty, "\(length) bytes")
        }
        for i in 0..<bytes.count {
            var changed = bytes
            changed[i] ^= 0x41
            try changed.write(to: URL(fileURLWithPath: file))
            let read = StyleManifest.kept(in: cache)
            #expect(read.isEmpty || read == whole, "byte \(i)")
        }
    }

    @Test func debugModeAndNoCacheLoadEveryFile() throws {
        let (dir, cache) = try Self.styles()
        _ = try Self.load(dir, cache: cache, needing: ["beta"])
        var debug = LuaLimits()
        debug.checksHookTables = true
        #expect(try Self.load(dir, cache: cache, needing: ["beta"], limits: debug) == ["alpha", "beta", "gamma"])
        #expect(try Self.load(dir, cache: nil, needing: ["beta"]) == ["alpha", "beta", "gamma"])
    }

    @Test func eachDirectorySetKeepsItsOwnManifestTheLatestFirst() throws {
        let (dir, cache) = try Self.styles()
        var others: [ScratchDirectory] = []
        for i in 0..<(StyleManifest.maximumKept + 1) {
            let other = try styleDirectory(["x.lua": "return { identifier = 'x\(i)' }"])
            try Self.age(other, ["Styles/x.lua"])
            _ = try Self.load(other, cache: cache, needing: ["x\(i)"])
            others.append(other)
            if i == 0 { _ = try Self.load(dir, cache: cache, needing: ["beta"]) }
        }
        let kept = StyleManifest.kept(in: cache)
        #expect(kept.count == StyleManifest.maximumKept)
        #expect(kept.first?.entries.map(\.identifier) == ["x\(StyleManifest.maximumKept)"])
        // The first set was pushed out by the later ones; the next load is whole again.
        #expect(!kept.contains { $0.entries.map(\.identifier) == ["x0"] })
        #expect(try Self.load(dir, cache: cache, needing: ["beta"]) == ["alpha", "beta", "gamma"])
    }

    /// Recording removes a temporary manifest a killed process left (empty or marked, an
    /// hour old), never a young one, another file's, a link, or one that is not Cellar's.
    @Test func recordingRemovesOnlyStaleTemporaryManifests() throws {
        let (dir, cache) = try Self.styles()
        let fm = FileManager.default
        try fm.createDirectory(atPath: cache, withIntermediateDirectories: true)
        let name = StyleManifest.fileName + CacheFiles.temporaryMarker
        let outside = dir.path + "/outside"
        try Data("CELLARSM precious".utf8).write(to: URL(fileURLWithPath: outside))
        // Name, contents (nil: a link out of the cache), an hour old, removed.
        let planted: [(String, String?, Bool, Bool)] = [
            (name + "41", "", true, true),
            (name + "42", "CELLARSM a manifest cut short", true, true),
            (name + "43", "CELLARSM written a moment ago", false, false),
            (name + "44", "someone else's file", true, false),
            (name + "x", "CELLARSM no process id", true, false),
            ("other.manifest" + CacheFiles.temporaryMarker + "45", "CELLARSM another file's", true, false),
            (name + "46", nil, true, false),
        ]
        for (file, text, old, _) in planted {
            let path = cache + "/" + file
            if let text {
                try Data(text.utf8).write(to: URL(fileURLWithPath: path))
            } else {
                try fm.createSymbolicLink(atPath: path, withDestinationPath: outside)
            }
            if old { try fm.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -7200)], ofItemAtPath: path) }
        }
        _ = try Self.load(dir, cache: cache, needing: ["beta"])
        for (file, _, _, removed) in planted {
            let there = (try? fm.attributesOfItem(atPath: cache + "/" + file)) != nil
            #expect(there == !removed, "\(file)")
        }
        #expect(try String(contentsOfFile: outside, encoding: .utf8) == "CELLARSM precious")
    }
}
