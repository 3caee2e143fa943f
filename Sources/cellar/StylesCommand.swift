import ArgumentParser
import Cellar
import CellarLua
import CellarText
import Foundation

/// `cellar styles [--styles DIR]`: the registry — identifier, source, hooks.
struct StylesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "styles",
        abstract: "List the cell styles: identifier, source (built-in or file) and hooks present."
    )

    @OptionGroup var styles: StylesOption

    func run() throws {
        do { try list() } catch { throw CLIError.report(error) }
    }

    func list() throws {
        let registry = Registry()
        try StyleHooks.load(styles.directories, into: registry)
        var rows: [(String, String, String)] = [("IDENTIFIER", "SOURCE", "HOOKS")]
        for id in registry.identifiers {
            guard let style = registry.style(for: id) else { continue }
            let hooks = (style as? LuaCellStyle)?.hooks.joined(separator: ", ") ?? "(Swift)"
            // Identifiers and file names come from style files: sanitised.
            rows.append(
                (
                    Sanitizer.sanitize(id), Sanitizer.sanitize(style.source),
                    hooks.isEmpty ? "(none: defaults)" : Sanitizer.sanitize(hooks)
                ))
        }
        let w0 = rows.map { $0.0.count }.max() ?? 0
        let w1 = rows.map { $0.1.count }.max() ?? 0
        var listing = ""
        for (a, b, c) in rows {
            listing +=
                a.padding(toLength: w0, withPad: " ", startingAt: 0) + "  "
                + b.padding(toLength: w1, withPad: " ", startingAt: 0) + "  " + c + "\n"
        }
        try Terminal.printOutput(listing)
    }
}
