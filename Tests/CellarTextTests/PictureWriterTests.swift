import Foundation
import Testing

@testable import CellarText

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// The SVG and HTML writers: characters at their columns, runs of one style
/// as one element, box drawing as strokes, escaping, themes, well-formed XML.
@Suite struct PictureWriterTests {
    func svg(_ canvas: Canvas, theme: Theme = .light) throws -> String {
        let sink = MemorySink()
        let writer = SVGWriter(sink: sink, theme: theme)
        try writer.write(canvas)
        try writer.flush()
        return sink.string
    }

    /// (x list, class, text) of every tspan.
    func tspans(_ svg: String) -> [(x: [Int], style: String, text: String)] {
        let pattern = #/<tspan x="([0-9 ]+)"(?: class="(s[0-9]+)")?>([^<]*)</tspan>/#
        return svg.matches(of: pattern).map { m in
            (m.1.split(separator: " ").compactMap { Int($0) }, m.2.map(String.init) ?? "", String(m.3))
        }
    }

    @Test func everyCharacterSitsAtItsColumn() throws {
        var canvas = Canvas(width: 20, height: 1)
        canvas.draw("a한b👩‍💻c 🇰🇷d", x: 1, y: 0)
        let runs = tspans(try svg(canvas))
        // Wide characters take two columns; emoji and clusters stand alone.
        #expect(runs.map(\.x) == [[10, 20, 40], [50], [70], [90], [110]])
        #expect(runs.map(\.text) == ["a한b", "👩‍💻", "c", "🇰🇷", "d"])
    }

    @Test func runsOfOneStyleAreOneElement() throws {
        var canvas = Canvas(width: 30, height: 1)
        canvas.draw("Inbox and more", x: 0, y: 0)
        canvas.draw("new", x: 20, y: 0, style: TextStyle(attributes: .bold, foreground: .semantic(.tint)))
        let runs = tspans(try svg(canvas))
        #expect(runs.count == 2)
        #expect(runs[0].text == "Inbox and more" && runs[0].style == "")
        #expect(runs[1].text == "new" && runs[1].style == "s1" && runs[1].x == [200, 210, 220])
    }

    @Test func markupAndControlsNeverReachTheXML() throws {
        var canvas = Canvas(width: 30, height: 1)
        canvas.draw("<b>&\"x\u{7}\u{85}", x: 0, y: 0)
        // Controls put into the cells behind drawing's back still never show.
        canvas.storage[20] = 0x07
        canvas.storage[21] = 0x85
        canvas.storage[30 + 0] = 30  // the row's extent
        let text = try svg(canvas)
        #expect(text.contains("&lt;b&gt;&amp;&quot;x"))
        #expect(text.contains("\u{FFFD}\u{FFFD}"))
        #expect(!text.unicodeScalars.contains { ($0.value < 0x20 && $0 != "\n") || (0x7F..<0xA0).contains($0.value) })
    }

    /// Text that is not a cell's (a title, a name, a note) is sanitised as a
    /// terminal shows it, then escaped.
    @Test func escapedTextIsSanitisedFirst() throws {
        #expect(XMLText.escape("a\u{7}\u{85}\u{FFFE}\u{1B}b") == "a\u{2407}\\u{85}\u{FFFD}\u{241B}b")
        #expect(XMLText.escape("\u{202E}<x>\u{2066}\u{2028}.") == "\\u{202E}&lt;x&gt;\\u{2066}\\u{2028}.")
        #expect(XMLText.escape("\tx") == "    x")
        #expect(XMLText.escape("a\u{1}\nb\n", keepingNewlines: true) == "a\u{2401}\nb\n")
        #expect(XMLText.escape("a\nb") == "a\u{240A}b")
        let sink = MemorySink()
        let writer = SVGWriter(sink: sink, title: "Q\u{202E}3 \u{85}<")
        var canvas = Canvas(width: 3, height: 1)
        canvas.draw("x", x: 0, y: 0)
        try writer.write(canvas)
        try writer.flush()
        #expect(sink.string.contains("<title>Q\\u{202E}3 \\u{85}&lt;</title>"))
    }

    @Test func boxDrawingIsJoinedStrokes() throws {
        var canvas = Canvas(width: 4, height: 1)
        canvas.draw("╭──╮", x: 0, y: 0)
        let text = try svg(canvas)
        let paths = text.matches(of: #/<path d="([^"]*)"/#).map { String($0.1) }
        // One path; the horizontal strokes of neighbouring cells are one line.
        #expect(paths == ["M10 10 Q5 10 5 20 M10 10 H30 M30 10 Q35 10 35 20"])
        #expect(tspans(text).isEmpty)
    }

    @Test func coloursComeFromTheThemeThroughTheANSIPalette() throws {
        var canvas = Canvas(width: 10, height: 1)
        canvas.draw("tint", x: 0, y: 0, style: TextStyle(foreground: .semantic(.tint)))
        canvas.draw("sel", x: 5, y: 0, style: TextStyle(attributes: .inverse, foreground: .semantic(.destructive)))
        let light = try svg(canvas, theme: .light)
        let dark = try svg(canvas, theme: .dark)
        // tint is palette 4 in the ANSI palette, 4 is each theme's blue.
        #expect(light.contains(".s1{fill:" + Theme.hex(Theme.light.basic[4]) + "}"))
        #expect(dark.contains(".s1{fill:" + Theme.hex(Theme.dark.basic[4]) + "}"))
        #expect(
            light.contains("fill=\"#ffffff\"") && dark.contains("fill=\"" + Theme.hex(Theme.dark.background) + "\""))
        // Inverse: the red becomes the cell's background, the page colour its text.
        #expect(
            light.contains(
                "<rect x=\"50\" y=\"0\" width=\"30\" height=\"20\" fill=\"" + Theme.hex(Theme.light.basic[1])))
    }

    @Test func theLightThemeDrawsASelectedRowLightWithItsOwnText() throws {
        var canvas = Canvas(width: 10, height: 1)
        let selected = TextStyle(
            attributes: .inverse, foreground: .semantic(.label), background: .semantic(.selectedBackground))
        canvas.draw("selected", x: 0, y: 0, style: selected)
        let light = try svg(canvas, theme: .light)
        let dark = try svg(canvas, theme: .dark)
        // Light: the theme's own light grey behind the label's dark text.
        #expect(light.contains("<rect x=\"0\" y=\"0\" width=\"80\" height=\"20\" fill=\"#d1d1d6\"/>"), "\(light)")
        #expect(light.contains("{fill:" + Theme.hex(Theme.light.foreground) + "}") || !light.contains("class="))
        // Dark: inverse video, as a terminal draws it (the text colour becomes the bar).
        #expect(dark.contains("fill=\"" + Theme.hex(Theme.dark.foreground) + "\"/>"), "\(dark)")
    }

    @Test func attributesBecomeCSS() {
        #expect(
            PictureStyles.rule(index: 3, foreground: nil, attributes: [.bold, .italic, .underline, .dim])
                == ".s3{font-weight:bold;font-style:italic;fill-opacity:.6;text-decoration:underline}")
    }

    @Test func streamedCanvasesMakeOnePicture() throws {
        let sink = MemorySink()
        let writer = SVGWriter(sink: sink)
        var canvas = Canvas(width: 5, height: 2)
        canvas.draw("one", x: 0, y: 0)
        try writer.write(canvas)
        canvas.reset(width: 5, height: 2)
        canvas.draw("two", x: 0, y: 1, style: TextStyle(attributes: .bold))
        try writer.write(canvas, lines: 1..<2)
        try writer.flush()
        let text = sink.string
        #expect(text.matches(of: #/<svg /#).count == 1)
        #expect(text.contains("viewBox=\"0 0 50 60\"") && text.contains("<text y=\"55\">"))
    }

    @Test func picturesAreWellFormedXML() throws {
        var canvas = Canvas(width: 24, height: 3)
        canvas.draw("│ 한국어 👨‍👩‍👧 & <x> │", x: 0, y: 0, style: TextStyle(attributes: .underline))
        canvas.draw("├──────┤▌█", x: 0, y: 1, style: TextStyle(foreground: .semantic(.separator)))
        canvas.overlay(x: 0, y: 2, width: 10, attributes: .inverse, background: .semantic(.selectedBackground))
        let sink = MemorySink()
        let html = HTMLWriter(sink: sink, title: "a <title> & \u{7}")
        try html.write(canvas)
        try html.flush()
        let page = sink.string
        #expect(page.hasPrefix("<!DOCTYPE html>") && !page.contains("<script"))
        #expect(page.contains("<title>a &lt;title&gt; &amp; \u{2407}</title>"))
        let element = try #require(page.firstRange(of: #/<svg.*</svg>/#.dotMatchesNewlines()))
        for document in [try svg(canvas), String(page[element])] {
            let parser = XMLParser(data: Data(document.utf8))
            #expect(parser.parse(), "\(parser.parserError.map { "\($0)" } ?? "")")
        }
    }
}
