import ArgumentParser

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
    ]
}
