import ArgumentParser

@main
struct CellarCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cellar",
        abstract: "UIKit's table-view cells, drawn as terminal text.",
        version: "0.1.0",
        subcommands: [TestCommand.self]
    )
}
