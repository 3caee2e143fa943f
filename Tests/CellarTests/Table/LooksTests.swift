import CellarTestSupport
import CellarText
import Testing

@testable import Cellar

@Suite struct LooksTests {
    let twoSections = """
        separatorStyle: singleLine
        sections:
          - header: Fruits
            footer: two kinds
            rows:
              - {cell: default, text: Apple}
              - {cell: subtitle, text: Pear, secondaryText: green}
          - header: Nuts
            rows:
              - {cell: default, text: Almond}
        """

    @Test func plainWithSeparatorsAndTitles() throws {
        let (out, _) = try render(twoSections, width: 20)
        #expect(
            lines(out) == [
                " Fruits ────────────", " Apple", " ───────────────────", " Pear", " green", " └ two kinds",
                " Nuts ──────────────", " Almond",
            ])
    }

    @Test func lastRowOfASectionIsMeasuredInViewportsToo() throws {
        // The last row has no separator; its height must still be measured.
        let (out, _) = try render(twoSections, width: 20, height: 8)
        #expect(
            lines(out) == [
                " Fruits ────────────", " Apple", " ───────────────────", " Pear", " green", " └ two kinds",
                " Nuts ──────────────", " Almond",
            ])
    }

    @Test func separatorInsetMovesTheLine() throws {
        let ds = ArrayDataSource([[row("default", "a"), row("default", "b")]])
        let t = ds.makeTable(width: 10)
        t.separatorStyle = .singleLine
        t.separatorInset = 4
        #expect(lines(try t.renderText()) == [" a", "    ──────", " b"])
    }

    @Test func groupedHasRulesAndGaps() throws {
        let (out, _) = try render(
            "style: grouped\nseparatorStyle: none\n"
                + twoSections.split(separator: "\n").dropFirst().joined(separator: "\n"), width: 12)
        #expect(
            lines(out) == [
                " Fruits", "────────────", " Apple", " Pear", " green", "────────────", " two kinds",
                "", " Nuts", "────────────", " Almond", "────────────",
            ])
    }

    @Test func insetGroupedHasRoundedBoxes() throws {
        let (out, _) = try render("style: insetGrouped\n" + twoSections, width: 16)
        #expect(
            lines(out) == [
                "  Fruits",
                " ╭────────────╮",
                " │ Apple      │",
                " │ ───────────│",
                " │ Pear       │",
                " │ green      │",
                " ╰────────────╯",
                "  two kinds",
                "",
                "  Nuts",
                " ╭────────────╮",
                " │ Almond     │",
                " ╰────────────╯",
            ])
    }

    @Test func titlesWrapToTheWidth() throws {
        let yaml = """
            sections:
              - header: a header that is far too long
                rows: [{cell: default, text: x}]
            """
        let (out, _) = try render(yaml, width: 14)
        // Plain titles wrap two columns narrower, so the last line always has room for its rule.
        #expect(lines(out) == [" a header", " that is", " far too", " long ────────", " x"])
    }

    @Test func plainTitlesReadApartFromRowsWithoutColour() throws {
        let yaml = """
            separatorStyle: none
            sections:
              - header: Fruits
                footer: a footer that wraps onto two lines
                rows: [{text: Fruits}, {text: └ two kinds}]
            """
        let (out, t) = try render(yaml, width: 24)
        let l = lines(out)
        #expect(
            l == [
                " Fruits ────────────────",
                " Fruits",
                " └ two kinds",
                " └ a footer that wraps",
                "   onto two lines",
            ])
        // A header is bold with a dim rule; a footer is dim.
        final class Capture: CanvasWriter {
            var canvas: Canvas?
            func write(_ canvas: Canvas, lines: Range<Int>) throws { self.canvas = canvas }
            func flush() throws {}
        }
        t.viewportHeight = 5
        let cap = Capture()
        try t.render(to: cap)
        let canvas = try #require(cap.canvas)
        #expect(canvas[1, 0].style.attributes.contains(.bold))
        #expect(canvas[10, 0].style.attributes.contains(.dim))
        #expect(!canvas[1, 1].style.attributes.contains(.bold))
        #expect(canvas[3, 3].style.attributes.contains(.dim))
        #expect(!canvas[3, 2].style.attributes.contains(.dim))
    }

    @Test func sectionIndexTitlesFormATrailingColumn() throws {
        let ds = ArrayDataSource([[row("value1", "Ann", "1")], [row("value1", "Bob", "2")], [row("value1", "Cy", "3")]])
        ds.indexTitles = ["A", "B", "C"]
        let t = ds.makeTable(width: 12, height: 5)
        t.rowHeight = .fixed(1)
        let out = lines(try t.renderText())
        #expect(out.count == 5)
        #expect(out[0] == " Ann    1")
        #expect(out[1] == " Bob    2  A")
        #expect(out[2] == " Cy     3  B")
        #expect(out[3] == "           C")
    }

    @Test func selectedRowsAreVisibleInPlainText() throws {
        let yaml = """
            separatorStyle: none
            allowsMultipleSelection: true
            sections:
              - rows:
                  - {cell: subtitle, text: Apple, secondaryText: red, selected: true}
                  - {cell: default, text: Pear}
            """
        let (out, t) = try render(yaml, width: 12)
        #expect(lines(out) == ["▌Apple", "▌red", " Pear"])
        try t.userSelectRow(at: IndexPath(0, 1))
        // This document allows multiple selection.
        #expect(lines(try t.renderText()) == ["▌Apple", "▌red", "▌Pear"])
        try t.userDeselectRow(at: IndexPath(0, 0))
        try t.highlightRow(at: IndexPath(0, 0))
        #expect(lines(try t.renderText()) == ["▸Apple", "▸red", "▌Pear"])
    }

    @Test func selectionAlsoInvertsForColourWriters() throws {
        let ds = ArrayDataSource([[row("default", "a")]])
        let t = ds.makeTable(width: 6, height: 1)
        t.selectRow(at: IndexPath(0, 0))
        final class Capture: CanvasWriter {
            var canvas: Canvas?
            func write(_ canvas: Canvas, lines: Range<Int>) throws { self.canvas = canvas }
            func flush() throws {}
        }
        let cap = Capture()
        try t.render(to: cap)
        #expect(cap.canvas?[3, 0].style.attributes.contains(.inverse) == true)
    }

    @Test func accessoriesAlignInOneTrailingColumn() throws {
        let yaml = """
            separatorStyle: none
            sections:
              - rows:
                  - {cell: default, text: 가나다, accessory: disclosureIndicator}
                  - {cell: value1, text: b, secondaryText: "9", accessory: checkmark}
                  - {cell: default, text: c, accessory: detailDisclosureButton}
                  - {cell: default, text: d, accessory: detailButton, accessoryText: "NEW"}
                  - {cell: default, text: e}
            """
        let (out, _) = try render(yaml, width: 20)
        let l = lines(out)
        #expect(l[0] == " 가나다           ›")
        #expect(l[1] == " b            9   ✓")
        #expect(l[2] == " c              ⓘ ›")
        #expect(l[3] == " d              NEW")
        #expect(l[4] == " e")
        // Every accessory ends in the same column.
        for line in l.prefix(4) { #expect(DisplayWidth.of(line) == 19) }
    }

    @Test func editingShowsEditingAccessoriesAndControls() throws {
        let yaml = """
            separatorStyle: none
            sections:
              - rows:
                  - {cell: default, text: a, accessory: disclosureIndicator, editingAccessory: checkmark}
            """
        let (_, t) = try render(yaml, width: 14)
        t.setEditing(true)
        #expect(lines(try t.renderText()) == [" ⊖ a      ✓ ≡"])
    }

    @Test func reorderControlHasItsOwnAlignedTrailingColumn() throws {
        let yaml = """
            separatorStyle: none
            sections:
              - rows:
                  - {cell: value1, text: Calories, secondaryText: "42"}
                  - {cell: value1, text: Apple, secondaryText: "52", accessory: disclosureIndicator}
                  - {cell: default, text: Pear, accessory: detailDisclosureButton, editingAccessory: checkmark}
                  - {cell: subtitle, text: 사과, secondaryText: 빨강, image: "🍎", editingAccessory: detailDisclosureButton}
                  - {cell: value1, text: 가나다라마바사아자차카타파하, secondaryText: 가나다라마바사아자차카타파하}
            """
        let (plain, t) = try render(yaml, width: 30)
        t.setEditing(true)
        let l = lines(try t.renderText())
        #expect(
            l == [
                " ⊖ Calories              42 ≡",
                " ⊖ Apple                 52 ≡",
                " ⊖ Pear                   ✓ ≡",
                " ⊖ 🍎 사과              ⓘ › ≡",
                "      빨강",
                " ⊖ 가…  가나다라마바사아자… ≡",  // wide text truncates to an even width; the fitted detail first
            ])
        // ≡ sits in the same trailing column on every row, one space after
        // whatever comes before it; ⊖ in the same leading column.
        for line in l where line.contains("≡") {
            #expect(column(of: "≡", in: line) == 28)
            #expect(line.hasSuffix(" ≡"))
            #expect(column(of: "⊖", in: line) == 1)
        }
        // editingAccessory replaces the accessory while editing, and leaving
        // editing brings the normal accessories back.
        #expect(!l[1].contains("›"))
        t.setEditing(false)
        #expect(try t.renderText() == plain)
        #expect(lines(plain)[2].hasSuffix("ⓘ ›"))
    }

    @Test func stickyHeaderInPlainTables() throws {
        let yaml = """
            separatorStyle: none
            rowHeight: 1
            sections:
              - header: H1
                rows: [{text: a}, {text: b}, {text: c}]
              - header: H2
                rows: [{text: d}, {text: e}]
            """
        let (_, t) = try render(yaml, width: 10, height: 3)
        t.contentOffset = 2
        #expect(lines(try t.renderText()) == [" H1 ──────", " c", " H2 ──────"])
        // The pinned header covers the rows under it until the next
        // section's header reaches it and pushes it up.
        t.contentOffset = 3
        #expect(lines(try t.renderText()) == [" H1 ──────", " H2 ──────", " d"])
        t.contentOffset = 5
        #expect(lines(try t.renderText()) == [" H2 ──────", " e", ""])
    }
}

@Suite struct ViewportTests {
    @Test func exactlyHeightLinesWithClippedRows() throws {
        let ds = ArrayDataSource([(0..<5).map { row("subtitle", "t\($0)", "d\($0)") }])
        let t = ds.makeTable(width: 10, height: 3)
        t.contentOffset = 1
        #expect(lines(try t.renderText()) == [" d0", " t1", " d1"])
        t.contentOffset = 3
        #expect(lines(try t.renderText()) == [" d1", " t2", " d2"])
        t.viewportHeight = 4
        t.contentOffset = 8
        #expect(lines(try t.renderText()) == [" t4", " d4", "", ""])
        t.contentOffset = 100
        #expect(lines(try t.renderText()) == ["", "", "", ""])
    }

    @Test func onlyVisibleRowsGetCells() throws {
        let ds = ArrayDataSource([(0..<100).map { row("default", "r\($0)") }])
        let t = ds.makeTable(width: 10, height: 5)
        t.rowHeight = .fixed(1)
        t.delegate = nil
        t.contentOffset = 50
        _ = try t.renderText()
        #expect(t.visibleIndexPaths == (50..<55).map { IndexPath(0, $0) })
        #expect(ds.cellForRowCalls == 5)
    }

    @Test func statisticsLines() throws {
        let ds = ArrayDataSource([[row("default", "a"), row("value1", "b", "c")]])
        let t = ds.makeTable(width: 10)
        _ = try t.renderText()
        #expect(
            Array(t.statistics.lines.prefix(4)) == [
                "rows_configured: 2", "heights_measured: 2", "cells_created: 2", "cells_reused: 0",
            ])
        #expect(t.statistics.lines.contains("cells_created[value1]: 1"))
        t.resetStatistics()
        #expect(t.statistics.rowsConfigured == 0)
    }

    @Test func scrollToRowPutsItAtTheTop() throws {
        let ds = ArrayDataSource([(0..<50).map { row("subtitle", "t\($0)", "d") }])
        let t = ds.makeTable(width: 10, height: 2)
        t.estimatedRowHeight = 1
        try t.scrollToRow(at: IndexPath(0, 30))
        #expect(lines(try t.renderText()) == [" t30", " d"])
        #expect(throws: CellarError.self) { try t.scrollToRow(at: IndexPath(0, 50)) }
    }

    @Test func scrollToRowNearTheEndStopsAtTheContentsEnd() throws {
        let ds = ArrayDataSource([(0..<10).map { row("default", "r\($0)") }])
        let t = ds.makeTable(width: 10, height: 4)
        t.rowHeight = .fixed(1)
        try t.scrollToRow(at: IndexPath(0, 8))
        #expect(t.contentOffset == 6)
        #expect(lines(try t.renderText()) == [" r6", " r7", " r8", " r9"])
        // Short tables never scroll.
        let one = ArrayDataSource([[row("default", "a")]])
        let short = one.makeTable(width: 10, height: 4)
        try short.scrollToRow(at: IndexPath(0, 0))
        #expect(short.contentOffset == 0)
    }

    @Test func scrollToRowWithEstimatesMeasuresTheRowsThatEndTheContent() throws {
        // Two-line rows estimated at one line: the content is taller than the
        // estimate says, and the last row must end on the last line.
        let ds = ArrayDataSource([(0..<20).map { row("subtitle", "t\($0)", "d\($0)") }])
        let t = ds.makeTable(width: 10, height: 5)
        t.estimatedRowHeight = 1
        try t.scrollToRow(at: IndexPath(0, 18))
        // Row 18 cannot reach the top: rows 18 and 19 (four lines) end the content.
        #expect(lines(try t.renderText()) == [" d17", " t18", " d18", " t19", " d19"])
        try t.scrollToRow(at: IndexPath(0, 19))
        #expect(lines(try t.renderText()) == [" d17", " t18", " d18", " t19", " d19"])
        // Only rows near the viewport were configured, not the whole table.
        #expect(ds.cellForRowCalls <= 8)
    }

    @Test func scrollToOffsetClampsToTheContent() throws {
        let ds = ArrayDataSource([(0..<10).map { row("default", "r\($0)") }])
        let t = ds.makeTable(width: 10, height: 4)
        t.rowHeight = .fixed(1)
        try t.scroll(toOffset: 100)
        #expect(t.contentOffset == 6)
        #expect(lines(try t.renderText()).last == " r9")
        try t.scroll(toOffset: -3)
        #expect(t.contentOffset == 0)
        try t.scroll(toOffset: 3)
        #expect(t.contentOffset == 3)
    }
}

@Suite struct MoreLooksTests {
    @Test func tooManyIndexTitlesAreSampledWithDots() {
        let az = (65...90).map { String(UnicodeScalar($0)!) }
        let fitted = TableView.fittedIndexTitles(az, height: 7)
        #expect(fitted == ["A", "•", "I", "•", "Q", "•", "Z"])
        #expect(TableView.fittedIndexTitles(["A", "B"], height: 7) == ["A", "B"])
    }

    @Test func stickyHeaderIsPushedUpByTheNextSection() throws {
        let yaml = """
            separatorStyle: none
            rowHeight: 1
            sections:
              - header: "first header that wraps"
                rows: [{text: a}, {text: b}, {text: c}]
              - header: H2
                rows: [{text: d}]
            """
        // Header 1 takes two lines at width 16: "first header" / "that wraps ────".
        let (_, t) = try render(yaml, width: 16, height: 3)
        t.contentOffset = 3
        #expect(lines(try t.renderText()) == [" first header", " that wraps ────", " H2 ────────────"])
        t.contentOffset = 4
        #expect(lines(try t.renderText()) == [" that wraps ────", " H2 ────────────", " d"])
    }

    @Test func streamedOutputCrossesBatchesAndTallRows() throws {
        var rows: [Value] = (0..<600).map { row("default", "r\($0)") }
        rows[300] = row("default", "tall")
        let ds = ArrayDataSource([rows])
        ds.heights = { ip in ip.row == 300 ? .fixed(400) : nil }
        ds.indexTitles = ["A", "B"]
        let t = ds.makeTable(width: 12)
        let out = lines(try t.renderText())
        #expect(out.count == 599 + 400)
        #expect(out[0] == " r0        A")
        #expect(out[1] == " r1        B")
        #expect(out[299] == " r299")
        // Centred in its 400 lines, as UIKit centres a cell's content.
        #expect(out[300 + 199] == " tall")
        #expect(out[700] == " r301")
        #expect(out.last == " r599")
    }
}
