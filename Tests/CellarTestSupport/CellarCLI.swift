import Foundation

/// Runs the built `cellar` binary end to end (it sits beside the test bundle
/// after `swift build --build-tests`).
public enum CellarCLI {
    /// The package root, found from this file: Tests/CellarTestSupport/<file>.
    public static let packageRoot: String = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        return url.path
    }()

    /// The built binary's path, or nil when it is not built.
    public static let binary: String? = {
        let here = URL(fileURLWithPath: CommandLine.arguments.first ?? "").deletingLastPathComponent()
        let candidates = [here.appendingPathComponent("cellar").path, packageRoot + "/.build/debug/cellar"]
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0) }
    }()

    /// What one run printed and how it ended.
    public struct Run {
        /// The exit status.
        public var status: Int32
        /// What the run wrote to standard output.
        public var stdout: String
        /// What the run wrote to standard error.
        public var stderr: String
        /// The last line of standard output (a closing summary).
        public var lastLine: String { stdout.split(separator: "\n").last.map(String.init) ?? "" }
    }

    /// A missing binary is a failed run that says so (status 127, as a shell reports it).
    /// Standard output goes to `stdoutPath` when one is given (e.g. /dev/full).
    /// Standard input comes from `stdinPath` when one is given.
    /// `environment` adds to (or, with nil, removes from) the inherited environment.
    public static func run(
        _ arguments: [String], in directory: String, ci: Bool = false,
        stdoutPath: String? = nil, stdinPath: String? = nil, environment: [String: String?] = [:]
    ) throws -> Run {
        guard let binary else { return Run(status: 127, stdout: "", stderr: "the cellar binary is not built") }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        var env = ProcessInfo.processInfo.environment
        env["CI"] = ci ? "true" : nil
        env["COLUMNS"] = "100"
        for (key, value) in environment { env[key] = value }
        process.environment = env
        let out = Pipe()
        let err = Pipe()
        if let stdoutPath {
            guard let file = FileHandle(forWritingAtPath: stdoutPath) else {
                return Run(status: 127, stdout: "", stderr: "cannot open \(stdoutPath)")
            }
            process.standardOutput = file
        } else {
            process.standardOutput = out
        }
        process.standardError = err
        if let stdinPath {
            guard let file = FileHandle(forReadingAtPath: stdinPath) else {
                return Run(status: 127, stdout: "", stderr: "cannot open \(stdinPath)")
            }
            process.standardInput = file
        }
        try process.run()
        let o = stdoutPath == nil ? out.fileHandleForReading.readDataToEndOfFile() : Data()
        let e = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Run(
            status: process.terminationStatus, stdout: String(decoding: o, as: UTF8.self),
            stderr: String(decoding: e, as: UTF8.self))
    }
}
