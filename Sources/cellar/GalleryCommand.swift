import ArgumentParser
import Cellar
import CellarDocuments
import CellarGolden
import CellarText
import FoundationEssentials

/// `cellar gallery`: every registered style drawn with its sample rows in
/// every state, at a narrow and a wide width (and, as a page, in the light
/// and dark themes): an HTML page with a table of contents, or ANSI text.
/// `--check` draws everything and fails on any style error or any table
/// wider than its width.
struct GalleryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "gallery",
        abstract: "Draw every style with its samples in every state, at two widths, light and dark.",
        discussion:
            "States: normal, highlighted, selected, disabled, editing, swiped leading, swiped trailing, focused, "
            + "reordering. A style's rows are its `samples`, else the rows its golden cases (DIR/cases) draw it with."
    )

    @OptionGroup var styles: StylesOption
    @OptionGroup var styleCheck: StyleCheckOption
    @OptionGroup var input: FileSizeOption
    /// For `--format ansi`: `auto` colours a terminal and a `gallery.ans` file (written for one), not a pipe.
    @OptionGroup var color: ColorOption

    @Option(
        help: ArgumentHelp(
            "Write the gallery into DIR (gallery.html or gallery.ans) instead of standard output.", valueName: "DIR"))
    var out: String?

    @Option(help: "html (one page, light and dark) or ansi (text for the terminal; the default without --out).")
    var format: GalleryFormat?

    @Option(parsing: .unconditionalSingleValue, help: "The widths to draw at, in columns.")
    var widths: [Int] = [32, 60]

    @Option(help: "The page's themes: light, dark (repeatable; default both).")
    var theme: [ThemeName] = []

    @Flag(help: "Draw everything, print nothing but problems, and fail when a style errors or draws too wide.")
    var check = false

    enum GalleryFormat: String, ExpressibleByArgument { case html, ansi }

    func validate() throws {
        for w in widths { try CLIError.checkRange("--widths", w, 1...InputLimits.width.upperBound) }
        guard !widths.isEmpty, widths.count <= 4 else { throw CLIError.fail("--widths: give 1 to 4 widths") }
    }

    func run() throws {
        do { try draw() } catch { throw CLIError.report(error) }
    }

    private func draw() throws {
        let registry = Registry()
        try StyleHooks.load(styles.directories, into: registry, limits: styleCheck.limits)
        let entries = GalleryEntry.all(
            in: registry, styleDirectories: styles.directories,
            sizeLimit: input.maxFileSize ?? InputFile.defaultSizeLimit)
        let gallery = StyleGallery(registry: registry)
        let format = format ?? (out == nil ? .ansi : .html)
        let bytes: [UInt8]
        if format == .html {
            let page = GalleryPage(gallery: gallery, widths: widths, themes: theme.isEmpty ? [.light, .dark] : theme)
            bytes = Array(try page.html(entries).utf8)
        } else {
            let sink = MemorySink()
            let writer = color.color.writer(
                sink: sink, environment: Terminal.environment, outputIsTerminal: out != nil || Terminal.stdoutIsTerminal
            )
            for e in entries {
                for width in widths {
                    let heading = "━━ \(e.identifier) (\(e.source)) at \(width) columns"
                    try gallery.caption(heading, width: width, into: writer)
                    try gallery.draw(e, width: width, into: writer)
                }
            }
            bytes = sink.bytes
        }
        if check {
            for problem in gallery.problems { Terminal.printError("cellar gallery: " + Terminal.sanitized(problem)) }
            guard gallery.problems.isEmpty else { throw ExitCode.failure }
            try Terminal.printOutput("gallery: \(entries.count) styles drawn in every state, every one fits\n")
            return
        }
        if let out {
            let path = out + "/gallery." + (format == .html ? "html" : "ans")
            do { try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true) } catch {
                throw CellarError("--out: cannot make the directory '\(out)'")
            }
            try GoldenFiles.writeAtomically(bytes, to: path)
            try Terminal.printOutput("wrote \(Terminal.sanitized(path))\n")
        } else {
            try Terminal.printOutput(String(decoding: bytes, as: UTF8.self))
        }
    }
}
