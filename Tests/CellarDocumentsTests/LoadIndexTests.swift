import Cellar
import CellarTestSupport
import CellarText
import Foundation
import Testing

@testable import CellarDocuments

/// A big file's load index: written after a scan that passes, taken
/// instead of the scan by the next load of the same unchanged file with the
/// same options, and passed over (the file scanned as if there were none)
/// when the file, the options or the index itself are not what it says.
@Suite struct LoadIndexTests {
    typealias S = LoadIndexSupport

    @Test func theSecondLoadTakesTheIndexAndGivesTheSameDocument() throws {
        let dir = try ScratchDirectory()
        let cache = S.cache(dir)
        let path = try S.write(dir, "t.json", S.sectionedJSON)
        let first = try S.load(path, cache)
        #expect(first.loadIndexUse == .written)
        #expect(FileManager.default.fileExists(atPath: S.indexFile(cache, of: path)))
        let second = try S.load(path, cache)
        #expect(second.loadIndexUse == .read)
        #expect(S.state(second) == S.state(first))
        let plain = try S.load(path, nil)
        #expect(plain.loadIndexUse == .none)
        #expect(S.state(plain) == S.state(first))
    }

    /// A ⊕ row's template is checked against the styles as the rows are, by a load that takes the index too.
    @Test(arguments: ["t.json", "t.jsonl", "t.yaml"])
    func aTemplateIsCheckedWithTheRows(name: String) throws {
        let dir = try ScratchDirectory()
        let cache = S.cache(dir)
        let good = #"{"text": "a"}"#
        let bad = #"{"text": "Add", "editingStyle": "insert", "template": {"cell": "subtitle", "txt": "T"}}"#
        let text = name == "t.jsonl" ? good + "\n" + bad + "\n" : #"{"sections": [{"rows": [\#(good), \#(bad)]}]}"#
        let path = try S.write(dir, name, text)
        for use in [LoadIndexUse.written, .read] {
            let doc = try name == "t.yaml" ? S.loadYAML(path, cache) : S.load(path, cache)
            #expect(doc.loadIndexUse == use)
            do {
                try doc.validate(against: Registry())
                Issue.record("\(name): the template passed")
            } catch {
                #expect(
                    "\(error)".hasSuffix(
                        ": template: style 'subtitle' does not read row key 'txt' — did you mean 'text'?"), "\(error)")
                #expect("\(error)".contains(name == "t.jsonl" ? "t.jsonl:2:1" : ":1:\(good.utf8.count + 27)"))
            }
        }
        let fixed = try S.write(dir, "fixed." + name, text.replacingOccurrences(of: "txt", with: "text"))
        try (name == "t.yaml" ? S.loadYAML(fixed, cache) : S.load(fixed, cache)).validate(against: Registry())
    }

    /// Rows-only files, with and without sections of their own (`--section-by`, `--index-titles`).
    @Test(arguments: ["t.jsonl", "t.csv", "t.tsv"])
    func rowsOnlyFormatsTakeTheirIndex(name: String) throws {
        let dir = try ScratchDirectory()
        let cache = S.cache(dir)
        let rows = [("Fruit", "Apple 🍎", "true"), ("Fruit", "Pear", "false"), ("Grain", "Rice", "true")]
        let text: String
        switch name {
        case "t.jsonl":
            text = rows.map { "{\"aisle\": \"\($0.0)\", \"text\": \"\($0.1)\", \"selected\": \($0.2)}\n" }.joined()
        case "t.csv": text = "aisle,text,selected\n" + rows.map { "\($0.0),\"\($0.1)\",\($0.2)\n" }.joined()
        default: text = "aisle\ttext\tselected\n" + rows.map { "\($0.0)\t\($0.1)\t\($0.2)\n" }.joined()
        }
        let path = try S.write(dir, name, text)
        for options in [TableOptions(), TableOptions(sectionBy: "aisle", indexTitles: true)] {
            let scanned = try S.load(path, nil, options: options)
            #expect(try S.load(path, cache, options: options).loadIndexUse == .written)
            let warm = try S.load(path, cache, options: options)
            #expect(warm.loadIndexUse == .read)
            #expect(S.state(warm) == S.state(scanned))
            #expect(warm.sections.count == (options.sectionBy == nil ? 1 : 2))
            #expect(warm.found.selectedRows == [0, 2])
        }
    }

    @Test func theCacheDirectoryAndFilesAreTheUsersAlone() throws {
        let dir = try ScratchDirectory()
        let cache = LoadIndexCache(directory: dir.path + "/a/b/cellar", minimumSize: 0)
        let path = try S.write(dir, "t.jsonl", "{\"text\": \"a\"}\n")
        #expect(try S.load(path, cache).loadIndexUse == .written)
        let fm = FileManager.default
        for d in ["/a", "/a/b", "/a/b/cellar"] {
            let mode = try fm.attributesOfItem(atPath: dir.path + d)[.posixPermissions] as? Int
            #expect(mode == 0o700, "\(d)")
        }
        let file = try fm.attributesOfItem(atPath: S.indexFile(cache, of: path))[.posixPermissions] as? Int
        #expect(file == 0o600)
        // Nothing but the index is left (the temporary file was renamed).
        #expect(try fm.contentsOfDirectory(atPath: cache.directory).count == 1)
    }

    /// A YAML file's index comes with its kept form (`KeptYAMLFormTests`), read through `S.loadYAML`.
    @Test(arguments: ["jsonl", "yaml"])
    func aChangedOrTouchedFileIsScannedAgain(format: String) throws {
        let dir = try ScratchDirectory()
        let cache = S.cache(dir)
        func load(_ path: String) throws -> StreamedDocument {
            format == "yaml" ? try S.loadYAML(path, cache) : try S.load(path, cache)
        }
        func table(_ first: String, _ second: String) -> String {
            format == "yaml"
                ? "sections:\n  - rows:\n      - text: \(first)\n      - text: \(second)\n"
                : "{\"text\": \"\(first)\"}\n{\"text\": \"\(second)\"}\n"
        }
        let path = try S.write(dir, "t." + format, table("apple", "pear"), age: 100)
        #expect(try load(path).loadIndexUse == .written)
        // The same size, other rows, another time: the index is not taken, and the new rows are read.
        try S.write(dir, "t." + format, table("plum!", "figs"), age: 50)
        let changed = try load(path)
        #expect(changed.loadIndexUse == .written)
        #expect(try changed.row(0)["text"] == .string("plum!"))
        #expect(try load(path).loadIndexUse == .read)
        // Only the times changed: still another file as far as the index can tell.
        try S.setAge(path, 30)
        #expect(try load(path).loadIndexUse == .written)
        #expect(try load(path).loadIndexUse == .read)
        // A file replaced by another at the same path (another inode).
        let other = try S.write(dir, "u." + format, table("plum!", "figs"), age: 30)
        try FileManager.default.removeItem(atPath: path)
        try FileManager.default.moveItem(atPath: other, toPath: path)
        #expect(try load(path).loadIndexUse == .written)
    }

    @Test func aFileWrittenJustNowGetsNoIndex() throws {
        let dir = try ScratchDirectory()
        let cache = S.cache(dir)
        let path = try S.write(dir, "t.jsonl", "{\"text\": \"a\"}\n", age: 0)
        #expect(try S.load(path, cache).loadIndexUse == .none)
        #expect(!FileManager.default.fileExists(atPath: S.indexFile(cache, of: path)))
        // A time in the future (a clock set back) is as racy.
        try S.setAge(path, -3_600)
        #expect(try S.load(path, cache).loadIndexUse == .none)
        try S.setAge(path, 3)
        #expect(try S.load(path, cache).loadIndexUse == .written)
    }

    @Test func otherOptionsOrAnotherFormatScanAgain() throws {
        let dir = try ScratchDirectory()
        let cache = S.cache(dir)
        let path = try S.write(dir, "t.jsonl", "{\"text\": \"a\", \"k\": \"x\"}\n{\"text\": \"b\", \"k\": \"y\"}\n")
        #expect(try S.load(path, cache).loadIndexUse == .written)
        let variants = [
            TableOptions(defaultCell: "subtitle"), TableOptions(sectionBy: "k"),
            TableOptions(sectionBy: "k", indexTitles: true),
        ]
        for options in variants {
            let doc = try S.load(path, cache, options: options)
            #expect(doc.loadIndexUse == .written)
            #expect(S.state(doc) == S.state(try S.load(path, nil, options: options)))
            #expect(try S.load(path, cache, options: options).loadIndexUse == .read)
        }
        // Options the scan does not read share the index.
        let styled = TableOptions(sectionBy: "k", indexTitles: true, style: .grouped, estimatedRowHeight: 2)
        #expect(try S.load(path, cache, options: styled).loadIndexUse == .read)
        // The same bytes read as another format.
        let table = try S.write(dir, "t.csv", "text\tk,v\na\tx,y\n")
        let asCSV = try S.load(table, cache)
        #expect(asCSV.loadIndexUse == .written)
        #expect(asCSV.columns == ["text\tk", "v"])
        let asTSV = try StreamedDocument.load(DocumentInput.read(table, format: .tsv), indexCache: cache)
        #expect(asTSV.loadIndexUse == .written)
        #expect(asTSV.columns == ["text", "k,v"])
    }

    /// (A YAML file read through its spooled JSON form keeps both: `KeptYAMLFormTests`.)
    @Test func smallFilesAndYAMLReadWholeGetNone() throws {
        let dir = try ScratchDirectory()
        var cache = S.cache(dir)
        let path = try S.write(dir, "t.jsonl", "{\"text\": \"a\"}\n")
        cache.minimumSize = 16
        #expect(try S.load(path, cache).loadIndexUse == .none)
        #expect(!FileManager.default.fileExists(atPath: cache.directory))
        cache.minimumSize = 0
        let yaml = try S.write(dir, "t.yaml", "sections:\n  - rows:\n      - text: a\n")
        #expect(try S.load(yaml, cache).loadIndexUse == .none)
        // Standard input and bytes given have no file to name.
        let given = DocumentInput(path: path, bytes: Array("{\"text\": \"a\"}\n".utf8), format: .jsonl)
        #expect(try StreamedDocument.load(given, indexCache: cache).loadIndexUse == .none)
    }

    @Test func aCacheThatCannotBeWrittenIsPassedOverSilently() throws {
        let dir = try ScratchDirectory()
        let path = try S.write(dir, "t.jsonl", "{\"text\": \"a\"}\n")
        // Below a regular file no directory can be made, even by root.
        let blocked = try dir.write("file", "x")
        for directory in [blocked + "/cache", blocked, "/proc/cellar-cache"] {
            let cache = LoadIndexCache(directory: directory, minimumSize: 0)
            let doc = try S.load(path, cache)
            #expect(doc.loadIndexUse == .none, "\(directory)")
            #expect(try doc.row(0)["text"] == .string("a"))
        }
    }

    @Test func theOldestIndexesGoBeyondTheTotalSize() throws {
        let dir = try ScratchDirectory()
        var cache = S.cache(dir)
        var paths: [String] = []
        for i in 0..<3 {
            let path = try S.write(dir, "t\(i).jsonl", "{\"text\": \"row \(i)\"}\n")
            #expect(try S.load(path, cache).loadIndexUse == .written)
            try S.setAge(S.indexFile(cache, of: path), Double(100 - i * 10))
            paths.append(path)
        }
        let each = try #require(
            try FileManager.default.attributesOfItem(atPath: S.indexFile(cache, of: paths[0]))[.size] as? Int)
        // Room for three: the new one and the two youngest stay.
        cache.maximumTotalSize = 3 * each + each / 2
        let fourth = try S.write(dir, "t3.jsonl", "{\"text\": \"row 3\"}\n")
        #expect(try S.load(fourth, cache).loadIndexUse == .written)
        let left = paths.map { FileManager.default.fileExists(atPath: S.indexFile(cache, of: $0)) }
        #expect(left == [false, true, true])
        #expect(FileManager.default.fileExists(atPath: S.indexFile(cache, of: fourth)))
    }

    /// Eviction touches only what the cache wrote: a file named like an index
    /// without its magic, a file of another name, a link named like an index
    /// (and what it points to, outside the cache) and an old temporary file of
    /// someone else's all stay, however old and whatever the total size.
    @Test func evictionRemovesOnlyTheCachesOwnFiles() throws {
        let dir = try ScratchDirectory()
        var cache = S.cache(dir)
        let first = try S.write(dir, "t0.jsonl", "{\"text\": \"row 0\"}\n")
        #expect(try S.load(first, cache).loadIndexUse == .written)
        let ownOld = S.indexFile(cache, of: first)
        let outside = try dir.write("outside.index", "CELLARIX precious, outside the cache\n")
        let planted = [
            "0123456789abcdef.index": "not an index\n",
            "notes.index": "CELLARIX but not a name the cache gives\n",
            "0123456789ABCDEF.index": "CELLARIX upper-case hex is not the cache's\n",
            "0123456789abcdef.index.tmp-x": "CELLARIX a temporary name with no process id\n",
            "fedcba9876543210.index.tmp-42": "someone else's old temporary file\n",
            "0123456789abcdef.form": "not a kept form\n",
            "fedcba9876543210.form.tmp-42": "CELLARIX an index's magic is not a form's\n",
            "keep.txt": "a user's file\n",
        ]
        for (name, text) in planted { try dir.write("cache/" + name, text) }
        let link = cache.directory + "/00000000000000aa.index"
        #expect(symlink(outside, link) == 0)
        let formLink = cache.directory + "/00000000000000aa.form"
        #expect(symlink(outside, formLink) == 0)
        // An old temporary file the cache wrote (a process that died) goes.
        let staleOwn = cache.directory + "/00000000000000bb.index.tmp-99"
        try dir.write("cache/00000000000000bb.index.tmp-99", "")
        for name in Array(planted.keys) + ["00000000000000bb.index.tmp-99"] {
            try S.setAge(cache.directory + "/" + name, 7200)
        }
        try S.setAge(ownOld, 7200)
        // A young one may be a live process's: it stays.
        let youngOwn = cache.directory + "/00000000000000cc.form.tmp-98"
        try dir.write("cache/00000000000000cc.form.tmp-98", "")
        cache.maximumTotalSize = 1
        let second = try S.write(dir, "t1.jsonl", "{\"text\": \"row 1\"}\n")
        #expect(try S.load(second, cache).loadIndexUse == .written)
        let fm = FileManager.default
        #expect(!fm.fileExists(atPath: ownOld), "the cache's own oldest index goes")
        #expect(!fm.fileExists(atPath: staleOwn), "the cache's own stale temporary file goes")
        #expect(fm.fileExists(atPath: youngOwn), "a temporary file written just now stays")
        #expect(fm.fileExists(atPath: S.indexFile(cache, of: second)))
        for name in planted.keys { #expect(fm.fileExists(atPath: cache.directory + "/" + name), "\(name)") }
        #expect((try? fm.destinationOfSymbolicLink(atPath: link)) == outside)
        #expect((try? fm.destinationOfSymbolicLink(atPath: formLink)) == outside)
        #expect(try String(contentsOfFile: outside, encoding: .utf8).hasPrefix("CELLARIX precious"))
    }

    @Test func theEnvironmentNamesTheDirectory() {
        func cache(_ env: [String: String]) -> LoadIndexCache? { LoadIndexCache.fromEnvironment { env[$0] } }
        #expect(cache(["CELLAR_CACHE_DIR": "/c", "XDG_CACHE_HOME": "/x", "HOME": "/h"])?.directory == "/c")
        #expect(cache(["XDG_CACHE_HOME": "/x", "HOME": "/h"])?.directory == "/x/cellar")
        // A relative XDG_CACHE_HOME is ignored, as the XDG base directory specification says.
        #expect(cache(["XDG_CACHE_HOME": "x", "HOME": "/h"])?.directory == "/h/.cache/cellar")
        #expect(cache(["CELLAR_CACHE_DIR": "", "HOME": "/h"])?.directory == "/h/.cache/cellar")
        #expect(cache([:]) == nil)
        #expect(cache(["HOME": "/h"])?.minimumSize == 8 << 20)
        #expect(cache(["HOME": "/h", "CELLAR_LOAD_INDEX_MIN_SIZE": "0"])?.minimumSize == 0)
        #expect(cache(["HOME": "/h", "CELLAR_LOAD_INDEX_MIN_SIZE": "1M"])?.minimumSize == 1 << 20)
        #expect(cache(["HOME": "/h"])?.maximumTotalSize == 1 << 30)
        #expect(cache(["HOME": "/h", "CELLAR_CACHE_MAX_SIZE": "4G"])?.maximumTotalSize == 4 << 30)
        #expect(cache(["HOME": "/h", "CELLAR_CACHE_MAX_SIZE": "64M"])?.maximumTotalSize == 64 << 20)
        #expect(cache(["HOME": "/h", "CELLAR_CACHE_MAX_SIZE": "lots"])?.maximumTotalSize == 1 << 30)
    }
}
