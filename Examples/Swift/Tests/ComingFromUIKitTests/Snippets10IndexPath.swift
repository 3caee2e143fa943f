// swift-format-ignore-file: OrderedImports
// "IndexPath": the imports are the article's, so this file compiles only
// while Foundation's IndexPath is the one an app beside Cellar names.
// article: begin
import Cellar
import Foundation

let firstRow = IndexPath(row: 1, section: 0)
let nextRow = IndexPath(row: firstRow.row + 1, section: firstRow.section)
// article: end
import Testing

@Suite struct IndexPathSnippets {
    @Test func itIsFoundationsIndexPathWithUIKitsRowAndSection() {
        let foundations: Foundation.IndexPath = nextRow
        #expect(foundations == Foundation.IndexPath(indexes: [0, 2]))
        #expect(nextRow.row == 2 && nextRow.section == 0)
        // Cellar's own spelling, section first, names the same value.
        #expect(IndexPath(0, 2) == nextRow)
    }
}
