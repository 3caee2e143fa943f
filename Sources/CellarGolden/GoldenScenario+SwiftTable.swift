import Cellar
import CellarDocuments
import CellarText

/// Cases that drive a table built in Swift (`swift_table: NAME`): the
/// table, its data source and its delegate are the app's, handed over by
/// the test, and the case plays the user's actions against them. The rows
/// are the app's to change, so the steps that edit a document's rows are
/// refused, each at its place in the case.
extension GoldenScenario {
    /// Plays a `swift_table` case against `table` and returns its golden
    /// text, frame for frame as a document case's. A case with a table
    /// document, or a style the table's registry lacks, fails before
    /// anything is drawn; a step that edits document rows fails at its
    /// place in the case.
    public static func play(_ scenario: GoldenCase, swiftTable table: TableView) throws -> String {
        guard case .swift = scenario.table else {
            throw CellarError(
                "this case draws the table document in 'table', so it runs with `cellar test`; "
                    + "a case for a table built in Swift says `swift_table: NAME` instead",
                at: scenario.table.location)
        }
        try checkStyle(scenario, registry: table.registry)
        return try play(scenario, table: table, source: nil)
    }

    /// Why a step cannot act on a table whose rows a Swift data source
    /// owns, or nil when it can.
    static func refusedWithoutDocument(_ action: GoldenStep.Action) -> String? {
        let what: String
        switch action {
        case .delete, .insert, .move: what = "it changes the table document's rows"
        case .reloadTable: what = "it replaces the table document"
        case .render, .user, .resize: return nil
        }
        return "\(what), and this case drives a table built in Swift, whose rows are its data source's: "
            + "make the update in the Swift test; the case plays the user's actions "
            + "(select, swipe, confirm_delete, reorder, …), render and resize"
    }

    /// The error for a `swift_table` case met where a document is read
    /// (`cellar test`, or the document runner from Swift).
    static func swiftTableElsewhere(_ name: String) -> String {
        "this case drives a table built in Swift ('\(Sanitizer.excerpt(name))'), which only its Swift test "
            + "can hand over: run it from Swift with `GoldenCase.run(file:against:)`, or a `GoldenRunner` "
            + "given `swiftTables`"
    }
}
