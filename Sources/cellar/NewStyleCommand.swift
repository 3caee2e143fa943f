import ArgumentParser
import Cellar
import CellarLua

/// `cellar new-style NAME`: a working style skeleton and an example table.
struct NewStyleCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "new-style",
        abstract:
            "Write a Lua style skeleton (Styles/NAME.lua), a golden case for it (Styles/cases/NAME/) and an example table (Examples/NAME.yaml).",
        discussion: "Existing files are never overwritten."
    )

    @Argument(help: "The style's reuse identifier, also its file name.")
    var name: String

    @Option(help: "Where the style goes.")
    var stylesDir = "Styles"

    @Option(help: "Where the example table goes.")
    var examplesDir = "Examples"

    func run() throws {
        do {
            let written = try StyleTemplate.write(name: name, stylesDir: stylesDir, examplesDir: examplesDir)
            for path in written { print(Terminal.sanitized("wrote \(path)")) }
            print(Terminal.sanitized("try: cellar render \(written.last ?? "") --styles \(stylesDir)"))
            print(Terminal.sanitized("see it in every state: cellar gallery --styles \(stylesDir)"))
            print(
                Terminal.sanitized(
                    "then record its golden: cellar test --update \(written.dropFirst().first ?? "") --styles \(stylesDir)"
                ))
        } catch {
            throw CLIError.report(error)
        }
    }
}
