import CellarSnapshotTesting
import CellarTestSupport
import Foundation
import SnapshotTesting
import Testing

/// Snapshots are written only in an explicit record mode, never under CI.
/// swift-snapshot-testing's own default (`.missing`) writes a missing
/// reference on the spot; `Record.cellar()` does not.
@Suite struct SnapshotRecordingTests {
    @Test(arguments: [
        ([:], "never"),
        (["SNAPSHOT_TESTING_RECORD": "all"], "all"),
        (["SNAPSHOT_TESTING_RECORD": "missing"], "missing"),
        (["SNAPSHOT_TESTING_RECORD": "ALL"], "never"),
        (["CI": "true"], "never"),
        (["CI": "true", "SNAPSHOT_TESTING_RECORD": "all"], "never"),
        (["CI": "1", "SNAPSHOT_TESTING_RECORD": "missing"], "never"),
        (["CI": "false", "SNAPSHOT_TESTING_RECORD": "all"], "all"),
    ])
    func theRecordModeComesOnlyFromAnExplicitRequestOutsideCI(environment: [String: String], mode: String) {
        #expect(
            SnapshotTestingConfiguration.Record.cellar(environment: environment)
                == SnapshotTestingConfiguration.Record(rawValue: mode))
    }

    /// A missing reference: written only where recording was asked for.
    func check(record: SnapshotTestingConfiguration.Record) throws -> (message: String?, written: Bool) {
        let scratch = try ScratchDirectory()
        let message = withSnapshotTesting(record: record) {
            verifySnapshot(of: Pantry().makeTable(), as: .lines, named: "absent", snapshotDirectory: scratch.path)
        }
        let written = try FileManager.default.contentsOfDirectory(atPath: scratch.path)
        return (message, !written.isEmpty)
    }

    @Test(arguments: [[:], ["CI": "true", "SNAPSHOT_TESTING_RECORD": "all"], ["CI": "true"]])
    func aMissingSnapshotFailsAndNothingIsWritten(environment: [String: String]) throws {
        let (message, written) = try check(record: .cellar(environment: environment))
        #expect(message?.contains("New snapshot was not recorded because recording is disabled") == true)
        #expect(!written)
    }

    /// The library's default, for contrast: it records a missing reference
    /// without being asked (the run fails, the next one passes).
    @Test func theLibraryDefaultWouldRecordAMissingSnapshot() throws {
        let (message, written) = try check(record: .missing)
        #expect(message?.contains("Automatically recorded snapshot") == true)
        #expect(written)
    }

    @Test func anExplicitRecordModeRecords() throws {
        let (message, written) = try check(record: .cellar(environment: ["SNAPSHOT_TESTING_RECORD": "all"]))
        #expect(message?.contains("Record mode is on") == true)
        #expect(written)
    }
}
