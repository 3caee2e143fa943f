import Cellar
import CellarDocuments
import CellarTestSupport
import Testing

@testable import CellarLua

/// Lua styles of kind "header_footer": registered as header/footer view
/// identifiers, configured with a section's data, laid out where titles go.
@Suite struct LuaHeaderFooterStyleTests {
    static let banner = """
        return {
          identifier = "banner",
          kind = "header_footer",
          fields = {"count"},
          configure = function(view, data)
            view.text = data.title .. " #" .. data.section
            view.count = data.count
          end,
          layout = function(config, ctx)
            return ui.hstack { ui.label { text = config.text, bold = true },
                               ui.label { text = tostring(config.count or ""), width = "fit" } }
          end,
        }
        """

    @Test func aHeaderFooterStyleIsAViewIdentifierNotACellStyle() throws {
        let dir = try styleDirectory(["banner.lua": Self.banner])
        let registry = try luaRegistry([dir.styles])
        #expect(registry.headerFooterRegistration(for: "banner").registered)
        #expect(registry.style(for: "banner") == nil)
        let table = try luaTable(
            """
            separatorStyle: none
            sections:
              - header: 오늘
                headerView: {view: banner, count: 3}
                rows: [{text: Apple}]
              - header: Older
                rows: [{text: Pear}]
            """, registry, width: 20)
        #expect(
            try renderLines(table) == [
                " 오늘 #0          3", " Apple", " Older " + String(repeating: "─", count: 13), " Pear", "",
            ])
    }

    @Test func cellKeysAreRefusedAtTheirLine() throws {
        let source = Self.banner.replacingOccurrences(
            of: "  fields = {\"count\"},\n", with: "  fields = {\"count\"},\n  on_select = function() end,\n")
        let dir = try styleDirectory(["banner.lua": source])
        #expect {
            _ = try luaRegistry([dir.styles])
        } throws: { e in
            let m = (e as? CellarError)?.description ?? ""
            return m.contains("banner.lua:5") && m.contains("on_select is a cell key")
        }
    }

    @Test func aCellKeyIsLocatedWhereverItStandsOnItsLine() throws {
        let source = Self.banner.replacingOccurrences(
            of: "  fields = {\"count\"},\n", with: "  fields = {\"count\"}, on_select = function() end,\n")
        let dir = try styleDirectory(["banner.lua": source])
        #expect {
            _ = try luaRegistry([dir.styles])
        } throws: { e in
            ((e as? CellarError)?.description ?? "").contains("banner.lua:4: on_select is a cell key")
        }
    }

    @Test func anUnknownKindIsAnError() throws {
        let dir = try styleDirectory([
            "banner.lua": Self.banner.replacingOccurrences(of: "\"header_footer\"", with: "\"header\"")
        ])
        #expect {
            _ = try luaRegistry([dir.styles])
        } throws: { e in
            ((e as? CellarError)?.description ?? "").contains(
                "kind must be \"cell\" or \"header_footer\", got 'header'")
        }
    }

    @Test func hookErrorsNameTheSectionNotARow() throws {
        let dir = try styleDirectory([
            "banner.lua": Self.banner.replacingOccurrences(of: "data.title ..", with: "data.missing.x ..")
        ])
        let table = try luaTable(
            "sections:\n  - {header: A, headerView: {view: banner}, rows: [{text: x}]}\n",
            try luaRegistry([dir.styles]))
        #expect {
            _ = try table.renderText()
        } throws: { e in
            let m = (e as? CellarError)?.description ?? ""
            return m.contains("banner.lua:6") && m.contains("in configure, section 0") && !m.contains(", row")
        }
    }

    /// The section named is the one whose view failed, whether the view was
    /// made for it or reused from another section.
    @Test(arguments: [(1, "B"), (2, "BC")])
    func hookErrorsNameTheSectionTheViewHeads(failing: Int, viewed: String) throws {
        let dir = try styleDirectory([
            "banner.lua": Self.banner.replacingOccurrences(
                of: "view.text = data.title",
                with: "if data.section == \(failing) then error('boom') end\n view.text = data.title")
        ])
        let sections = ["A", "B", "C"].map { t in
            "  - {header: \(t), \(viewed.contains(t) ? "headerView: {view: banner}, " : "")rows: [{text: x}]}\n"
        }
        let table = try luaTable("sections:\n" + sections.joined(), try luaRegistry([dir.styles]))
        #expect {
            _ = try table.renderText()
        } throws: { e in
            ((e as? CellarError)?.description ?? "").hasSuffix("boom — in configure, section \(failing)")
        }
    }

    @Test func documentsCheckTheViewsDataKeysAgainstItsFields() throws {
        let dir = try styleDirectory(["banner.lua": Self.banner])
        let registry = try luaRegistry([dir.styles])
        let doc = try streamedDocument(
            "sections:\n  - headerView: {view: banner, cuont: 3}\n    rows: []\n", path: "d.yaml")
        #expect {
            try doc.validate(against: registry)
        } throws: { e in
            let m = (e as? CellarError)?.description ?? ""
            return m.hasPrefix("d.yaml:2:") && m.contains("does not read 'cuont' — did you mean 'count'?")
        }
    }

    @Test func theShippedDateHeaderDrawsTheDayAndCount() throws {
        let registry = try luaRegistry([shippedStylesDir])
        let table = try luaTable(
            "separatorStyle: none\nsections:\n  - {header: 오늘, headerView: {view: dateHeader, count: 2}, rows: [{text: a}]}\n",
            registry, width: 24)
        #expect(try renderLines(table) == [" 오늘" + String(repeating: " ", count: 11) + "2 items", " a", ""])
    }
}
