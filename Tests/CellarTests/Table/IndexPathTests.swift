// Only what an app imports: Foundation beside Cellar, nothing else.
import Foundation
import Testing

@testable import Cellar

@Test func indexPathOrdersBySectionThenRow() {
    #expect(IndexPath(0, 5) < IndexPath(1, 0))
    #expect(IndexPath(1, 2).description == "[1, 2]")
}

/// With Foundation imported beside Cellar, `IndexPath` names one type (no
/// `Cellar.IndexPath` to disambiguate), and UIKit's accessors work on it.
@Test func indexPathIsFoundations() {
    var ip: Foundation.IndexPath = IndexPath(row: 3, section: 1)
    #expect(ip == IndexPath(1, 3))
    #expect(ip.section == 1 && ip.row == 3 && ip.count == 2)
    ip.row = 4
    ip.section = 0
    #expect(ip == [0, 4])
    #expect(Set([IndexPath(0, 1), IndexPath(row: 1, section: 0)]).count == 1)
}

/// The text types the table's API takes come with `import Cellar`.
@Test func importCellarBringsTheTextTypes() {
    let style: TextStyle? = nil
    #expect(style == nil)
}
