import ArgumentParser
import CellarText
import Foundation

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
    ]

    /// ArgumentParser's own main, except that its messages (which quote the
    /// arguments: "The value '…' is invalid") are sanitised line by line.
    static func main() {
        do {
            var command = try parseCommand()
            try command.run()
        } catch {
            let code = exitCode(for: error)
            let message = fullMessage(for: error)
            if !message.isEmpty {
                let lines = message.split(separator: "\n", omittingEmptySubsequences: false)
                if code == .success {
                    print(lines.map { Terminal.sanitized(String($0)) }.joined(separator: "\n"))
                } else {
                    for line in lines { Terminal.printError(String(line)) }
                }
            }
            Foundation.exit(code.rawValue)
        }
    }

    /// `render`, the command scripts run once a table, is parsed as a root
    /// of its own: the root's parse reflects every subcommand's options,
    /// most of a small table's start-up. A help request or an error in
    /// ArgumentParser's words parses again from the root, so help and
    /// messages are the root's, word for word; a failure `validate()` has
    /// already reported (`CLIError`) stands (an accelerator:
    /// `CELLAR_ACCELERATORS=off` always takes the root).
    static func parseCommand() throws -> ParsableCommand {
        let arguments = Array(CommandLine.arguments.dropFirst())
        guard Accelerators.enabled, arguments.first == RenderCommand.configuration.commandName,
            !arguments.contains(where: asksForHelp)
        else { return try parseAsRoot() }
        do {
            return try RenderCommand.parse(Array(arguments.dropFirst()))
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
