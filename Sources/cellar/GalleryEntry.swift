import Cellar
import CellarDocuments
import CellarGolden
import CellarLua
import FoundationEssentials

/// One style as the gallery shows it: its identifier, where it comes from,
/// and the rows (or, for a header/footer view style, the views' data) it
/// is drawn with.
struct GalleryEntry {
    let identifier: String
    let source: String
    let summary: String
    let isHeaderFooter: Bool
    /// Each row's data, without `cell` (or `view`).
    let samples: [Value]
    /// Where the samples come from, for the page ("samples", a case's path, "built-in").
    let samplesFrom: String

    /// The rows a built-in style is shown with: every label it draws (the
    /// default style has no detail text), an accessory, and a title long
    /// enough to wrap at a narrow width.
    static func builtinSamples(_ id: String) -> [Value] {
        let detail = id != BuiltinCellStyle.Kind.default.rawValue
        func row(_ text: String, _ secondary: String, _ accessory: String) -> Value {
            var o: [String: Value] = ["text": .string(text), "accessory": .string(accessory)]
            if detail { o["secondaryText"] = .string(secondary) }
            return .object(o)
        }
        return [
            row("Milk", "2 litres", "checkmark"),
            row("A title long enough to wrap at a narrow width", "detail 詳細", "disclosureIndicator"),
        ]
    }

    /// Every registered cell style (the built-ins first, in registration
    /// order) and every header/footer view style a style file defines, each
    /// with its samples: the style's own `samples`, else the rows its golden
    /// cases (`cases/` beside the styles) draw it with.
    static func all(in registry: Registry, styleDirectories: [String], sizeLimit: Int) -> [GalleryEntry] {
        let cases = CaseRows(styleDirectories: styleDirectories, sizeLimit: sizeLimit)
        var entries: [GalleryEntry] = []
        // The built-ins are registered as views too: they are shown once, as cells.
        let views = registry.headerFooterIdentifiers.compactMap { id in
            (registry.headerFooterRegistration(for: id).style as? LuaCellStyle).map { (id, $0 as CellStyle) }
        }
        for (id, style) in registry.identifiers.compactMap({ id in registry.style(for: id).map { (id, $0) } }) + views {
            let lua = style as? LuaCellStyle
            let header = lua?.isHeaderFooter == true
            var samples = lua?.samples ?? Self.builtinSamples(id)
            var from = lua == nil ? "built-in samples" : "the style's samples"
            if samples.isEmpty, let found = cases.rows(for: id, headerFooter: header) {
                (samples, from) = (found.rows, "rows of " + found.path)
            }
            entries.append(
                GalleryEntry(
                    identifier: id, source: style.source,
                    summary: lua?.summary ?? (style as? BuiltinCellStyle)?.summary ?? "", isHeaderFooter: header,
                    samples: samples, samplesFrom: samples.isEmpty ? "no samples and no golden case" : from))
        }
        return entries
    }
}

/// Rows drawn with a style in the golden cases under each styles
/// directory's `cases/`: a style without `samples` is shown with them.
struct CaseRows {
    let styleDirectories: [String]
    let sizeLimit: Int
    /// The most rows taken from cases, as `samples` allows.
    static let limit = StyleLoader.maxSamples

    /// The first case (in path order) whose table draws `id`, and its rows
    /// (or section views) in that style, their other keys kept.
    func rows(for id: String, headerFooter: Bool) -> (rows: [Value], path: String)? {
        for path in casePaths() {
            guard let scenario = try? GoldenCaseParser.load(path: path, name: path),
                let document = try? GoldenScenario.loadDocument(scenario, sizeLimit: sizeLimit),
                let rows = try? (headerFooter ? Self.views(id, document) : Self.rows(id, document))
            else { continue }
            if !rows.isEmpty { return (Array(rows.prefix(Self.limit)), path) }
        }
        return nil
    }

    static func rows(_ id: String, _ document: StreamedDocument) throws -> [Value] {
        try (0..<document.rowCount).compactMap { index in
            guard case .object(var o) = try document.row(index), o["cell"]?.stringValue == id else { return nil }
            o["cell"] = nil
            return .object(o)
        }
    }

    static func views(_ id: String, _ document: StreamedDocument) -> [Value] {
        document.sections.flatMap { [$0.headerView, $0.footerView] }.compactMap { view in
            guard let view, view.identifier == id else { return nil }
            return .object(view.data)
        }
    }

    /// Every `*.case.yaml` under `DIR/cases`, in path order.
    func casePaths() -> [String] {
        styleDirectories.flatMap { directory -> [String] in
            let root = directory + "/cases"
            guard let paths = try? FileManager.default.subpathsOfDirectory(atPath: root) else { return [] }
            return paths.filter { $0.hasSuffix(".case.yaml") }.sorted().map {
                root + "/" + $0
            }
        }
    }
}
