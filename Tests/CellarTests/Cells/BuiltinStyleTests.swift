import CellarDocuments
import CellarTestSupport
import CellarText
import Testing

@testable import Cellar

@Suite struct BuiltinStyleTests {
    @Test func defaultStyleDrawsTextAndImageOnOneLine() throws {
        let ds = ArrayDataSource([[row("default", "Cherry", nil, ["image": .string("🍒")])]])
        let out = lines(try ds.makeTable(width: 20).renderText())
        #expect(out == [" 🍒 Cherry"])
    }

    @Test func subtitlePutsDetailBelow() throws {
        let ds = ArrayDataSource([[row("subtitle", "Apple", "Red and crisp")]])
        let out = lines(try ds.makeTable(width: 30).renderText())
        #expect(out == [" Apple", " Red and crisp"])
    }

    @Test func value1PutsDetailRightAlignedOnTheTextLine() throws {
        let ds = ArrayDataSource([[row("value1", "Calories", "52"), row("value1", "당류", "10 g")]])
        let out = lines(try ds.makeTable(width: 30).renderText())
        #expect(out.count == 2)
        #expect(out[0].hasPrefix(" Calories"))
        // Both details end at the same column (trailing margin 1), Hangul two cells wide.
        #expect(DisplayWidth.of(out[0]) == 29)
        #expect(DisplayWidth.of(out[1]) == 29)
        #expect(out[1] == " 당류" + String(repeating: " ", count: 29 - 5 - 4) + "10 g")
    }

    @Test func value2HasANarrowRightAlignedHeadingColumn() throws {
        let ds = ArrayDataSource([[row("value2", "mobile", "555 1234"), row("value2", "home", "555 9876")]])
        let out = lines(try ds.makeTable(width: 40).renderText())
        let col = BuiltinCellStyle.value2ColumnWidth(40 - 2)
        #expect(column(of: "mobile", in: out[0]).map { $0 + 6 } == 1 + col)
        #expect(column(of: "home", in: out[1]).map { $0 + 4 } == 1 + col)
        #expect(column(of: "555 1234", in: out[0]) == 1 + col + 1)
        #expect(column(of: "555 9876", in: out[1]) == 1 + col + 1)
    }

    @Test func value2HeadingIsTinted() throws {
        let node = BuiltinCellStyle.layout(
            .value2, ListContentConfiguration(text: "home", secondaryText: "x"), width: 30)
        guard case .stack(let s) = node, case .label(let head) = s.children[0] else {
            Issue.record("value2 is a horizontal stack of labels")
            return
        }
        #expect(head.style.foreground == .semantic(.tint))
        #expect(head.alignment == .trailing)
    }

    @Test func textPropertiesApply() throws {
        let r = row(
            "subtitle", "hello world wide web", "detail",
            [
                "textProperties": .object([
                    "numberOfLines": .int(0), "lineBreakMode": .string("wordWrap"),
                    "transform": .string("uppercase"),
                ]),
                "secondaryTextProperties": .object(["alignment": .string("trailing")]),
            ])
        let ds = ArrayDataSource([[r]])
        let out = lines(try ds.makeTable(width: 12).renderText())
        #expect(out == [" HELLO", " WORLD WIDE", " WEB", "     detail"])
    }

    @Test func truncationUsesEllipsis() throws {
        let ds = ArrayDataSource([[row("default", "abcdefghijklmnop")]])
        #expect(lines(try ds.makeTable(width: 10).renderText()) == [" abcdefg…"])
    }

    @Test func indentationShiftsContent() throws {
        let ds = ArrayDataSource([[row("default", "child", nil, ["indentation": .int(2)])]])
        #expect(lines(try ds.makeTable(width: 20).renderText()) == ["     child"])
    }

    @Test func defaultWithDetailIsADocumentError() {
        let yaml = """
            sections:
              - rows:
                  - cell: default
                    text: A
                    secondaryText: B
            """
        #expect { try streamedDocument(yaml, path: "t.yaml") } throws: { e in
            let d = "\(e)"
            return d.hasPrefix("t.yaml:5:") && d.contains("style 'default' has no detail")
        }
    }

    @Test func swiftDataSourceCanSetContentConfigurationDirectly() throws {
        final class DS: TableViewDataSource {
            func tableView(_ t: TableView, numberOfRowsInSection s: Int) -> Int { 2 }
            func tableView(_ t: TableView, cellForRowAt ip: IndexPath) throws -> Cell {
                let cell = try t.dequeueReusableCell(withIdentifier: "value1", for: ip)
                cell.contentConfiguration = ListContentConfiguration(
                    text: "Row \(ip.row)", secondaryText: "\(ip.row * 10)")
                return cell
            }
        }
        let ds = DS()
        let t = TableView(registry: Registry())
        t.dataSource = ds
        t.width = 20
        t.separatorStyle = .none
        #expect(lines(try t.renderText()) == [" Row 0            0", " Row 1           10"])
    }
}
