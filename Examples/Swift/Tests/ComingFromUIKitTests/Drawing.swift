import Cellar

extension TableView {
    /// The frame as lines without their trailing spaces, so that an
    /// expectation reads as what a person sees (rows are padded to the
    /// table's width; a test of widths reads `renderText()` itself).
    func drawnLines() throws -> [String] {
        try renderText().split(separator: "\n", omittingEmptySubsequences: false).dropLast().map {
            String($0.reversed().drop { $0 == " " }.reversed())
        }
    }
}
