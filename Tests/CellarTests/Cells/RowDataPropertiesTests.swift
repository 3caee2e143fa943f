import CellarText
import Testing

@testable import Cellar

/// `textProperties` and `secondaryTextProperties`: a lone key and several read alike, and an error
/// names the property's key path.
@Suite struct RowDataPropertiesTests {
    private func parse(_ properties: [String: Value]) throws -> TextProperties {
        try RowData.properties(.object(properties), base: TextProperties(), "textProperties")
    }

    private func error(_ properties: [String: Value]) -> RowDataError? {
        do {
            _ = try parse(properties)
            return nil
        } catch {
            return error as? RowDataError
        }
    }

    @Test func loneKeyReadsAsWhenOneOfMany() throws {
        let lone = try parse(["color": .string("tint")])
        #expect(lone.color == .semantic(.tint))
        let many = try parse(["color": .string("tint"), "bold": .bool(true), "numberOfLines": .int(2)])
        #expect(many.color == .semantic(.tint))
        #expect(many.attributes.contains(.bold))
        #expect(many.numberOfLines == 2)
        #expect(try parse(["bold": .bool(true)]).attributes == [.bold])
    }

    @Test func loneWrongKeyNamesItsPath() {
        let e = error(["colour": .string("tint")])
        #expect(e?.keyPath == ["textProperties", "colour"])
        #expect(e?.message.contains("unknown key") == true)
        #expect(error(["color": .string("nope")])?.keyPath == ["textProperties", "color"])
        #expect(error(["numberOfLines": .int(-1)])?.keyPath == ["textProperties", "numberOfLines"])
        #expect(error(["bold": .string("yes")])?.keyPath == ["textProperties", "bold"])
        #expect(error(["alignment": .string("middle")])?.keyPath == ["textProperties", "alignment"])
    }

    /// Keys are read in order: the first wrong one by name is the one reported.
    @Test func firstWrongKeyInOrderIsReported() {
        let e = error(["transform": .string("x"), "color": .string("nope"), "bold": .bool(true)])
        #expect(e?.keyPath == ["textProperties", "color"])
    }

    @Test func notAMappingNamesTheKey() {
        #expect(throws: RowDataError.self) {
            try RowData.properties(.string("tint"), base: TextProperties(), "textProperties")
        }
    }
}
