import Cellar
import Testing

@testable import CellarDocuments

/// The keys of editing, selection and the section index are read by the
/// streamed JSON reader as by the eager one: the same documents pass, and
/// a bad one fails with the same message at the same line and column.
@Suite struct StreamedKeyParityTests {
    static func rows(_ rows: String, top: String = "") -> String {
        "{\(top)\"sections\": [{\"header\": \"A\", \"indexTitle\": \"A\", \"rows\": [\(rows)]}]}"
    }

    static let accepted = [
        rows("{\"text\": \"a\", \"editable\": false, \"deselectAfterSelect\": true}"),
        rows("{\"text\": \"a\", \"editingStyle\": \"insert\", \"template\": {\"text\": \"new\"}}"),
        rows("{\"text\": \"a\", \"movable\": \"withinSection\", \"selectionStyle\": \"none\"}"),
        rows("{\"text\": \"a\", \"movable\": false}"),
        rows(
            "{\"text\": \"a\", \"selected\": true}, {\"text\": \"b\", \"selected\": true}",
            top: "\"allowsMultipleSelection\": true, "),
        rows(
            "{\"text\": \"a\"}",
            top: "\"allowsSelection\": false, \"allowsSelectionDuringEditing\": true, "
                + "\"allowsMultipleSelectionDuringEditing\": true, \"indexTitles\": [\"A\", \"B\", 3], "),
        rows("{\"text\": \"a\", \"background\": {\"color\": \"#102030\", \"selectedColor\": \"tint\"}}"),
        rows(
            "{\"text\": \"a\", \"trailingSwipeActions\": [{\"title\": \"Delete\", \"style\": \"destructive\"}, "
                + "{\"title\": \"Flag\", \"color\": \"orange\"}], \"leadingSwipeActions\": []}"),
        rows("{\"text\": \"a\", \"selectable\": false}"),
    ]

    static let refused = [
        rows("{\"text\": \"a\", \"editable\": 1}"),
        rows("{\"text\": \"a\", \"deselectAfterSelect\": \"yes\"}"),
        rows("{\"text\": \"a\", \"selectable\": \"no\"}"),
        rows("{\"text\": \"a\", \"editingStyle\": \"remove\"}"),
        rows("{\"text\": \"a\", \"editingStyle\": 3}"),
        rows("{\"text\": \"a\", \"selectionStyle\": [\"gray\"]}"),
        rows("{\"text\": \"a\", \"movable\": \"within\"}"),
        rows("{\"text\": \"a\", \"movable\": 2}"),
        rows("{\"text\": \"a\", \"template\": \"row\"}"),
        rows("{\"text\": \"a\", \"background\": \"tint\"}"),
        rows("{\"text\": \"a\", \"background\": {\"selectedColour\": \"tint\"}}"),
        rows("{\"text\": \"a\", \"background\": {\"color\": \"blu\"}}"),
        rows("{\"text\": \"a\", \"trailingSwipeActions\": {\"title\": \"Flag\"}}"),
        rows(
            "{\"text\": \"a\", \"trailingSwipeActions\": [{\"title\": \"Flag\"}, {\"title\": \"X\", \"style\": \"red\"}]}"
        ),
        rows("{\"text\": \"a\", \"leadingSwipeActions\": [{\"title\": \"Pin\", \"color\": \"orang\"}]}"),
        rows("{\"text\": \"a\", \"leadingSwipeActions\": [{\"titel\": \"Pin\"}]}"),
        rows("{\"text\": \"a\", \"leadingSwipeActions\": [{\"title\": \"\"}]}"),
        rows("{\"text\": \"a\", \"template\": {\"cell\": \"subtitle\", \"accessory\": \"chevron\"}}"),
        rows("{\"text\": \"a\", \"template\": {\"text\": \"b\", \"secondaryText\": \"c\"}}"),
        rows("{\"text\": \"a\", \"selected\": true}, {\"text\": \"b\", \"selected\": true}"),
        rows("{\"text\": \"a\"}", top: "\"allowsMultipleSelection\": \"yes\", "),
        rows("{\"text\": \"a\"}", top: "\"allowsSelection\": 1, "),
        rows("{\"text\": \"a\"}", top: "\"indexTitles\": \"ABC\", "),
        rows("{\"text\": \"a\"}", top: "\"indexTitles\": [\"A\", \"A\"], "),
        rows("{\"text\": \"a\"}", top: "\"indexTitles\": [\"A\", \"\"], "),
        rows("{\"text\": \"a\"}", top: "\"indexTitles\": [\"A\", [\"B\"]], "),
        rows("{\"text\": \"a\"}", top: "\"indexTitles\": [\"B\", \"C\"], "),
        rows("{\"text\": \"a\"}", top: "\"allowsMultipleSelectio\": true, "),
    ]

    static func message(_ body: () throws -> Any) -> String {
        do {
            _ = try body()
            return "ok"
        } catch { return "\(error)" }
    }

    static func both(_ text: String) -> (eager: String, streamed: String) {
        let eager = message { try DocumentSnapshot.parse(text, path: "t.json") }
        let streamed = message {
            try StreamedDocument.load(DocumentInput(path: "t.json", bytes: Array(text.utf8), format: .json))
        }
        return (eager, streamed)
    }

    @Test(arguments: accepted) func theSameDocumentsPass(text: String) {
        let (eager, streamed) = Self.both(text)
        #expect(eager == "ok")
        #expect(streamed == "ok")
    }

    @Test(arguments: refused) func theSameDocumentsFailAlike(text: String) {
        let (eager, streamed) = Self.both(text)
        #expect(eager != "ok")
        #expect(streamed == eager)
    }

    @Test func aMisspeltKeyIsNeverItsOwnSuggestion() {
        #expect(Suggest.closest("allowsMultipleSelection", among: ["allowsMultipleSelection"]) == nil)
        #expect(
            Suggest.closest("allowsMultipleSelectio", among: TableSchema.document.map(\.name))
                == "allowsMultipleSelection")
    }

    @Test func theStreamedReaderKeepsTheTopLevelKeys() throws {
        let text = Self.accepted[5]
        let doc = try StreamedDocument.load(DocumentInput(path: "t.json", bytes: Array(text.utf8), format: .json))
        #expect(doc.indexTitles == ["A", "B", "3"])
        #expect(!doc.selection.allowsSelection && doc.selection.allowsMultipleSelectionDuringEditing)
    }

    /// The streamed readers' test of a table key (one per key of every row, so a switch) names the same keys.
    @Test func theTableKeysAreOneList() {
        for key in TableSchema.tableRowKeys { #expect(StyleRow.isTableKey(key), "\(key)") }
        for key in TableSchema.editingRowKeys { #expect(TableSchema.tableRowKeys.contains(key), "\(key)") }
        #expect(!StyleRow.isTableKey("text"))
    }
}
