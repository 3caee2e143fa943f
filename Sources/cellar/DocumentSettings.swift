import Cellar
import CellarDocuments
import CellarText

/// How `render` and `browse` read a document: `DocumentOptions`' values as
/// plain data (`render`'s quick parse makes them without ArgumentParser).
struct DocumentSettings: Equatable {
    var inputFormat: InputFormat?
    var cell: String?
    var sectionBy: String?
    var indexTitles = false
    var extraKeys = ExtraKeys.error
    var tableStyle: TableStyle?
    var rowHeight: RowHeight?
    var estimatedRowHeight: Int?
    var noIndexCache = false

    /// The load index cache the environment names (see `LoadIndexCache.fromEnvironment`), unless turned off.
    var indexCache: LoadIndexCache? { noIndexCache ? nil : LoadIndexCache.fromEnvironment() }

    /// Cellar's cache directory (`CacheFiles.directory`), where the style manifest is kept, unless turned off.
    var cacheDirectory: String? { noIndexCache ? nil : CacheFiles.directory() }

    func tableOptions() throws -> TableOptions {
        if let cell, cell.isEmpty { throw CellarError("--cell must name a reuse identifier") }
        if let n = estimatedRowHeight, !(1...TableView.maximumRowHeight).contains(n) {
            throw CellarError(
                InputLimits.message("--estimated-row-height", 1...TableView.maximumRowHeight, got: "\(n)"))
        }
        return TableOptions(
            defaultCell: cell, sectionBy: sectionBy, indexTitles: indexTitles, style: tableStyle,
            rowHeight: rowHeight, estimatedRowHeight: estimatedRowHeight, extraKeys: extraKeys)
    }
}
