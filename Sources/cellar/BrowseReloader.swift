import Cellar
import CellarDocuments
import CellarLua
import CellarTerminal
import Foundation

/// `cellar browse --watch`: when a style file or the document changes, the
/// table is built again (styles from their files, the document from disk
/// when it changed, else the session's data as edited) and drawn once off
/// screen; only a table that loads and draws replaces the one on screen.
/// A failure keeps the last good table and puts the located error in the
/// status line; the next good save clears it.
final class BrowseReloader {
    let file: String
    let document: DocumentOptions
    let styleDirectories: [String]
    let limits: LuaLimits
    let maxFileSize: Int?
    let ambiguousWide: Bool?
    let watcher: FileWatcher
    /// The document changed but did not load: the next reload reads it again.
    private var documentPending = false

    init?(
        file: String, document: DocumentOptions, styleDirectories: [String], limits: LuaLimits, maxFileSize: Int?,
        ambiguousWide: Bool?
    ) {
        self.file = file
        self.document = document
        self.styleDirectories = styleDirectories
        self.limits = limits
        self.maxFileSize = maxFileSize
        self.ambiguousWide = ambiguousWide
        let documentDirectory = (file as NSString).deletingLastPathComponent
        guard
            let watcher = FileWatcher(
                directories: styleDirectories + [documentDirectory.isEmpty ? "." : documentDirectory])
        else { return nil }
        self.watcher = watcher
    }

    /// Reloads for what changed (called when the watcher's descriptor is readable).
    func reload(_ session: BrowseSession) {
        // Editors save in several steps: let them finish before reading.
        usleep(30_000)
        let changed = watcher.changedFiles().map(Self.normalized)
        let documentChanged = documentPending || changed.contains(Self.normalized(file))
        let styles = changed.filter { path in
            path.hasSuffix(".lua") && styleDirectories.contains { path.hasPrefix(Self.normalized($0) + "/") }
        }
        guard documentChanged || !styles.isEmpty else { return }
        let what = Terminal.sanitized(documentChanged ? file : styles.sorted().joined(separator: ", "))
        do {
            let table = try documentChanged ? loadDocument(session) : restyled(session)
            table.width = session.table.width
            table.viewportHeight = session.table.viewportHeight
            table.contentOffset = session.table.contentOffset
            _ = try table.renderText()
            session.replaceTable(with: table)
            session.message = "reloaded \(what)"
            documentPending = false
        } catch {
            documentPending = documentChanged
            session.message = "\(error) (showing the last good version)"
        }
    }

    private func loadDocument(_ session: BrowseSession) throws -> TableView {
        let (table, source) = try DocumentTable.load(
            file: file, document: document, styleDirectories: styleDirectories, limits: limits,
            maxFileSize: maxFileSize)
        try source.checkRowHeights(width: session.table.width)
        if let ambiguousWide { table.ambiguousWide = ambiguousWide }
        return table
    }

    /// The same data source (the rows as the session left them) over freshly
    /// loaded styles, with the document's own `register:` identifiers on top
    /// as at start; a streamed input is read again from its file.
    private func restyled(_ session: BrowseSession) throws -> TableView {
        guard let source = session.table.retainedDataSource as? DocumentDataSource else {
            return try loadDocument(session)
        }
        let registry = Registry()
        try StyleHooks.load(styleDirectories, into: registry, limits: limits)
        let new = source.makeTableView(registry: try source.document.registry(over: registry))
        new.ambiguousWide = session.table.ambiguousWide
        return new
    }

    static func normalized(_ path: String) -> String {
        var p = path
        while p.hasPrefix("./") { p.removeFirst(2) }
        return p
    }
}
