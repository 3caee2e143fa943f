import CellarTestSupport
import Foundation
import Testing

/// `cellar render` of a big YAML file writes its JSON form to an unnamed
/// file in the cache directory: none is left there, and where the disk
/// refuses the form (here a file size limit) it is held in memory instead,
/// to the same output.
@Suite struct YAMLSpoolCLITests {
    /// Runs `render` through sh, with `limit` (sh's `ulimit -f` blocks) on the files it writes.
    static func render(_ arguments: [String], in dir: ScratchDirectory, fileSizeLimit limit: Int?) throws
        -> (status: Int32, stdout: String, stderr: String)
    {
        let binary = try #require(CellarCLI.binary)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        // A write past the limit then fails (EFBIG) instead of killing the process (SIGXFSZ).
        let limits = limit.map { "trap '' XFSZ; ulimit -f \($0); " } ?? ""
        process.arguments = ["-c", limits + "exec \"$0\" \"$@\"", binary, "render"] + arguments
        process.currentDirectoryURL = URL(fileURLWithPath: dir.path)
        process.environment = ProcessInfo.processInfo.environment.merging(
            ["CELLAR_CACHE_DIR": dir.path + "/cache", "COLUMNS": "60"]) { $1 }
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let out = output.fileHandleForReading.readDataToEndOfFile()
        let err = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: out, as: UTF8.self), String(decoding: err, as: UTF8.self))
    }

    @Test func aBigYAMLFilesFormLeavesNothingBehindAndFallsBackToMemory() throws {
        let dir = try ScratchDirectory()
        try dir.write("big.yaml", BigYAML.table(rows: 3_000, rowBytes: 4_000))
        let args = ["big.yaml", "--height", "6", "--offset", "100000", "--color", "never"]
        let spooled = try Self.render(args, in: dir, fileSizeLimit: nil)
        #expect(spooled.status == 0, "\(spooled.stderr)")
        #expect(spooled.stdout.contains("Row 2999 한글"))
        let held = try Self.render(args, in: dir, fileSizeLimit: 1024)
        #expect(held.status == 0, "\(held.stderr)")
        #expect(held.stdout == spooled.stdout)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path + "/cache") == [])
        // An explicit limit still bounds a YAML file (the default does not: its form is on disk).
        let small = try Self.render(args + ["--max-file-size", "13M"], in: dir, fileSizeLimit: nil)
        #expect(small.status == 0 && small.stdout == spooled.stdout, "\(small.stderr)")
        let refused = try Self.render(args + ["--max-file-size", "8M"], in: dir, fileSizeLimit: nil)
        #expect(refused.status != 0 && refused.stderr.contains("larger than the 8 MiB file size limit"))
    }
}
