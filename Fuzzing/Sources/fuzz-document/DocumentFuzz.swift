import Cellar
@_spi(Fuzzing) import CellarDocuments
import FuzzSupport

/// Table documents and rows: the bytes are read in every input format (YAML
/// through libfyaml's events into the document's JSON form, strict JSON, JSON
/// Lines, CSV and TSV), by the streamed reader `cellar render` and golden
/// cases read tables with; rows-only formats let unread columns pass, so that
/// more of them reach drawing.
/// A document that loads is validated against the built-in styles and
/// rendered, so every number and string a document carries reaches layout.
/// JSON Lines, CSV and TSV are also piped in, in reads of 1 to 16 bytes (the
/// first byte says), and must read as the file does: a difference is a finding.
/// Errors are the expected outcome for most inputs; only a crash, a
/// sanitizer report or a hang is a finding.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDocument(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    withFuzzBytes(data, size) { raw in
        let bytes = Array(raw)
        for format in InputFormat.allCases {
            let input = DocumentInput(path: "fuzz." + format.rawValue, bytes: bytes, format: format)
            let rowsOnly = format != .yaml && format != .json
            let options = rowsOnly ? TableOptions(extraKeys: .ignore) : TableOptions()
            if let loaded = try? LoadedTable.load(input, options: options) { render(loaded) }
            guard rowsOnly else { continue }
            let problem = PipedReadings.mismatch(bytes, format: format, chunkSize: 1 + Int(raw.first ?? 0) % 16)
            invariant(problem == nil, "piped rows differ from the file's: \(problem ?? "")")
        }
    }
}

// libFuzzer calls the target from one thread only.
nonisolated(unsafe) private let registry = Registry()

private func render(_ loaded: LoadedTable) {
    // An offset's line and column converts the YAML again, up to that offset.
    _ = loaded.lastRowLocation
    guard (try? loaded.validate(against: registry)) != nil else { return }
    draw(loaded.makeTableView(registry: registry))
}

/// A 60-line viewport at width 40, then the same while editing.
private func draw(_ table: TableView) {
    table.width = 40
    table.viewportHeight = 60
    _ = try? table.renderText()
    table.setEditing(true)
    _ = try? table.renderText()
}
