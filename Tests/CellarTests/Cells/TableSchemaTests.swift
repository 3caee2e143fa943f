import CellarDocuments
import CellarTestSupport
import Foundation
import Testing

@testable import Cellar

/// The row schema is the one list of keys: what else names keys (the
/// built-in fields, the docs' key tables, the editor annotations) says the same.
@Suite struct TableSchemaTests {
    static func text(_ path: String) throws -> String {
        try String(contentsOfFile: CellarCLI.packageRoot + "/" + path, encoding: .utf8)
    }

    /// The names each backticked span of `line` starts with (`background: {…}` names `background`).
    static func names(_ line: some StringProtocol) -> [String] {
        line.split(separator: "`", omittingEmptySubsequences: false).enumerated().compactMap { i, span in
            guard i % 2 == 1 else { return nil }
            let name = span.prefix { $0.isLetter || $0.isNumber }
            return name.isEmpty ? nil : String(name)
        }
    }

    /// The README's key table row that starts `| label |`.
    static func readmeRow(_ label: String) throws -> [String] {
        let readme = try text("README.md")
        let line = try #require(readme.split(separator: "\n").first { $0.hasPrefix("| \(label) |") }, "\(label)")
        return names(line.dropFirst(label.count + 4))
    }

    @Test func theBuiltinFieldsAreTheSchemasContentKeys() {
        #expect(RowDataFields.Field.allCases.map(\.rawValue) == TableSchema.builtinRowKeys)
        #expect(RowData.keys == TableSchema.builtinRowKeys)
        for field in RowDataFields.Field.allCases {
            var name = field.rawValue
            #expect(name.withUTF8 { RowDataFields.field(named: $0) } == field)
        }
    }

    @Test func theReadmeKeyTablesAreTheSchemas() throws {
        #expect(Set(try Self.readmeRow("row, read by the table")) == Set(TableSchema.tableRowKeys))
        #expect(try Self.readmeRow("row, read by built-in styles") == TableSchema.builtinRowKeys)
        #expect(try Self.readmeRow("section") == TableSchema.section.map(\.name))
        #expect(Set(try Self.readmeRow("top level")) == Set(TableSchema.document.map(\.name)))
    }

    /// TableDocuments' table of the built-in keys names each, and every accessory.
    @Test func theTableDocumentsKeyTableIsTheSchemas() throws {
        let doc = try Self.text("Sources/Cellar/Cellar.docc/TableDocuments.md")
        let start = try #require(doc.range(of: "The built-in styles read these row keys:"))
        let rows = doc[start.upperBound...].split(separator: "\n").drop { !$0.hasPrefix("|") }.prefix {
            $0.hasPrefix("|")
        }
        let cells = rows.dropFirst(2).map { $0.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) } }
        #expect(cells.flatMap { Self.names($0[0]) } == TableSchema.builtinRowKeys)
        let accessory = try #require(cells.first { $0[0] == "`accessory`" })
        #expect(Self.names(accessory[1]) == AccessoryType.allCases.map(\.rawValue))
    }

    /// The LuaLS annotations name the choices the schema gives.
    @Test func theEditorAnnotationsAreTheSchemas() throws {
        let lua = try Self.text("Styles/cellar.d.lua")
        func alias(_ name: String) throws -> [String] {
            let line = try #require(lua.split(separator: "\n").first { $0.hasPrefix("---@alias \(name) ") }, "\(name)")
            return line.split(separator: "\"").enumerated().compactMap { $0 % 2 == 1 ? String($1) : nil }
        }
        guard case .choice(let accessories)? = TableSchema.rowKey("accessory")?.type else {
            Issue.record("accessory is no choice")
            return
        }
        #expect(try alias("CellarAccessoryType") == accessories)
        guard case .choice(let styles)? = TableSchema.document.first(where: { $0.name == "style" })?.type else {
            Issue.record("style is no choice")
            return
        }
        #expect(try alias("CellarTableStyle") == styles)
    }

    /// A misspelt key is suggested from UIKit's name for it first.
    @Test(arguments: [
        ("detailTextLabel", "secondaryText"), ("accessoryType", "accessory"), ("textLabel", "text"),
        ("imageView", "image"), ("txt", "text"), ("indentationLevel", "indentation"),
    ])
    func uikitNamesSuggestTheKey(name: String, key: String) {
        #expect(TableSchema.suggestion(for: name, among: RowData.keys + TableSchema.tableRowKeys) == key)
    }

    /// A UIKit name is suggested only as a key the style reads.
    @Test func aUIKitNameIsNotSuggestedAsAKeyNotRead() {
        #expect(TableSchema.suggestion(for: "detailTextLabel", among: ["body", "title"]) == nil)
    }

    /// Every key changes the fingerprint the load index's version carries.
    @Test func theFingerprintFollowsTheKeys() {
        let keys = TableSchema.row
        let base = TableSchema.fingerprint(of: keys)
        #expect(
            TableSchema.fingerprint(of: keys + TableSchema.section + TableSchema.document) == TableSchema.fingerprint)
        #expect(TableSchema.fingerprint(of: Array(keys.dropLast())) != base)
        #expect(TableSchema.fingerprint(of: keys.reversed()) != base)
        var renamed = keys
        renamed[0] = TableSchema.Key("cells", keys[0].type, keys[0].role, keys[0].doc)
        #expect(TableSchema.fingerprint(of: renamed) != base)
    }

    /// A content key a built-in style does not read is worded as the `default` style's detail always was.
    @Test func aKeyAStyleDoesNotDrawIsNamed() throws {
        let detail = try #require(TableSchema.rowKey("secondaryText"))
        #expect(
            TableSchema.notDrawn(detail, by: .default)
                == "style 'default' has no detail text (UIKit's detailTextLabel is nil); use subtitle, value1 or value2, or drop secondaryText"
        )
    }
}
