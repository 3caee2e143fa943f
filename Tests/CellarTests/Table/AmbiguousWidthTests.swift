import CellarTestSupport
import CellarText
import Testing

@testable import Cellar

/// `TableView.ambiguousWide`: East Asian Ambiguous characters (±, °, α, Ж, ①)
/// take one column by default and two with the option, in every width a
/// render computes, so the columns of a table line up in either mode.
@Suite struct AmbiguousWidthTests {
    func table(ambiguousWide: Bool) -> (ArrayDataSource, TableView) {
        let ds = ArrayDataSource([
            [
                row("value1", "±°αЖ", "①②", ["accessory": .string("disclosureIndicator")]),
                row("value1", "abcd", "xy", ["accessory": .string("disclosureIndicator")]),
                row("subtitle", "Temp ±3°", "αβγ detail", ["accessory": .string("checkmark")]),
                row("default", "plain ascii", nil, ["accessory": .string("checkmark")]),
            ]
        ])
        ds.headers = ["±° Header"]
        ds.footers = ["αβ footer"]
        let t = ds.makeTable(width: 24)
        t.retainedDataSource = ds  // the table's data source is weak
        t.ambiguousWide = ambiguousWide
        return (ds, t)
    }

    @Test func narrowByDefault() throws {
        let (_, t) = table(ambiguousWide: false)
        #expect(
            lines(try t.renderText()) == [
                " ±° Header ─────────────",
                " ±°αЖ            ①②   ›",
                " abcd            xy   ›",
                " Temp ±3°             ✓",
                " αβγ detail",
                " plain ascii          ✓",
                " └ αβ footer",
            ])
    }

    @Test func twoColumnsEachWithTheOption() throws {
        let (_, t) = table(ambiguousWide: true)
        let out = lines(try t.renderText())
        // Each ambiguous character takes two columns, so the padding before
        // the detail and accessory shrinks by one column per character.
        #expect(
            out == [
                " ±° Header ─────",
                " ±°αЖ      ①②   ›",
                " abcd            xy   ›",
                " Temp ±3°           ✓",
                " αβγ detail",
                " plain ascii          ✓",
                " └αβ footer",
            ])
        // Measured as a CJK terminal draws them, the rows end at one column:
        // the accessories and the value1 details line up.
        let wide = out.map { DisplayWidth.of($0, ambiguousWide: true) }
        #expect(wide[1] == 23 && wide[2] == 23 && wide[3] == 23 && wide[5] == 23)
        #expect(column(of: "›", in: out[1], wide: true) == column(of: "›", in: out[2], wide: true))
        #expect(
            column(of: "①②", in: out[1], wide: true).map { $0 + 4 }
                == column(of: "xy", in: out[2], wide: true).map { $0 + 2 })
        #expect(column(of: "✓", in: out[3], wide: true) == column(of: "✓", in: out[5], wide: true))
        // The header rule fills the line in two-column dashes.
        #expect(wide[0] == 1 + 4 + 7 + 1 + 5 * 2)
    }

    @Test func changingTheOptionLaysTheTableOutAgain() throws {
        let (_, t) = table(ambiguousWide: false)
        let narrow = try t.renderText()
        t.ambiguousWide = true
        #expect(try t.renderText() != narrow)
        t.ambiguousWide = false
        #expect(try t.renderText() == narrow)
    }

    @Test func indexTitlesAndViewportsFollowTheOption() throws {
        let (ds, t) = table(ambiguousWide: true)
        ds.indexTitles = ["α", "b"]
        t.viewportHeight = 3
        let out = lines(try t.renderText())
        // The index column is as wide as its widest title (α: two columns)
        // plus one: α ends at the right edge, the table keeps 24 - 3 columns.
        #expect(out[0] == " ±° Header ──── α")
        #expect(column(of: "α", in: out[0], wide: true) == 22)
        #expect(out.allSatisfy { DisplayWidth.of($0, ambiguousWide: true) <= 24 })
        #expect(column(of: "›", in: out[1], wide: true) == column(of: "›", in: out[2], wide: true))
        // The accessory ends one column before the table's trailing edge.
        #expect(column(of: "›", in: out[1], wide: true) == 21 - 2)
    }

    /// Box-drawing characters and ▌ are ambiguous too: where they take two
    /// columns, the inset box's sides take the gaps beside them and the
    /// selection marker is ▐, so no row column is covered.
    @Test func insetBoxAndSelectionKeepTheirColumns() throws {
        let ds = ArrayDataSource([
            [
                row("value1", "±°", "①", ["accessory": .string("checkmark")]),
                row("value1", "ab", "x", ["accessory": .string("checkmark")]),
            ]
        ])
        let t = ds.makeTable(style: .insetGrouped, width: 20)
        t.retainedDataSource = ds
        t.ambiguousWide = true
        t.selectRow(at: IndexPath(0, 0))
        let out = lines(try t.renderText())
        #expect(
            out == [
                "╭────────╮",
                "│▐±°    ①   ✓ │",
                "│ ab       x   ✓ │",
                "╰────────╯",
            ])
        // Every line is the table's 20 columns as a CJK terminal draws it.
        #expect(out.allSatisfy { DisplayWidth.of($0, ambiguousWide: true) == 20 })
        t.ambiguousWide = false
        #expect(
            lines(try t.renderText()) == [
                " ╭────────────────╮",
                " │▌±°       ①   ✓ │",
                " │ ab       x   ✓ │",
                " ╰────────────────╯",
            ])
    }

    @Test func customAccessoriesAreMeasuredWithTheOption() throws {
        let ds = ArrayDataSource([
            [
                row("default", "a", nil, ["accessoryText": .string("±±")]),
                row("default", "b", nil, ["accessoryText": .string("ab")]),
            ]
        ])
        let t = ds.makeTable(width: 16)
        t.retainedDataSource = ds
        t.ambiguousWide = true
        let out = lines(try t.renderText())
        // "±±" is four columns wide: it ends at the trailing edge like "ab".
        #expect(out == [" a         ±±", " b           ab"])
    }
}
