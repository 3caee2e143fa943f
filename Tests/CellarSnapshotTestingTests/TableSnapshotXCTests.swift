import CellarSnapshotTesting
import Foundation
import SnapshotTesting
import XCTest

@testable import Cellar

/// The strategies and `assertGoldenCase` under XCTest, with Cellar's record
/// mode set as XCTest sets a configuration (around `invokeTest`), against
/// the references the Swift Testing suites recorded.
final class TableSnapshotXCTests: XCTestCase {
    static let here = URL(fileURLWithPath: #filePath).deletingLastPathComponent().path

    override func invokeTest() {
        withSnapshotTesting(record: .cellar()) { super.invokeTest() }
    }

    func testTheStrategiesMatchTheRecordedReferences() {
        let directory = Self.here + "/__Snapshots__/TableSnapshotTests"
        let table = Pantry().makeTable()
        XCTAssertNil(
            verifySnapshot(
                of: table, as: .lines, named: "pantry", snapshotDirectory: directory,
                testName: "linesAtTheTableWidth()"))
        XCTAssertNil(
            verifySnapshot(
                of: table, as: .ansi(appearance: .dark), named: "dark", snapshotDirectory: directory,
                testName: "ansiInBothAppearances()"))
        let changed = Pantry()
        changed.sections[1].foods[0].name = "깍두기"
        XCTAssertNotNil(
            verifySnapshot(
                of: changed.makeTable(), as: .lines, named: "pantry", snapshotDirectory: directory,
                testName: "linesAtTheTableWidth()"))
    }

    func testAGoldenCaseAgainstTheSwiftTable() {
        assertGoldenCase(file: Self.here + "/Cases/pantry.case.yaml", against: Pantry().makeTable())
    }
}
