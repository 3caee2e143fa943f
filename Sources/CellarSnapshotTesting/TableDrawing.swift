import Cellar
import CellarText
import Foundation
import XCTest

#if canImport(Testing)
    import Testing
#endif

/// What the strategies draw, and how a failed drawing fails the test.
enum TableDrawing {
    /// The table drawn at `width` and in `appearance` (nil: its own), plain
    /// or in ANSI colour; both are set back afterwards, so a strategy never
    /// changes the table a test goes on with.
    static func text(of table: TableView, width: Int?, appearance: Appearance?, color: Bool) -> String {
        withSettings(of: table, width: width, appearance: appearance) {
            let sink = MemorySink()
            do {
                try table.render(to: color ? ANSIWriter(sink: sink) as CanvasWriter : PlainWriter(sink: sink))
            } catch {
                return failure("the table could not be drawn", error)
            }
            return sink.string
        }
    }

    /// Runs `body` with the table at `width` and in `appearance`, each nil
    /// keeping the table's own, then puts the table's own back.
    static func withSettings<T>(
        of table: TableView, width: Int?, appearance: Appearance?, _ body: () -> T
    ) -> T {
        let (ownWidth, ownAppearance) = (table.width, table.appearance)
        if let width { table.width = width }
        if let appearance { table.appearance = appearance }
        defer {
            table.width = ownWidth
            table.appearance = ownAppearance
        }
        return body()
    }

    /// Records the error as a failure of the running test and returns it
    /// as the snapshot's text: a reference that holds a drawing never
    /// matches it, and one recorded from it says what went wrong.
    static func failure(_ what: String, _ error: Error) -> String {
        let message = "\(what): " + Sanitizer.sanitize(FramesScenario.describe(error))
        #if canImport(Testing)
            if Test.current != nil {
                Issue.record(Comment(rawValue: message))
                return "⚠ " + message + "\n"
            }
        #endif
        XCTFail(message)
        return "⚠ " + message + "\n"
    }

    /// ANSI text with its escapes shown (`␛[1m`), line by line.
    static func visible(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false)
            .map { Sanitizer.sanitize(String($0)) }.joined(separator: "\n")
    }
}
