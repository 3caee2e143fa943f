import ArgumentParser
import CellarText

/// `cellar render --format`: which writer draws the table. Without it,
/// `--color` chooses between plain text and ANSI as before.
enum OutputFormat: String, CaseIterable, ExpressibleByArgument {
    case plain, ansi, svg, html
}

/// `--theme`: the colours of SVG and HTML pictures.
enum ThemeName: String, CaseIterable, ExpressibleByArgument {
    case light, dark
    var theme: Theme { self == .dark ? .dark : .light }
}

extension OutputFormat {
    /// The writer for `sink`; `useColor` decides only when no format was given.
    static func writer(
        _ format: OutputFormat?, useColor: Bool, theme: ThemeName, title: String?,
        sink: ByteSink
    ) -> CanvasWriter {
        switch format {
        case nil: return Terminal.writer(color: useColor, sink: sink)
        case .plain: return PlainWriter(sink: sink)
        case .ansi: return ANSIWriter(sink: sink)
        case .svg: return SVGWriter(sink: sink, theme: theme.theme, title: title)
        case .html: return HTMLWriter(sink: sink, theme: theme.theme, title: title ?? "Cellar table")
        }
    }
}
