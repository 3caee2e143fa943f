import Cellar
import CellarDocuments
import CellarLua

/// What `render` draws and how: `RenderCommand`'s values as plain data. The
/// render runs from these (`run()`), so `render`'s quick parse
/// (`RenderQuickParse`) makes them without building ArgumentParser's wrappers,
/// whose generic types cost a small table's start-up more than its drawing.
struct RenderSettings: Equatable {
    var file: String
    var width: Int?
    var height: Int?
    var offset: Int?
    var color = ColorMode.auto
    var format: OutputFormat?
    var theme = ThemeName.light
    var title: String?
    var stats = false
    var log = false
    var editing = false
    var noSplit = false
    var ambiguousWide: Bool?
    /// `--styles` as given (`StyleHooks.directories` adds the default).
    var styles: [String] = []
    var checkStyles = false
    var maxFileSize: Int?
    var document = DocumentSettings()

    /// The checks ArgumentParser runs after parsing (`RenderCommand.validate`).
    func validate() throws {
        try CLIError.checkRange("--width", width, InputLimits.width)
        try CLIError.checkRange("--height", height, InputLimits.height)
        try CLIError.checkRange("--offset", offset, InputLimits.offset)
        if offset != nil, height == nil {
            throw CLIError.fail("--offset needs --height: without a viewport the whole table is drawn")
        }
    }

    /// Rows piped in as JSON Lines, CSV or TSV (`-` or a pipe such as `<(command)`, with `--input-format`)
    /// are drawn as they arrive when nothing drawn needs the whole table
    /// first: no viewport (`--height`), no sections from the data
    /// (`--section-by`) or section index (`--index-titles`), and plain or
    /// ANSI text (SVG and HTML are sized to the whole table).
    var drawsRowsAsTheyArrive: Bool {
        // The format first: only then is the file looked at.
        guard let f = document.inputFormat, [.jsonl, .csv, .tsv].contains(f), file == "-" || InputFile.isPipe(file)
        else { return false }
        return height == nil && document.sectionBy == nil && !document.indexTitles
            && (format == nil || format == .plain || format == .ansi)
    }

    /// The style directories: `--styles`, else `Styles/` when it exists here.
    var styleDirectories: [String] { StyleHooks.directories(styles) }

    /// The sandbox's settings for the styles (`--check-styles`).
    var limits: LuaLimits { StyleCheckOption.limits(checkStyles: checkStyles) }
}
