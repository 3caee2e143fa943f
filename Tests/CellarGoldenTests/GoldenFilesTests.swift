import Cellar
import CellarTestSupport
import Foundation
import Testing

@testable import CellarGolden

@Suite struct GoldenFilesTests {
    @Test func goldenAndPendingPathsSitBesideTheCase() {
        #expect(
            GoldenFiles.goldenPath(forCase: "Styles/food/cases/scroll.case.yaml") == "Styles/food/cases/scroll.golden")
        #expect(GoldenFiles.pendingPath(forCase: "a/b.case.yaml") == "a/b.golden.new")
    }

    @Test func discoveryFindsCasesPendingAndOrphans() throws {
        let dir = try ScratchDirectory()
        try dir.write("food/cases/a.case.yaml", "width: 1\n")
        try dir.write("food/cases/a.golden", "x\n")
        try dir.write("food/cases/a.golden.new", "y\n")
        try dir.write("food/cases/gone.golden", "x\n")
        try dir.write("food/cases/gone2.golden.new", "x\n")
        try dir.write("builtin/z.case.yaml", "width: 1\n")
        try dir.write(".hidden/h.case.yaml", "width: 1\n")
        let found = try GoldenFiles.discover([dir.path])
        #expect(found.cases.map(\.name) == ["builtin/z", "food/cases/a"])
        #expect(found.pending.map(\.name) == ["food/cases/a"])
        #expect(found.orphans == [dir.path + "/food/cases/gone.golden", dir.path + "/food/cases/gone2.golden.new"])
        // A case file named directly: only it, no orphan scan.
        let one = try GoldenFiles.discover([dir.path + "/food/cases/a.case.yaml", dir.path + "/food"])
        #expect(one.cases.count == 1 && one.cases.first?.name == "a")
        #expect(one.orphans.count == 2)
    }

    @Test func aSymlinkLoopIsWalkedOnce() throws {
        let dir = try ScratchDirectory()
        try dir.write("a/x.case.yaml", "width: 1\n")
        try FileManager.default.createSymbolicLink(atPath: dir.path + "/a/loop", withDestinationPath: dir.path + "/a")
        let found = try GoldenFiles.discover([dir.path])
        #expect(found.cases.map(\.name) == ["a/x"])
    }

    @Test func missingPathsAndNonCaseFilesAreErrors() throws {
        let dir = try ScratchDirectory()
        try dir.write("t.yaml", "")
        #expect(throws: CellarError.self) { try GoldenFiles.discover([dir.path + "/nope"]) }
        #expect(throws: CellarError.self) { try GoldenFiles.discover([dir.path + "/t.yaml"]) }
    }

    @Test func atomicWriteLeavesNoTemporaryAndSkipsUnchanged() throws {
        let dir = try ScratchDirectory()
        let target = dir.path + "/x.golden"
        #expect(try GoldenFiles.writeAtomically(Array("one\n".utf8), to: target))
        #expect(dir.read("x.golden") == "one\n")
        let inode = try FileManager.default.attributesOfItem(atPath: target)[.systemFileNumber] as? Int
        // Same bytes: not rewritten (same inode; a rename would give a new one).
        #expect(try GoldenFiles.writeAtomically(Array("one\n".utf8), to: target) == false)
        #expect(try FileManager.default.attributesOfItem(atPath: target)[.systemFileNumber] as? Int == inode)
        #expect(try GoldenFiles.writeAtomically(Array("two\n".utf8), to: target))
        #expect(dir.read("x.golden") == "two\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["x.golden"])
    }

    @Test func atomicWriteFailureNamesThePathAndLeavesNothing() throws {
        let dir = try ScratchDirectory()
        #expect(throws: CellarError.self) {
            try GoldenFiles.writeAtomically([1], to: dir.path + "/missing-dir/x.golden")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).isEmpty)
    }

    @Test func aCaseFileThatIsNotUTF8IsLocated() throws {
        let dir = try ScratchDirectory()
        try Data(Array("width: 4\ntable: x\u{FF}".utf8).dropLast(2) + [0xFF, 0x0A])
            .write(to: URL(fileURLWithPath: dir.path + "/bad.case.yaml"))
        #expect(
            throws: CellarError(
                "invalid UTF-8", at: SourceLocation(file: dir.path + "/bad.case.yaml", line: 2, column: 9))
        ) {
            try GoldenCaseParser.load(path: dir.path + "/bad.case.yaml", name: "bad")
        }
    }
}
