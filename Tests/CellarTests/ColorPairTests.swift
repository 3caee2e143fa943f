import Testing

@testable import Cellar
@testable import CellarText

/// `ColorPair`: `{light, dark}` read where a colour is read from data (a
/// row's background, a swipe action), `#rrggbb` read strictly.
@Suite struct ColorPairTests {
    @Test func hexIsSixHexDigitsExactly() {
        #expect(ColorPair.hex("#a1B2c3") == 0xA1B2C3)
        for bad in ["#+12345", "#12345", "#1234567", "123456", "#12345g", "#-12345"] {
            #expect(ColorPair.hex(bad) == nil, "\(bad)")
        }
    }

    @Test func aPairIsReadWhereAColourIs() throws {
        let pair = Value.object(["light": .string("#ffffff"), "dark": .string("#000000")])
        #expect(try RowData.color(pair, ["color"]) == .dynamic(light: 0xFFFFFF, dark: 0))
        #expect(try ContextualAction.color(pair) == .dynamic(light: 0xFFFFFF, dark: 0))
    }

    @Test func aBadPairSaysWhatIsWrong() {
        let cases: [([String: Value], String)] = [
            (["light": .string("#ffffff")], "'dark' is missing"),
            (["light": .string("#ffffff"), "drak": .string("#000000")], "did you mean 'dark'?"),
            (["light": .string("tint"), "dark": .string("#000000")], "'light' must be \"#rrggbb\", got 'tint'"),
            (["light": .int(3), "dark": .string("#000000")], "'light' must be \"#rrggbb\", got '3'"),
        ]
        for (fields, message) in cases {
            guard case .failure(let e) = ColorPair.color(fields) else {
                Issue.record("accepted \(fields)")
                continue
            }
            #expect(e.message.contains(message), "\(e.message)")
            do {
                _ = try ContextualAction.color(.object(fields))
                Issue.record("a swipe action took \(fields)")
            } catch {
                #expect(error.message.contains(message), "\(error.message)")
            }
        }
    }
}
