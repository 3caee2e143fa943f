import Cellar

/// How the recorder writes a document's text into a case: a `|` block the
/// person can read, or a quoted scalar when the text holds what a block
/// cannot say exactly (controls, a carriage return, trailing blanks).
extension GoldenRecorder {
    /// `reload:` with the document's text and the carrying actions, as
    /// lines relative to the step's own column.
    static func reloadStep(text: String, then: [TableAction]) -> String {
        var out = "reload:\n  table: " + documentText(text, indent: "  ")
        if !then.isEmpty { out += "\n  then:" + then.map { "\n    - " + step($0) }.joined() }
        return out
    }

    /// `text` as a scalar whose lines (after the first) start with
    /// `indent` plus two spaces of content indentation, the case reader
    /// giving back exactly `text`.
    static func documentText(_ text: String, indent: String) -> String {
        guard blockSafe(text) else { return quoted(text) }
        var body = Substring(text)
        let chomp: String
        if body.hasSuffix("\n\n") {
            chomp = "+"
        } else if body.hasSuffix("\n") {
            chomp = ""
        } else {
            chomp = "-"
        }
        while body.hasSuffix("\n") && chomp != "+" { body.removeLast() }
        if chomp == "+" { body.removeLast() }
        let lines = body.split(separator: "\n", omittingEmptySubsequences: false)
        return "|2" + chomp + lines.map { $0.isEmpty ? "\n" : "\n" + indent + "  " + $0 }.joined()
    }

    /// A literal block keeps every character but controls (tab and line
    /// feed aside) and the ones a YAML reader refuses, and loses blanks at
    /// the end of a line only when the line is blank; the text must not be
    /// empty and must have a line.
    static func blockSafe(_ text: String) -> Bool {
        guard !text.isEmpty, !text.hasPrefix("\n") else { return false }
        for scalar in text.unicodeScalars where scalar != "\n" && scalar != "\t" {
            if needsEscape(scalar.value) { return false }
        }
        for line in text.split(separator: "\n") where line.last == " " || line.last == "\t" {
            if line.allSatisfy({ $0 == " " || $0 == "\t" }) { return false }
        }
        return true
    }
}
