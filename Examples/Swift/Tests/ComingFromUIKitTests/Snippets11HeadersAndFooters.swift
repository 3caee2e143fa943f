import Cellar
import Testing

/// Two sections titled as the Cell Configuration tutorial titles them.
final class TitledSections: TableViewDataSource {
    let sections = [(title: "첫번째", rows: ["a"]), (title: "두번째", rows: ["b"])]

    func numberOfSections(in tableView: TableView) -> Int { sections.count }

    func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { sections[section].rows.count }

    func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) throws -> Cell {
        let cell = try tableView.dequeueReusableCell(withIdentifier: "default", for: indexPath)
        cell.contentConfiguration = ListContentConfiguration(text: sections[indexPath.section].rows[indexPath.row])
        return cell
    }

    // article: begin
    func tableView(_ tableView: TableView, titleForHeaderInSection section: Int) -> String? {
        return "헤더: " + sections[section].title
    }

    func tableView(_ tableView: TableView, titleForFooterInSection section: Int) -> String? {
        return "푸터: " + sections[section].title
    }
    // article: end
}

@Suite struct HeaderFooterSnippets {
    @Test func titlesFrameEachSection() throws {
        let sections = TitledSections()
        let tableView = try TableView.testing(sections, width: 20, style: .grouped, separators: true)
        let lines = try tableView.renderText().split(separator: "\n").map {
            $0.split(separator: " ").joined(separator: " ")
        }
        let order = ["헤더: 첫번째", "a", "푸터: 첫번째", "헤더: 두번째", "b", "푸터: 두번째"]
        #expect(lines.filter { !$0.isEmpty && !$0.allSatisfy { "─│╭╮╰╯".contains($0) } } == order, "\(lines)")
    }

    @Test func theTablesHeaderViewIsAboveTheFirstSection() throws {
        let sections = TitledSections()
        let tableView = try TableView.testing(sections, width: 20, style: .grouped, separators: true)
        // article: begin
        let banner = HeaderFooterView(title: "제철 과일 🍎")
        tableView.tableHeaderView = banner
        // article: end
        let lines = try tableView.drawnLines()
        #expect(lines.first?.contains("제철 과일 🍎") == true, "\(lines)")
        #expect(lines.dropFirst().first { $0.contains("헤더") }?.contains("헤더: 첫번째") == true)
    }
}
