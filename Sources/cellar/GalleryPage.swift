import Cellar
import CellarText
import FoundationEssentials

/// The gallery as one self-contained HTML page: a table of contents, then
/// per style its pictures, one per theme and width, each the SVG writer's
/// picture of every state (`StyleGallery`). Each picture is its own SVG
/// document in an `<img>`, so the two themes' style sheets never meet.
struct GalleryPage {
    let gallery: StyleGallery
    let widths: [Int]
    let themes: [ThemeName]

    func html(_ entries: [GalleryEntry]) throws -> String {
        var body = "<h1>Cellar style gallery</h1>\n<p>Every style in every state ("
        body += GalleryState.allCases.map(\.rawValue).joined(separator: ", ")
        body += "), at " + widths.map { "\($0)" }.joined(separator: " and ") + " columns.</p>\n"
        body += "<nav id=\"contents\"><h2>Contents</h2><ol>\n"
        for e in entries {
            body += "<li><a href=\"#\(Self.anchor(e.identifier))\">" + XMLText.escape(e.identifier) + "</a>"
            body += e.isHeaderFooter ? " (header/footer view)</li>\n" : "</li>\n"
        }
        body += "</ol></nav>\n"
        for e in entries { body += try section(e) }
        return HTMLWriter.pageHead(
            title: "Cellar style gallery", theme: .light, styleSheet: "", extraCSS: Self.css)
            + body + "</body>\n</html>\n"
    }

    private func section(_ e: GalleryEntry) throws -> String {
        var out = "<section class=\"style\" id=\"\(Self.anchor(e.identifier))\">\n<h2>"
        out += XMLText.escape(e.identifier) + "</h2>\n<p>"
        out += XMLText.escape(e.source)
        if !e.summary.isEmpty { out += ": " + XMLText.escape(e.summary) }
        out += " · " + XMLText.escape(e.samplesFrom) + "</p>\n<div class=\"pictures\">\n"
        for theme in themes {
            for width in widths {
                let sink = MemorySink()
                let title = "\(e.identifier), \(theme.rawValue), \(width) columns"
                try gallery.draw(
                    e, width: width, appearance: theme == .dark ? .dark : .light,
                    into: SVGWriter(sink: sink, theme: theme.theme, title: title))
                out +=
                    "<figure class=\"\(theme.rawValue)\"><figcaption>\(theme.rawValue) · \(width) columns</figcaption>"
                out += "<img alt=\"" + XMLText.escape(title) + "\" src=\"data:image/svg+xml;base64,"
                out += Data(sink.bytes).base64EncodedString() + "\"></figure>\n"
            }
        }
        return out + "</div>\n<p><a href=\"#contents\">contents</a></p>\n</section>\n"
    }

    /// An id for the style's section: its identifier's letters and digits (identifiers are names).
    static func anchor(_ identifier: String) -> String {
        "style-"
            + String(
                identifier.unicodeScalars.filter {
                    $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0))
                })
    }

    static let css =
        ".pictures{display:flex;flex-wrap:wrap;gap:16px;align-items:flex-start}"
        + "figure{margin:0;padding:8px;border-radius:6px}figure.light{background:#ffffff;border:1px solid #ddd}"
        + "figure.dark{background:#1c1c1e;color:#eee}figcaption{font-size:13px;margin-bottom:4px}"
        + "section.style{border-top:1px solid #ccc;margin-top:24px}\n"
}
