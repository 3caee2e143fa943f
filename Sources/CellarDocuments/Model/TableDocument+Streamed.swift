import Cellar

extension TableDocument {
    /// A table read by the streamed reader (the one the CLI and golden cases
    /// read with), every row decoded and kept, so the rows can be edited in
    /// place: `height` as a number of lines or "automatic", `cell` filled in
    /// from `--cell`.
    init(_ s: StreamedDocument) throws {
        self.init(path: s.path)
        style = s.style
        separatorStyle = s.separatorStyle
        ambiguousWide = s.ambiguousWide
        rowHeight = s.rowHeight
        estimatedRowHeight = s.estimatedRowHeight
        sectionHeights = s.sectionHeights
        selection = s.selection
        indexTitles = s.indexTitles
        registrations = s.registrations
        options = s.options
        let rowLocations = s.locations(of: Array(s.rowOffsets))
        let sectionLocations = s.locations(of: s.sections.map(\.offset))
        rowHeightLocation = s.rowHeightOffset.flatMap { s.locations(of: [$0]).first }
        sectionHeightLocations = s.sectionHeightOffsets.mapValues(s.location(ofOffset:))
        for (i, section) in s.sections.enumerated() {
            var d = DocumentSection(
                header: section.header, footer: section.footer, indexTitle: section.indexTitle,
                location: sectionLocations[i])
            d.headerView = section.headerView
            d.footerView = section.footerView
            for r in section.firstRow..<(section.firstRow + section.rowCount) {
                guard case .object(var o) = try s.row(r) else { continue }
                switch s.declaredHeights[r] {
                case .fixed(let n)?: o["height"] = .int(n)
                case .automatic?: o["height"] = .string("automatic")
                case nil: break
                }
                if o["cell"] == nil && s.options.cell != "default" { o["cell"] = .string(s.options.cell) }
                d.rows.append(.object(o))
                d.rowLocations.append(rowLocations[r])
            }
            sections.append(d)
        }
    }
}
