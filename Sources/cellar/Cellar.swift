import ArgumentParser
import CellarText
import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

@main
struct CellarCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cellar",
        abstract: "UIKit's table-view cells, drawn as terminal text.",
        version: "0.1.0",
        subcommands: subcommandList
    )

    /// Every subcommand, one a line (each lives in its own file), so that
    /// branches adding commands merge cleanly.
    static let subcommandList: [ParsableCommand.Type] = [
        RenderCommand.self,
        StylesCommand.self,
        NewStyleCommand.self,
        TestCommand.self,
        BrowseCommand.self,
        GalleryCommand.self,
        SchemaCommand.self,
    ]

    /// ArgumentParser's own main, except that its messages (which quote the
    /// arguments: "The value '…' is invalid") are sanitised line by line, and
    /// a usage error (a bad option value, an unknown option, a missing
    /// argument) is one line naming it with exit status 1, as every error
    /// is; `--help` still prints the usage.
    static func main() {
        if let shown = ArgumentEncoding.firstInvalid() {
            Terminal.printError("\(errorPrefix(CommandLine.arguments)): \(ArgumentEncoding.message(shown))")
            exitProcess(ExitCode.failure.rawValue)
        }
        do {
            if let settings = try quickRender() {
                try settings.run()
            } else {
                var command = try parseCommand()
                try command.run()
            }
        } catch {
            let code = exitCode(for: error)
            if code == .validationFailure {
                Terminal.printError("\(errorPrefix(CommandLine.arguments)): \(usageLine(message(for: error)))")
                exitProcess(ExitCode.failure.rawValue)
            }
            let message = fullMessage(for: error)
            if !message.isEmpty {
                let lines = message.split(separator: "\n", omittingEmptySubsequences: false)
                if code == .success {
                    print(lines.map { Terminal.sanitized(String($0)) }.joined(separator: "\n"))
                } else {
                    for line in lines { Terminal.printError(String(line)) }
                }
            }
            exitProcess(code.rawValue)
        }
    }

    /// ArgumentParser's message as one line: its first, without "Error: "
    /// (the usage it would print after it is one `--help` away); a value our
    /// own check refused (`The value '0' is invalid for '--max-file-size
    /// <SIZE>': --max-file-size must be …`) keeps only our words, which name
    /// the option.
    static func usageLine(_ message: String) -> String {
        var first = message.split(separator: "\n").first.map(String.init) ?? "bad arguments"
        if first.hasPrefix("Error: ") { first.removeFirst("Error: ".count) }
        if first.hasPrefix("The value '"), let own = first.firstRange(of: ">': --") {
            return String(first[first.index(own.lowerBound, offsetBy: 4)...])
        }
        return first
    }

    /// `cellar test` for the test command's arguments (its own failures say
    /// so), `cellar` for the others.
    static func errorPrefix(_ arguments: [String]) -> String {
        arguments.dropFirst().first == TestCommand.configuration.commandName ? TestCommand.errorPrefix : "cellar"
    }

    /// `render`, the command scripts run once a table, is read by
    /// `RenderQuickParse` when it can (its settings checked as `validate()`
    /// checks the command's): nil leaves the arguments to `parseCommand`.
    static func quickRender() throws -> RenderSettings? {
        guard let arguments = renderArguments, let settings = RenderQuickParse.parse(arguments) else { return nil }
        try settings.validate()
        return settings
    }

    /// The arguments after `render` when it is the command and no help is asked for; nil
    /// with the accelerators off, so that every command line takes the root's parse.
    private static var renderArguments: [String]? {
        let arguments = CommandLine.arguments.dropFirst()
        guard Accelerators.enabled, arguments.first == RenderCommand.configuration.commandName,
            !arguments.contains(where: asksForHelp)
        else { return nil }
        return Array(arguments.dropFirst())
    }

    /// `render`'s arguments the quick parse declined are parsed as a root of
    /// their own: the root's parse reflects every subcommand's options. A help
    /// request or an error in ArgumentParser's words parses again from the
    /// root, so help and messages are the root's, word for word; a failure
    /// `validate()` has already reported (`CLIError`) stands (accelerators:
    /// `CELLAR_ACCELERATORS=off` always takes the root).
    static func parseCommand() throws -> ParsableCommand {
        guard let arguments = renderArguments else { return try parseAsRoot() }
        do {
            return try RenderCommand.parse(arguments)
        } catch {
            if exitCode(for: error) != .success, fullMessage(for: error).isEmpty { throw error }
            return try parseAsRoot()
        }
    }

    /// Whether an argument asks ArgumentParser for help, a completion script or a dump.
    private static func asksForHelp(_ argument: String) -> Bool {
        ["-h", "--help", "help", "--version"].contains(argument) || argument.hasPrefix("--generate-completion")
            || argument.hasPrefix("--experimental")
    }
}

/// The C library's `exit`, which a command's own `exit(withError:)` hides inside its type.
func exitProcess(_ status: Int32) -> Never { exit(status) }
