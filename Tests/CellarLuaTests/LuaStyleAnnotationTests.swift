import Cellar
import Foundation
import Testing

@testable import CellarLua

/// Styles/cellar.d.lua (the LuaLS definitions) is valid Lua, is never loaded
/// as a style, and covers the whole API: every style key, node kind and field.
@Suite struct LuaStyleAnnotationTests {
    static let path = shippedStylesDir + "/cellar.d.lua"

    @Test func definitionsCompileAndAreSkippedByTheLoader() throws {
        let rt = try LuaRuntime()
        _ = try rt.compile(path: Self.path)
        #expect(try !StyleLoader.styleFiles(in: shippedStylesDir).contains(Self.path))
    }

    @Test func definitionsCoverTheAPI() throws {
        let text = try String(contentsOfFile: Self.path, encoding: .utf8)
        for key in StyleLoader.styleKeys {
            #expect(text.contains("---@field \(key)"), "style key \(key)")
        }
        for (kind, _) in LuaNodeReader.kindNames {
            #expect(text.contains("\"\(kind)\""), "node kind \(kind)")
        }
        for field in LuaNodeReader.Field.allCases {
            #expect(text.contains("---@field \(field.name)"), "node field \(field.name)")
        }
        for state in ["selected", "highlighted", "disabled", "focused", "editing", "expanded", "swiped", "reordering"] {
            #expect(text.contains("---@field \(state) boolean"), "state \(state)")
        }
        for helper in [
            "label", "image", "hstack", "vstack", "spacer", "padding", "margins", "empty", "list_label", "copy",
            "width",
        ] {
            #expect(text.contains("function ui.\(helper)("), "ui.\(helper)")
        }
    }
}
