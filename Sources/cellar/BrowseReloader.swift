import Cellar
import CellarDocuments
import CellarLua
import CellarTerminal
import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `cellar browse --watch`: when a style file changes, the session's table
/// draws with the styles loaded again (`BrowseSession.restyle`: the rows as
/// edited and every row state kept); when the document changes, a table
/// read from it takes the old one's place (`BrowseSession.replaceTable`).
/// Either is drawn once off screen first: a failure keeps the last good
/// table and puts the located error in the status line; the next good save
/// clears it.
final class BrowseReloader {
    let file: String
    let document: DocumentSettings
    let styleDirectories: [String]
    let limits: LuaLimits
    let maxFileSize: Int?
    let ambiguousWide: Bool?
    let watcher: FileWatcher
    /// The document as loaded last: its `register:` identifiers go on top
    /// of styles loaded again, as at start.
    private var source: LoadedTable
    /// The document changed but did not load: the next reload reads it again.
    private var documentPending = false

    init?(
        file: String, source: LoadedTable, document: DocumentSettings, styleDirectories: [String], limits: LuaLimits,
        maxFileSize: Int?, ambiguousWide: Bool?
    ) {
        self.file = file
        self.source = source
        self.document = document
        self.styleDirectories = styleDirectories
        self.limits = limits
        self.maxFileSize = maxFileSize
        self.ambiguousWide = ambiguousWide
        let documentDirectory = PathName.deletingLastComponent(file)
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
            if documentChanged {
                try reloadDocument(session)
                session.reloaded("reloaded \(what): its rows read again, the edits before dropped")
            } else {
                try restyle(session)
                session.reloaded("reloaded \(what)")
            }
            documentPending = false
        } catch {
            documentPending = documentChanged
            session.report(error, note: "showing the last good version")
        }
    }

    private func reloadDocument(_ session: BrowseSession) throws {
        let before = Self.text(of: file)
        let (table, source) = try DocumentTable.load(
            file: file, document: document, styleDirectories: styleDirectories, limits: limits,
            maxFileSize: maxFileSize)
        try source.checkRowHeights(width: session.table.width)
        if let ambiguousWide { table.ambiguousWide = ambiguousWide }
        table.width = session.table.width
        table.viewportHeight = session.table.viewportHeight
        table.contentOffset = session.table.contentOffset
        _ = try table.renderText()
        // The text is what was loaded only when a second read agrees (an
        // editor may write again meanwhile): else the recording restarts.
        let after = Self.text(of: file)
        session.replaceTable(with: table, text: before == after ? before : nil)
        self.source = source
    }

    /// The document's text for a recorded case, nil when it is not UTF-8
    /// (a case cannot hold it) or cannot be read.
    static func text(of file: String) -> String? {
        guard let data = FileManager.default.contents(atPath: file) else { return nil }
        return String(bytes: data, encoding: .utf8)
    }

    /// The styles loaded again, with the document's own `register:`
    /// identifiers on top as at start, and checked against its rows.
    private func restyle(_ session: BrowseSession) throws {
        let registry = Registry()
        try StyleHooks.load(styleDirectories, into: registry, limits: limits)
        let documentRegistry = try source.registry(over: registry)
        try source.validate(against: documentRegistry)
        try session.restyle(with: documentRegistry)
    }

    static func normalized(_ path: String) -> String {
        var p = path
        while p.hasPrefix("./") { p.removeFirst(2) }
        return p
    }
}
