import CellarTestSupport
import Foundation
import Testing

@testable import Cellar

// The example of "Diffable data sources" in UsingCellarFromSwift.md, as written there.

enum Aisle: Hashable, Sendable { case fruit, vegetables }

final class Groceries {
    let table = TableView(style: .plain, registry: Registry())
    var dataSource: TableViewDiffableDataSource<Aisle, String>!

    init() {
        dataSource = TableViewDiffableDataSource(tableView: table) { tableView, indexPath, name in
            let cell = try tableView.dequeueReusableCell(withIdentifier: "default", for: indexPath)
            cell.contentConfiguration = ListContentConfiguration(text: name)
            return cell
        }
    }

    func show(fruit: [String], vegetables: [String]) throws {
        var snapshot = DiffableDataSourceSnapshot<Aisle, String>()
        try snapshot.appendSections([.fruit, .vegetables])
        try snapshot.appendItems(fruit, toSection: .fruit)
        try snapshot.appendItems(vegetables, toSection: .vegetables)
        try dataSource.apply(snapshot, animatingDifferences: true)
    }
}

@Suite("The diffable example of Using Cellar from Swift")
struct DiffableExampleTests {
    @Test func drawsEachSnapshotItIsGiven() throws {
        let g = Groceries()
        g.table.width = 20
        g.table.separatorStyle = .none
        try g.show(fruit: ["Apple", "Pear"], vegetables: ["Kale"])
        #expect(lines(try g.table.renderText()) == [" Apple", " Pear", " Kale"])
        try g.show(fruit: ["Pear", "Plum"], vegetables: ["Kale", "Apple"])
        #expect(lines(try g.table.renderText()) == [" Pear", " Plum", " Kale", " Apple"])
    }

    /// The example's text is the test's: a change to one shows here.
    @Test func theArticleShowsThisCode() throws {
        let article = try String(
            contentsOfFile: #filePath.replacingOccurrences(
                of: "Tests/CellarTests/Diffable/DiffableExampleTests.swift",
                with: "Sources/Cellar/Cellar.docc/UsingCellarFromSwift.md"),
            encoding: .utf8)
        let source = try String(contentsOfFile: #filePath, encoding: .utf8)
        let start = try #require(source.range(of: "enum Aisle"))
        let end = try #require(source.range(of: "\n}\n\n@Suite"))
        #expect(article.contains(String(source[start.lowerBound..<end.lowerBound]) + "\n}"))
    }
}
