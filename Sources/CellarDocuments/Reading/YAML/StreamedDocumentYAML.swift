import Cellar

/// A YAML document's own text, to locate an offset of its JSON form: in
/// memory, or its file, mapped again only when an error needs it.
enum YAMLSource {
    case bytes(DocumentBytes)
    case file(String)

    func location(ofOutput offset: Int, path: String) -> SourceLocation {
        let text: DocumentBytes
        switch self {
        case .bytes(let bytes): text = bytes
        case .file(let file):
            guard let (mapped, _) = try? InputFile.bytes(file, limit: .max, map: true) else {
                return SourceLocation(file: path, line: 1, column: 1)
            }
            text = mapped
        }
        return text.withUnsafeBufferPointer { YAMLToJSON.location(ofOutput: offset, in: $0, path: path) }
    }
}

extension StreamedDocument {
    /// A YAML file, mapped, the pages behind the parser given back; its JSON form
    /// held in memory below `spoolFrom` bytes of YAML, else spooled to disk and mapped
    /// (held up to `heldLimit` bytes when the disk refuses it). With `indexCache`, a spooled
    /// form is kept with the load index, for a later load of the unchanged file.
    package static func load(
        yamlFile path: String, sizeLimit: Int = InputFile.defaultSizeLimit, heldLimit: Int = .max,
        options: TableOptions = TableOptions(), spoolFrom: Int = JSONFormSpool.minimumSize,
        indexCache: LoadIndexCache? = nil
    ) throws -> StreamedDocument {
        let input = DocumentInput(path: path, bytes: [], format: .yaml)
        try checkTableDocument(input, options: options)
        if let doc = indexCache?.restored(yamlFile: path, sizeLimit: sizeLimit, options: options) { return doc }
        let (file, identity) = try InputFile.bytes(path, limit: sizeLimit, map: true)
        let spool =
            file.count >= spoolFrom
            ? JSONFormSpool(directories: JSONFormSpool.directories(cache: indexCache?.directory)) : nil
        let json = try file.withUnsafeBufferPointer {
            try YAMLToJSON.convert($0, path: path, dropping: DropBehind(file), spool: spool, heldLimit: heldLimit)
        }
        let doc = StreamedDocument(input, json: json, source: .file(path), options: options)
        try doc.scan()
        doc.refreshDecoder()
        if let spool, json.isMapped { indexCache?.store(doc, yamlFile: path, identity: identity, form: spool) }
        return doc
    }
}
