import CellarTestSupport
import Foundation
import Testing

/// `render` keeps a load index of a big file in the cache directory the
/// environment names and takes it at the next run: the output is the same
/// byte for byte; `--no-index-cache` reads and writes none; a cache that
/// cannot be written changes nothing the user sees.
@Suite struct LoadIndexCLITests {
    /// A scratch directory with a copy of an example, last written a minute ago (a file written
    /// in the last two seconds gets no index).
    func copy(_ example: String, into dir: ScratchDirectory) throws -> String {
        let text = try String(contentsOfFile: CellarCLI.packageRoot + "/Examples/" + example, encoding: .utf8)
        let path = try dir.write(example, text)
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -60)], ofItemAtPath: path)
        return path
    }

    func render(_ arguments: [String], in dir: ScratchDirectory, cache: String, minimumSize: String? = "0") throws
        -> CellarCLI.Run
    {
        let styles = ["--styles", CellarCLI.packageRoot + "/Styles", "--width", "60", "--color", "never"]
        return try CellarCLI.run(
            ["render"] + arguments + styles, in: dir.path,
            environment: ["CELLAR_CACHE_DIR": cache, "CELLAR_LOAD_INDEX_MIN_SIZE": minimumSize])
    }

    /// The cache's files, each with its inode (a rewritten index is a new file, renamed into place).
    func indexes(_ cache: String) -> [String: Int] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: cache)) ?? []
        var out: [String: Int] = [:]
        for name in names {
            out[name] =
                (try? FileManager.default.attributesOfItem(atPath: cache + "/" + name))?[.systemFileNumber] as? Int
        }
        return out
    }

    /// A big YAML file keeps its JSON form with its index, and draws the same from them.
    @Test func aBigYAMLFileRendersTheSameFromItsKeptForm() throws {
        let dir = try ScratchDirectory()
        let cache = dir.path + "/cache"
        let path = try dir.write("big.yaml", BigYAML.table(rows: 2_200, rowBytes: 4_000))
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -60)], ofItemAtPath: path)
        for flags in [[], ["--height", "20", "--offset", "1500", "--estimated-row-height", "1"]] {
            let plain = try render([path, "--no-index-cache"] + flags, in: dir, cache: cache, minimumSize: nil)
            #expect(plain.status == 0, "\(plain.stderr)")
            let cold = try render([path] + flags, in: dir, cache: cache, minimumSize: nil)
            let written = indexes(cache)
            #expect(written.count == 2 && written.keys.contains { $0.hasSuffix(".form") }, "\(written.keys)")
            let warm = try render([path] + flags, in: dir, cache: cache, minimumSize: nil)
            #expect(indexes(cache) == written, "\(flags)")
            #expect(cold.stdout == plain.stdout && warm.stdout == plain.stdout, "\(flags)")
            #expect(cold.stderr.isEmpty && warm.stderr.isEmpty)
        }
    }

    @Test func everyExampleRendersTheSameWithAWarmIndex() throws {
        let variants: [(String, [String])] = [
            ("fruits.json", []), ("fruits.json", ["--height", "12", "--offset", "5", "--estimated-row-height", "1"]),
            ("deploys.jsonl", ["--extra-keys", "ignore"]),
            ("deploys.jsonl", ["--section-by", "service", "--index-titles"]),
            ("deploys.jsonl", ["--height", "9", "--offset", "4", "--editing", "--section-by", "service"]),
            ("pantry.csv", ["--extra-keys", "ignore"]),
            ("pantry.csv", ["--section-by", "aisle", "--index-titles", "--table-style", "grouped"]),
        ]
        let examples = try FileManager.default.contentsOfDirectory(atPath: CellarCLI.packageRoot + "/Examples")
        let indexed = Set(examples.filter { name in [".json", ".jsonl", ".csv"].contains { name.hasSuffix($0) } })
        #expect(indexed == Set(variants.map(\.0)), "an example of a streamed format not compared here")
        for (example, flags) in variants {
            let dir = try ScratchDirectory()
            let cache = dir.path + "/cache"
            let file = try copy(example, into: dir)
            let plain = try render([file, "--no-index-cache"] + flags, in: dir, cache: cache)
            #expect(plain.status == 0, "\(plain.stderr)")
            #expect(indexes(cache).isEmpty, "--no-index-cache wrote an index")
            let cold = try render([file] + flags, in: dir, cache: cache)
            let written = indexes(cache)
            let warm = try render([file] + flags, in: dir, cache: cache)
            #expect(written.count == 1, "\(example) \(flags)")
            // The index was read, not written again (another inode), and the same was drawn.
            #expect(indexes(cache) == written, "\(example) \(flags)")
            #expect(cold.stdout == plain.stdout && warm.stdout == plain.stdout, "\(example) \(flags)")
            #expect(cold.stderr.isEmpty && warm.stderr.isEmpty)
        }
    }

    @Test func smallFilesGetNoIndex() throws {
        let dir = try ScratchDirectory()
        let cache = dir.path + "/cache"
        let file = try copy("pantry.csv", into: dir)
        // The default rule: only files of 8 MiB or more.
        let run = try render([file, "--section-by", "aisle"], in: dir, cache: cache, minimumSize: nil)
        #expect(run.status == 0, "\(run.stderr)")
        // A small YAML file's JSON form is held in memory: nothing to keep.
        let yaml = try copy("foods.yaml", into: dir)
        #expect(try render([yaml], in: dir, cache: cache).status == 0)
        #expect(!FileManager.default.fileExists(atPath: cache))
    }

    @Test func aCacheThatCannotBeWrittenChangesNothingSeen() throws {
        let dir = try ScratchDirectory()
        let file = try copy("deploys.jsonl", into: dir)
        let expected = try render(
            [file, "--no-index-cache", "--section-by", "service"], in: dir, cache: dir.path + "/unused")
        let blocked = try dir.write("a-file", "x")
        for cache in [blocked + "/cache", blocked] {
            let run = try render([file, "--section-by", "service"], in: dir, cache: cache)
            #expect(run.status == 0 && run.stderr.isEmpty, "\(run.stderr)")
            #expect(run.stdout == expected.stdout)
        }
    }

    @Test func renderAndBrowseOfferTheFlag() throws {
        let dir = try ScratchDirectory()
        for command in ["render", "browse"] {
            let help = try CellarCLI.run([command, "--help"], in: dir.path)
            #expect(help.stdout.contains("--no-index-cache"), "\(command)")
        }
    }
}
