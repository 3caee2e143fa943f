import Cellar
import CellarTestSupport
import Foundation
import Testing

@testable import CellarDocuments

/// A big YAML document's JSON form is written to an unnamed file on disk
/// (`JSONFormSpool`) and mapped, so the load's passes give its pages back as
/// a JSON file's; a small one's is held. Both read the same rows and
/// errors, at the same YAML locations, as the form held in memory.
@Suite struct JSONFormSpoolTests {
    static func form(_ doc: StreamedDocument) -> [UInt8] { doc.bytes.withUnsafeBufferPointer { Array($0) } }

    @Test func aBigDocumentsFormIsMappedAndGivenBackBehindTheLoad() throws {
        let dir = try ScratchDirectory()
        let path = try dir.write("t.yaml", BigYAML.table(rows: 3_000, rowBytes: 4_000))
        let doc = try StreamedDocument.load(yamlFile: path, sizeLimit: 1 << 30)
        #expect(doc.bytes.isMapped && doc.bytes.count > JSONFormSpool.minimumSize)
        #expect(try MappedDocumentTests.resident(doc.bytes) < 1 << 20)
        let held = try StreamedDocument.load(yamlFile: path, sizeLimit: 1 << 30, spoolFrom: Int.max)
        #expect(!held.bytes.isMapped)
        #expect(Self.form(doc) == Self.form(held))
        for i in [0, 1_500, 2_999] { #expect(try doc.row(i) == held.row(i)) }
        // A small document's form is held.
        let small = try dir.write("small.yaml", BigYAML.table(rows: 20, rowBytes: 10))
        #expect(try !StreamedDocument.load(yamlFile: small).bytes.isMapped)
    }

    /// The characters check before libfyaml reads a YAML file gives back the
    /// pages it passes, as the reading does after it. (The block scanner has no
    /// such pass: it accepts lines as it reaches them.)
    @Test func theCheckBeforeTheReadingGivesBackThePagesItPasses() throws {
        let dir = try ScratchDirectory()
        let path = try dir.write("t.yaml", BigYAML.table(rows: 6_000, rowBytes: 4_000))
        let (fd, info) = try InputFile.openRegular(path, limit: Int.max)
        defer { close(fd) }
        let file = try DocumentBytes(file: fd, count: Int(info.st_size), path: path, limit: Int.max)
        try file.withUnsafeBufferPointer { try YAMLCharacters.check($0, path: path, dropping: DropBehind(file)) }
        // All but the last run of lines and the step it ends in.
        #expect(try MappedDocumentTests.resident(file) < 2 * DropBehind.step)
        #expect(file.count > 5 * DropBehind.step)
    }

    /// Errors after many pieces went to disk: a key repeated in the root
    /// mapping or the section (their first keys long written), one in a row, a row naming an
    /// unknown style (located by converting again), a syntax error.
    @Test(arguments: [
        "sections: []\n", "    header: again\n", "      - {text: a, text: b}\n", "      - {text: a, cell: nowhere}\n",
        "      - {text: [a}\n",
    ])
    func errorsAreLocatedAsWhenHeld(ending: String) throws {
        let dir = try ScratchDirectory()
        let rows = 1_200
        let path = try dir.write("t.yaml", BigYAML.table(rows: rows, rowBytes: 4_000, ending: ending))
        func message(spoolFrom: Int) -> String {
            StreamedYAMLTests.message {
                let doc = try StreamedDocument.load(yamlFile: path, sizeLimit: 1 << 30, spoolFrom: spoolFrom)
                #expect(doc.bytes.isMapped == (spoolFrom == 0))
                try doc.validate(against: Registry())
            }
        }
        let spooled = message(spoolFrom: 0)
        #expect(spooled.hasPrefix("\(path):\(rows + 4):"), "\(spooled)")
        #expect(spooled == message(spoolFrom: Int.max))
    }

    /// Without a spool (or when its disk refuses the form) the form is held, for a text up to the limit only.
    @Test func aFormWithoutASpoolIsHeldOnlyUpToTheLimit() throws {
        let text = Array(BigYAML.table(rows: 10, rowBytes: 100).utf8)
        let held = try text.withUnsafeBufferPointer {
            try YAMLToJSON.convert($0, path: "t.yaml", spool: nil, heldLimit: text.count)
        }
        #expect(!held.isMapped && held.count > 1000)
        #expect {
            try text.withUnsafeBufferPointer {
                try YAMLToJSON.convert($0, path: "t.yaml", spool: nil, heldLimit: text.count - 1)
            }
        } throws: { error in
            "\(error)".hasPrefix("t.yaml: its JSON form could not be written to disk")
        }
    }

    @Test func noDirectoryTakingTheFileIsNoSpool() throws {
        let dir = try ScratchDirectory()
        let file = try dir.write("file", "")
        #expect(JSONFormSpool(directories: [dir.path + "/missing", file]) == nil)
        #expect(JSONFormSpool(directories: [dir.path + "/missing", dir.path]) != nil)
        // The spool has no name: nothing is left in its directory.
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["file"])
    }
}
