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

    @Option(
        name: .customLong("styles"), help: "A directory of Lua cell styles (repeatable; default: Styles/ when present)."
    )
    var styles: [String] = []

    func run() throws {
        let registry = Registry()
        do {
            try StyleHooks.load(StyleHooks.directories(styles), into: registry)
        } catch let e as CellarError {
            Terminal.printError("cellar: \(e)")
            throw ExitCode(1)
        }
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
        do {
            try Terminal.printOutput(listing)
        } catch let e as CellarError {
            Terminal.printError("cellar: \(e)")
            throw ExitCode(1)
        }
    }
}
