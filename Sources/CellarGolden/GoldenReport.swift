import Cellar
import CellarDocuments
import CellarText
import FoundationEssentials

/// `cellar test --report DIR`: DIR/index.html, a page a person opens in a
/// browser. Every failing, new or orphaned case gets an entry: golden and
/// actual frames side by side as pictures (the SVG writer's grid, in the
/// styles the golden's marks record), differing cells highlighted, the
/// case's description and steps, and the command that accepts the change.
/// Passing cases are listed, collapsed. Only DIR is written: never the case
/// tree, so it works under CI too.
public struct GoldenReport {
    /// The run the report describes.
    public var summary: GoldenRunner.Summary
    /// Replays the cases for the pictures, with the runner's registry, size limit and command.
    public var runner: GoldenRunner
    /// The colours the frame pictures are drawn in.
    public var theme: Theme = .light

    /// Creates a report of `summary`, drawn in the light theme unless `theme` is changed.
    public init(summary: GoldenRunner.Summary, runner: GoldenRunner) {
        self.summary = summary
        self.runner = runner
    }

    /// Refuses a report directory inside a case root (checked before the
    /// cases run, so a refused run writes nothing).
    public static func checkOutside(_ directory: String, caseRoots: [String]) throws {
        let target = URL(fileURLWithPath: directory).standardizedFileURL.resolvingSymlinksInPath().path
        for root in caseRoots {
            let rootPath = URL(fileURLWithPath: root).standardizedFileURL.resolvingSymlinksInPath().path
            if target == rootPath || target.hasPrefix(rootPath.hasSuffix("/") ? rootPath : rootPath + "/") {
                throw CellarError(
                    "--report \(directory) is inside the case tree \(root); "
                        + "choose a directory outside it (the report never writes among the cases)")
            }
        }
    }

    /// Writes DIR/index.html atomically and returns its path. DIR must not
    /// lie inside a case root.
    public func write(to directory: String, caseRoots: [String]) throws -> String {
        try Self.checkOutside(directory, caseRoots: caseRoots)
        try Directories.create(directory, what: "the --report directory")
        let path = PathName.appending(directory, "index.html")
        try GoldenFiles.writeAtomically(Array(html().utf8), to: path)
        return path
    }

    /// The whole page.
    public func html() -> String {
        let book = PictureBook(theme: theme)
        var body = "<h1>Golden cases</h1>\n<p class=\"summary\">" + XMLText.escape(summary.closingLine) + "</p>\n"
        let failing = summary.results.filter { $0.status == .failed }
        for result in failing { body += entry(result, book: book) }
        for orphan in summary.orphans {
            body +=
                "<section class=\"case\"><h2><span class=\"tag\">ORPHAN</span> "
                + XMLText.escape(GoldenRunner.display(orphan)) + "</h2>\n<p>No case produces this file: delete it, "
                + "or restore its <code>.case.yaml</code>.</p></section>\n"
        }
        let passing = summary.results.filter { $0.status != .failed }
        body += "<details><summary>\(passing.count) passing</summary>\n<ul>\n"
        for result in passing { body += "<li>" + XMLText.escape(result.name) + "</li>\n" }
        body += "</ul>\n</details>\n</body>\n</html>\n"
        return HTMLWriter.pageHead(
            title: "Cellar golden report", theme: theme, styleSheet: book.styleSheet,
            extraCSS: Self.css) + body
    }

    static let css = """
        .case{border-top:1px solid #8a8a8e;margin-top:24px;padding-top:8px}
        .tag{font-size:70%;padding:2px 6px;border-radius:4px;background:#c91b00;color:#fff}
        .pair{display:flex;gap:24px;flex-wrap:wrap;align-items:flex-start}
        figure{margin:8px 0;width:min-content}figcaption{font-size:85%;opacity:.7}
        pre{white-space:pre-wrap;overflow-wrap:anywhere}h3{font-size:100%;margin-bottom:0}

        """

    func entry(_ result: GoldenRunner.CaseResult, book: PictureBook) -> String {
        let casePath = GoldenRunner.display(result.path)
        var out =
            "<section class=\"case\"><h2><span class=\"tag\">" + (result.isNew ? "NEW" : "FAIL") + "</span> "
            + XMLText.escape(result.name) + "</h2>\n<p><code>" + XMLText.escape(casePath) + "</code></p>\n"
        let replayed: GoldenRunner.Replay
        do {
            replayed = try runner.replay(GoldenFiles.CaseFile(name: result.name, path: result.path, tree: result.tree))
        } catch {
            // What the run refused is named, never shown: one line, bounded.
            return out + "<p class=\"refused\">" + XMLText.escape(Self.oneLine(GoldenRunner.describe(error)))
                + "</p></section>\n"
        }
        let scenario = replayed.scenario
        if let description = scenario.description.map(trimmingWhitespace) {
            out += "<p>" + XMLText.escape(Sanitizer.bounded(description)) + "</p>\n"
        }
        if !scenario.steps.isEmpty {
            out +=
                "<p>Steps:</p><ol>" + scenario.steps.map { "<li>" + XMLText.escape($0.title) + "</li>" }.joined()
                + "</ol>\n"
        }
        let verb = runner.options.isCI ? "--update" : "--accept"
        out +=
            "<p>Take the new output: <code>"
            + XMLText.escape(
                "\(runner.options.command) test \(verb) "
                    + GoldenRunner.shellQuoted(casePath)) + "</code></p>\n"
        out += frames(
            golden: replayed.golden.map(GoldenFrame.parse) ?? [], actual: GoldenFrame.parse(replayed.actual),
            book: book)
        return out + "</section>\n"
    }

    /// Frames side by side, by position; a frame only one side has stands
    /// beside an empty place.
    func frames(golden: [GoldenFrame], actual: [GoldenFrame], book: PictureBook) -> String {
        var out = ""
        for i in 0..<max(golden.count, actual.count) {
            let g = i < golden.count ? golden[i] : nil
            let a = i < actual.count ? actual[i] : nil
            let differs = GoldenFrame.differences(g?.canvas, a?.canvas)
            out += "<h3>" + XMLText.escape(a?.title ?? g?.title ?? "") + "</h3>\n<div class=\"pair\">"
            for (caption, frame) in [("golden", g), ("actual", a)] {
                out += "<figure><figcaption>" + caption + "</figcaption>"
                if let frame {
                    out += book.svgElement(frame.canvas, title: caption, marked: differs)
                    // Notes wrap to the picture's width (a figure is as wide as its
                    // picture), a legend one style a line, so golden and actual
                    // stay side by side.
                    for note in frame.notes {
                        out += "<pre>" + XMLText.escape(Self.noteLines(note), keepingNewlines: true) + "</pre>"
                    }
                } else {
                    out += "<p>(no such frame)</p>"
                }
                out += "</figure>"
            }
            out += "</div>\n"
        }
        return out
    }

    /// The first line of a message, bounded and sanitised.
    static func oneLine(_ message: String) -> String {
        Sanitizer.boundedLine(String(message.prefix { $0 != "\n" }))
    }

    /// A `--- styles:` legend with one entry a line; other notes as written.
    static func noteLines(_ note: String) -> String {
        guard note.hasPrefix(GoldenFormat.stylesPrefix) else { return note }
        return note.replacing(", ", with: ",\n    ")
    }
}

/// `text` without white space (line breaks included) at either end.
private func trimmingWhitespace(_ text: String) -> String {
    String(text.drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
}
