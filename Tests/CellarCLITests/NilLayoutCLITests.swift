import CellarTestSupport
import Foundation
import Testing

/// A `layout` hook that returns nil lays out `ui.empty()`, as the node
/// language reads nil: a cell draws a blank row and a header/footer view a
/// blank line (its `height`, else one line), alike, rather than one of them
/// failing or falling back to the section's title.
@Suite struct NilLayoutCLITests {
    @Test func aNilLayoutDrawsABlankCellAndABlankHeaderViewAlike() throws {
        let dir = try ScratchDirectory.withStyles()
        try dir.write(
            "Styles/nilcell.lua", "return { identifier = 'nilCell', layout = function() return nil end }\n")
        try dir.write(
            "Styles/nilhead.lua",
            "return { identifier = 'nilHeader', kind = 'header_footer', layout = function() return nil end }\n")
        try dir.write(
            "t.yaml",
            "separatorStyle: none\nsections:\n  - headerView: {view: nilHeader, title: Title}\n"
                + "    rows:\n      - {text: a}\n      - {cell: nilCell, text: hidden}\n      - {text: b}\n"
                + "  - footerView: {view: nilHeader, title: Foot}\n    rows: [{text: c}]\n")
        let run = try CellarCLI.run(["render", "t.yaml", "--width", "12"], in: dir.path)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(lines(run.stdout) == ["", " a", "", " b", " c", ""], "\(run.stdout)")
    }
}
