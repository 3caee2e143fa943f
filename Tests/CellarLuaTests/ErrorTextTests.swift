import Cellar
import Foundation
import Testing

@testable import CellarLua

/// Text from a style reaches the user only sanitised, and every error names
/// the style file it came from.
@Suite struct ErrorTextTests {
    @Test func errorTextFromAStyleIsSanitised() throws {
        let dir = try styleDirectory([
            "loud.lua": """
            return {
              identifier = "loud",
              layout = function(config, ctx)
                error("\\27]52;c;cHduZWQ=\\7\\27[31mred\\r\\nnext")
              end,
            }
            """
        ])
        let table = try luaTable("sections:\n  - rows:\n      - {cell: loud}\n", try luaRegistry([dir.styles]))
        let text = cellarError { _ = try table.renderText() }?.description ?? ""
        #expect(!text.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F }, "\(text.debugDescription)")
        #expect(text.contains("loud.lua:4: ␛]52;c;cHduZWQ=␇␛[31mred␍␊next — in layout"), "\(text)")
    }

    @Test func nodeKindsAndIdentifiersAreSanitised() throws {
        let dir = try styleDirectory([
            "kind.lua": """
            return {
              identifier = "kind",
              layout = function() return { kind = "\\27[2Jwipe" } end,
            }
            """
        ])
        let table = try luaTable("sections:\n  - rows:\n      - {cell: kind}\n", try luaRegistry([dir.styles]))
        let text = cellarError { _ = try table.renderText() }?.description ?? ""
        #expect(text.contains("'␛[2Jwipe'"), "\(text)")
        let twins = try styleDirectory([
            "a.lua": "return { identifier = '\\27[2Jx' }", "b.lua": "return { identifier = '\\27[2Jx' }",
        ])
        let loadText = cellarError { _ = try luaRegistry([twins.styles]) }?.description ?? ""
        #expect(loadText.contains("'␛[2Jx'"), "\(loadText)")
        #expect(!loadText.contains("\u{1B}"))
    }

    @Test func anErrorInALoadedChunkNamesTheStyleAndTheLoadLine() throws {
        let dir = try styleDirectory([
            "loader.lua": """
            return {
              identifier = "loader",
              layout = function(config, ctx)
                local chunk = load("local x = 1\\nerror('boom')", "@/etc/passwd")
                chunk()
              end,
            }
            """
        ])
        let table = try luaTable("sections:\n  - rows:\n      - {cell: loader}\n", try luaRegistry([dir.styles]))
        let error = cellarError { _ = try table.renderText() }
        #expect(error?.location?.file.hasSuffix("/Styles/loader.lua") == true, "\(String(describing: error))")
        #expect(error?.location?.line == 4)
        #expect(
            error?.message.hasPrefix("boom (in the chunk loaded there, at its line 2)") == true,
            "\(String(describing: error))")
        #expect(error?.description.contains("passwd") == false)
        #expect(error?.description.contains("(load)") == false)
    }

    @Test func aSyntaxErrorInALoadedChunkNamesTheStyle() throws {
        let rt = try LuaRuntime()
        let results = try run(rt, "local a = 1\nreturn load('x = = 1', 'elsewhere.lua')", name: "synt.lua")
        guard results.count == 2, case .string(let message) = results[1] else {
            Issue.record("expected nil and a message, got \(results)")
            return
        }
        #expect(message.contains("synt.lua (load at line 2):1:"), "\(message)")
        #expect(!message.contains("elsewhere"))
    }
}
