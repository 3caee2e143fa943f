import Cellar
import CellarTestSupport
import Foundation
import Testing

@testable import CellarDocuments

/// A big YAML file's JSON form, spooled in the cache's directory, is kept
/// there with the load index of its scan (`<hash>.form` beside
/// `<hash>.index`), so the next load of the same unchanged file with the same
/// options reads neither the YAML nor a row; a changed file, a changed or
/// missing form, or a damaged index is passed over and the YAML read again.
@Suite struct KeptYAMLFormTests {
    typealias S = LoadIndexSupport

    static func formFile(_ cache: LoadIndexCache, of path: String) -> String {
        cache.file(for: PathName.real(path) ?? path, suffix: IndexFiles.formSuffix)
    }

    @Test func theSecondLoadReadsTheKeptFormAndGivesTheSameTable() throws {
        let dir = try ScratchDirectory()
        let cache = S.cache(dir)
        let path = try S.write(dir, "t.yaml", S.sectionedYAML)
        let scanned = try S.loadYAML(path, nil)
        let cold = try S.loadYAML(path, cache)
        #expect(cold.loadIndexUse == .written)
        let form = Self.formFile(cache, of: path)
        let kept = try [UInt8](Data(contentsOf: URL(fileURLWithPath: form)))
        #expect(Array(kept.prefix(8)) == JSONFormSpool.magic)
        #expect(Array(kept.dropFirst(JSONFormSpool.headerSize)) == JSONFormSpoolTests.form(scanned))
        let warm = try S.loadYAML(path, cache)
        #expect(warm.loadIndexUse == .read)
        #expect(S.state(warm) == S.state(scanned))
        #expect(try LoadIndexHostileTests.drawn(warm) == LoadIndexHostileTests.drawn(scanned))
        // A row's error is still located in the YAML, which was not read.
        #expect(warm.location(ofRow: 1).map { "\($0)" } == "\(path):8:9")
        #expect(warm.location(ofRow: 1) == scanned.location(ofRow: 1))
        // Other options the scan reads: read again, and kept for them.
        let other = TableOptions(defaultCell: "subtitle")
        #expect(try S.loadYAML(path, cache, options: other).loadIndexUse == .written)
        #expect(try S.loadYAML(path, cache, options: other).loadIndexUse == .read)
    }

    /// (A changed YAML file: `LoadIndexTests.aChangedOrTouchedFileIsScannedAgain`.)
    @Test func aChangedOrMissingFormIsPassedOver() throws {
        let dir = try ScratchDirectory()
        let cache = S.cache(dir)
        let path = try S.write(dir, "t.yaml", "sections:\n  - rows:\n      - text: plums\n")
        #expect(try S.loadYAML(path, cache).loadIndexUse == .written)
        #expect(try S.loadYAML(path, cache).loadIndexUse == .read)
        // A form written over (its bytes the same, its times not), or gone: the YAML is read again.
        let form = Self.formFile(cache, of: path)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: form))
        try bytes.write(to: URL(fileURLWithPath: form))
        #expect(try S.loadYAML(path, cache).loadIndexUse == .written)
        #expect(unlink(form) == 0)
        let again = try S.loadYAML(path, cache)
        #expect(again.loadIndexUse == .written)
        #expect(try again.row(0)["text"] == .string("plums"))
        // A link planted where the form was is not followed.
        let outside = try dir.write("outside", String(decoding: bytes, as: UTF8.self))
        #expect(unlink(form) == 0 && symlink(outside, form) == 0)
        #expect(try S.loadYAML(path, cache).loadIndexUse == .written)
    }

    /// Only a spool made in the cache's directory is kept (a name there costs no copy); a YAML
    /// file given as bytes, a small one (held in memory) or one loaded without a cache keeps none.
    @Test func onlyASpooledFormInTheCachesDirectoryIsKept() throws {
        let dir = try ScratchDirectory()
        let cache = S.cache(dir)
        let path = try S.write(dir, "t.yaml", S.sectionedYAML)
        let held = try StreamedDocument.load(yamlFile: path, options: TableOptions(), indexCache: cache)
        #expect(held.loadIndexUse == .none)
        #expect(try S.load(path, cache).loadIndexUse == .none)
        #expect(try S.loadYAML(path, nil).loadIndexUse == .none)
        #expect(((try? FileManager.default.contentsOfDirectory(atPath: cache.directory)) ?? []).isEmpty)
    }

    /// A form counts toward the cache's total size and goes, oldest first, with its index;
    /// one too big for half the cache is not kept.
    @Test func formsAreEvictedWithTheIndexes() throws {
        let dir = try ScratchDirectory()
        var cache = S.cache(dir)
        let first = try S.write(dir, "a.yaml", S.sectionedYAML)
        #expect(try S.loadYAML(first, cache).loadIndexUse == .written)
        let form = Self.formFile(cache, of: first)
        try S.setAge(form, 7200)
        try S.setAge(S.indexFile(cache, of: first), 7200)
        let size = try #require(try FileManager.default.attributesOfItem(atPath: form)[.size] as? Int)
        cache.maximumTotalSize = size + size / 2 + 1
        let second = try S.write(dir, "b.yaml", S.sectionedYAML)
        #expect(try S.loadYAML(second, cache).loadIndexUse == .written)
        // The index goes with its form (neither is of use alone).
        #expect(!FileManager.default.fileExists(atPath: form))
        #expect(!FileManager.default.fileExists(atPath: S.indexFile(cache, of: first)))
        #expect(FileManager.default.fileExists(atPath: Self.formFile(cache, of: second)))
        #expect(try S.loadYAML(first, cache).loadIndexUse == .written)
        cache.maximumTotalSize = 2 * (size - JSONFormSpool.headerSize)
        let third = try S.write(dir, "c.yaml", S.sectionedYAML)
        #expect(try S.loadYAML(third, cache).loadIndexUse == .none)
    }

    /// The default cache keeps the form of a YAML table of a million rows with long notes
    /// (`Scripts/bench cli`'s notes shape: a 244 MB file, a 218 MB form), so its later renders are warm.
    @Test func theDefaultCacheKeepsAMillionRowsForm() {
        let cache = LoadIndexCache(directory: "/c")
        #expect(cache.keeps(formOfSize: 240 << 20))
        #expect(!cache.keeps(formOfSize: cache.maximumTotalSize / 2))
    }
}
