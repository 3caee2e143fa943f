import Cellar

extension TableDocument {
    /// A JSON table read whole (for golden cases and editing): the
    /// streamed reader checks it, then every row is decoded and kept, as the
    /// YAML reader keeps them (`height` as a number of lines or
    /// "automatic", `cell` filled in from `--cell`).
    static func json(_ bytes: [UInt8], path: String, options: TableOptions) throws -> TableDocument {
        let s = try StreamedDocument.load(DocumentInput(path: path, bytes: bytes, format: .json), options: options)
        var doc = TableDocument(path: path)
        doc.style = s.style
        doc.separatorStyle = s.separatorStyle
        doc.ambiguousWide = s.ambiguousWide
        doc.rowHeight = s.rowHeight
        doc.estimatedRowHeight = s.estimatedRowHeight
        doc.sectionHeights = s.sectionHeights
        doc.options = options
        let rowLocations = s.locations(of: Array(s.rowOffsets))
        let sectionLocations = s.locations(of: s.sections.map(\.offset))
        doc.rowHeightLocation = s.rowHeightOffset.flatMap { s.locations(of: [$0]).first }
        doc.sectionHeightLocations = s.sectionHeightOffsets.mapValues(s.location(ofOffset:))
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
                if o["cell"] == nil && options.cell != "default" { o["cell"] = .string(options.cell) }
                d.rows.append(.object(o))
                d.rowLocations.append(rowLocations[r])
            }
            doc.sections.append(d)
        }
        return doc
    }
}
