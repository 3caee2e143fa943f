import ArgumentParser
import Cellar
import CellarDocuments

/// `--max-file-size SIZE`, shared by the commands that read documents and cases.
struct FileSizeOption: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "Largest file read (document, case, golden or table): bytes, or with K, M or G "
                + "(default: \(InputFile.describe(size: InputFile.defaultSizeLimit))).",
            valueName: "SIZE"),
        transform: { text in
            guard let bytes = InputFile.parseSize(text) else {
                throw ValidationError("--max-file-size must be a size such as 64M, 2G or 1000000 (got '\(text)')")
            }
            return bytes
        })
    var maxFileSize: Int = InputFile.defaultSizeLimit
}
