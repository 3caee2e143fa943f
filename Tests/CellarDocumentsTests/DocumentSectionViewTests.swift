import Cellar
import CellarTestSupport
import Testing

@testable import CellarDocuments

/// `headerView` / `footerView` section keys and the section height keys, in YAML and JSON.
@Suite struct DocumentSectionViewTests {
    static let yaml = """
        style: grouped
        separatorStyle: none
        sectionFooterHeight: 2
        sections:
          - header: Fruits
            headerView: {view: value1, secondaryText: 3 kinds}
            footerView: {view: default, text: end}
            rows: [{text: Apple}]
        """

    func render(_ doc: StreamedDocument) throws -> [String] {
        let registry = Registry()
        try doc.validate(against: registry)
        let t = StreamedDataSource(document: doc).makeTableView(registry: registry)
        t.width = 24
        return lines(try t.renderText())
    }

    @Test func sectionsNameViewsAndTheirData() throws {
        let doc = try streamedDocument(Self.yaml, path: "v.yaml")
        #expect(doc.sections[0].headerView?.identifier == "value1")
        #expect(doc.sections[0].headerView?.data == ["secondaryText": .string("3 kinds")])
        #expect(doc.sectionHeights.footer == .fixed(2))
        #expect(
            try render(doc) == [
                " Fruits         3 kinds", "────────────────────────", " Apple", "────────────────────────",
                " end", "",
            ])
    }

    @Test func jsonDocumentsSayTheSame() throws {
        let json = """
            {"style": "grouped", "separatorStyle": "none", "sectionFooterHeight": 2, "sections": [
              {"header": "Fruits", "headerView": {"view": "value1", "secondaryText": "3 kinds"},
               "footerView": {"view": "default", "text": "end"}, "rows": [{"text": "Apple"}]}]}
            """
        let fromJSON = try streamedDocument(json, path: "v.json")
        #expect(try render(fromJSON) == (try render(try streamedDocument(Self.yaml, path: "v.yaml"))))
    }

    /// A table asks for views only when a section names one, in any section;
    /// a view named late is still checked.
    @Test func onlyADocumentWithViewsHasThem() throws {
        let titles = "sections:\n  - header: A\n    rows: [{text: a}]\n  - header: B\n    rows: [{text: b}]\n"
        #expect(!StreamedDataSource(document: try streamedDocument(titles, path: "t.yaml")).hasSectionViews)
        let late = titles + "  - footerView: {view: default, text: end}\n    rows: []\n"
        #expect(StreamedDataSource(document: try streamedDocument(late, path: "t.yaml")).hasSectionViews)
        let misspelt = titles + "  - footerView: {view: defualt}\n    rows: []\n"
        #expect(throws: CellarError.self) {
            try streamedDocument(misspelt, path: "t.yaml").validate(against: Registry())
        }
    }

    /// A view is located only for an error: locating reads the bytes up to
    /// it, and a table with a view on every section read them once a section.
    @Test func viewsAreLocatedOnlyForAnError() throws {
        let sections = (0..<50).map {
            #"{"headerView": {"view": "value1", "text": "S\#($0)"}, "rows": [{"text": "r"}]}"#
        }
        let good = #"{"sections": ["# + sections.joined(separator: ", ") + "]}"
        let doc = try streamedDocument(good, path: "v.json")
        try doc.validate(against: Registry())
        _ = try render(doc)
        #expect(doc.sections.count == 50 && doc.locationsLookedUp == 0)
        let bad = good.replacingOccurrences(of: #""S49"}"#, with: #""S49", "colour": "red"}"#)
        let failing = try streamedDocument(bad, path: "v.json")
        #expect(throws: CellarError.self) { try failing.validate(against: Registry()) }
        #expect(failing.locationsLookedUp == 1)
    }

    @Test func badViewsAreLocatedErrors() throws {
        func message(_ text: String, path: String = "v.yaml") -> String {
            do {
                let doc = try streamedDocument(text, path: path)
                try doc.validate(against: Registry())
            } catch let e as CellarError { return e.description } catch { return "\(error)" }
            return "no error"
        }
        #expect(
            message("sections:\n  - headerView: dateHeader\n    rows: []\n").hasPrefix(
                "v.yaml:2:17: headerView must be a mapping"))
        #expect(
            message("sections:\n  - footerView: {title: x}\n    rows: []\n").hasPrefix(
                "v.yaml:2:17: footerView needs 'view'"))
        #expect(
            message("sections:\n  - headerVeiw: {view: value1}\n    rows: []\n").contains("did you mean 'headerView'?"))
        let unknown = message("sections:\n  - headerView: {view: value2x}\n    rows: []\n")
        #expect(
            unknown.hasPrefix("v.yaml:2:17: headerView: unable to dequeue a header/footer view with identifier value2x")
        )
        #expect(unknown.contains("did you mean 'value2'?"))
        #expect(message("estimatedSectionHeaderHeight: 0\nsections: []\n").contains("from 1 to"))
        #expect(
            message("sectionHeaderHeight: -1\nsections: []\n").hasPrefix(
                "v.yaml:1:22: sectionHeaderHeight must not be negative"))
        #expect(message("sectionFooterHeigth: 1\nsections: []\n").contains("did you mean 'sectionFooterHeight'?"))
        let json = message(#"{"sections": [{"headerView": {"view": ""}, "rows": []}]}"#, path: "v.json")
        #expect(json.hasPrefix("v.json:1:30: headerView needs 'view'"))
    }
}
