import ArgumentParser
import Cellar
import CellarLua
import CellarText
import FoundationEssentials

/// `cellar styles [--styles DIR]`: the registry — identifier, source, hooks.
struct StylesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "styles",
        abstract:
            "List the cell and header/footer view styles: identifier, source (built-in or file) and hooks present."
    )

    @OptionGroup var styles: StylesOption

    func run() throws {
        do { try list() } catch { throw CLIError.report(error) }
    }

    func list() throws {
        let registry = Registry()
        try StyleHooks.load(styles.directories, into: registry)
        var rows: [[String]] = [["IDENTIFIER", "SOURCE", "HOOKS", "DESCRIPTION"]]
        // Cell styles, then the Lua header/footer view styles (the built-ins are both).
        let cells = registry.identifiers.compactMap { id in registry.style(for: id).map { (id, $0) } }
        let views = registry.headerFooterIdentifiers.compactMap { id in
            (registry.headerFooterRegistration(for: id).style as? LuaCellStyle).map { (id, $0 as CellStyle) }
        }
        for (id, style) in cells + views {
            let lua = style as? LuaCellStyle
            let hooks = lua?.hooks.joined(separator: ", ") ?? "(Swift)"
            var summary = lua?.summary ?? (style as? BuiltinCellStyle)?.summary ?? ""
            if lua?.isHeaderFooter == true { summary = "header/footer view: " + summary }
            // Identifiers, file names and descriptions come from style files: sanitised, and the
            // identifier and description bounded as a message quotes input.
            rows.append([
                Sanitizer.excerpt(id), Sanitizer.sanitize(style.source),
                hooks.isEmpty ? "(none: defaults)" : Sanitizer.sanitize(hooks), Sanitizer.boundedLine(summary),
            ])
        }
        // Padded by display width: a description or file name may hold wide characters.
        let widths = (0..<3).map { c in rows.map { DisplayWidth.of($0[c]) }.max() ?? 0 }
        var listing = ""
        for row in rows {
            for c in 0..<3 {
                listing += row[c] + String(repeating: " ", count: widths[c] - DisplayWidth.of(row[c]) + 2)
            }
            listing += row[3] + "\n"
        }
        try Terminal.printOutput(listing)
    }
}
