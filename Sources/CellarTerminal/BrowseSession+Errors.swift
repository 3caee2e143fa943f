import Cellar

/// Errors in full. An error goes to the status line in a short form, its
/// first line; a located one (a style's, a document's: `file:line: …`)
/// also goes whole, bounded, to `errorDetail`, which the screen opens as an
/// overlay when the status line would cut it (`BrowseScreen`). Any key
/// closes the overlay. A refusal that names no place ("row 3 has no
/// leading swipe actions") stays in the status line: `?` shows it whole.
extension BrowseSession {
    /// The most of an error the overlay shows, in UTF-8 bytes: a located
    /// message with its suggestion and a traceback's first lines fits.
    public static let errorDetailLimit = 1024

    /// Reports `error`, with `note` after it (e.g. "showing the last good version").
    public func report(_ error: any Error, note: String = "") {
        let text = "\(error)" + (note.isEmpty ? "" : " (\(note))")
        let detail = Self.bounded(text)
        message = Self.shortForm(detail)
        // A render that fails fails again at every frame: the overlay closed on it stays closed.
        if Self.isLocated(text), detail != closedError { errorDetail = detail }
    }

    /// A reload that worked: `message` in the status line, and an error closed before it shows again if a later
    /// save brings it back.
    public func reloaded(_ message: String) {
        self.message = message
        closedError = nil
    }

    /// Whether `text` starts with a place, `file:line:` (a column may follow).
    static func isLocated(_ text: String) -> Bool {
        let place = text.split(separator: " ", maxSplits: 1).first ?? ""
        guard place.hasSuffix(":") else { return false }
        let parts = place.dropLast().split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count >= 2, !parts[0].isEmpty, !parts[1].isEmpty else { return false }
        return parts[1].unicodeScalars.allSatisfy { ("0"..."9").contains($0) }
    }

    /// The status line's form: the first line (a located error starts with its place).
    static func shortForm(_ text: String) -> String {
        text.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? ""
    }

    /// `text` cut at a character boundary to `errorDetailLimit` bytes, saying so.
    static func bounded(_ text: String) -> String {
        guard text.utf8.count > errorDetailLimit else { return text }
        var end = text.startIndex
        var bytes = 0
        for i in text.indices {
            bytes += text[i].utf8.count
            if bytes > errorDetailLimit { break }
            end = text.index(after: i)
        }
        return String(text[..<end]) + "… (cut at \(errorDetailLimit) bytes)"
    }

    /// The overlay is showing: a key or a click closes it and does nothing
    /// else, except that q and Ctrl-C still quit. True when it took the key.
    func closeErrorOverlay(for key: Key) -> Bool {
        guard showsError else { return false }
        if case .mouse(let event) = key {
            guard case .press = event.kind else { return true }  // the wheel and releases leave it open
        }
        showsError = false
        closedError = errorDetail
        errorDetail = nil
        if key == .character("q") || key == .control("c") { wantsQuit = true }
        return true
    }
}
