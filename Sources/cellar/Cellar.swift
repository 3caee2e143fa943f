import ArgumentParser
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
            var command = try parseAsRoot()
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
}
