import CellarTestSupport
import Foundation
import Testing

/// The README's pictures (Documentation/images, listed in pictures.txt) are
/// what `cellar render … --format svg` (or `cellar gallery …`) draws today: regenerate them with
/// Scripts/gen-examples when this fails.
@Suite struct PicturesUpToDateTests {
    static let images = CellarCLI.packageRoot + "/Documentation/images"

    /// (file name, render arguments) per manifest line.
    static func manifest() throws -> [(name: String, arguments: [String])] {
        let text = try String(contentsOfFile: images + "/pictures.txt", encoding: .utf8)
        return text.split(separator: "\n").filter { !$0.hasPrefix("#") && !$0.allSatisfy(\.isWhitespace) }.map { line in
            let words = line.split(separator: " ").map(String.init)
            return (words[0], Array(words.dropFirst()))
        }
    }

    @Test func everyPictureMatchesAFreshRender() throws {
        let pictures = try Self.manifest()
        #expect(pictures.contains { $0.name == "foods.svg" } && pictures.count >= 9)
        #expect(pictures.contains { $0.name == "gallery.html" })
        for picture in pictures {
            // A `gallery` line is the style gallery's page; the others are renders.
            let command =
                picture.arguments.first == "gallery"
                ? picture.arguments : ["render"] + picture.arguments + ["--format", "svg"]
            let run = try CellarCLI.run(command, in: CellarCLI.packageRoot)
            #expect(run.status == 0, "\(picture.name): \(run.stderr)")
            let checkedIn = try String(contentsOfFile: Self.images + "/" + picture.name, encoding: .utf8)
            let upToDate = run.stdout == checkedIn
            #expect(
                upToDate,
                "Documentation/images/\(picture.name) is stale: run Scripts/gen-examples and commit the result")
        }
    }
}
