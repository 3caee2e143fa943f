import CellarGolden
import Foundation
import SnapshotTesting

#if canImport(Testing)
    import Testing
#endif

/// When snapshots are written. swift-snapshot-testing's own default,
/// `.missing`, writes a reference that is not on disk yet (and fails that
/// run): a CI run would record whatever it drew. Cellar's rule is the
/// goldens' rule: nothing is written without an explicit record mode, and
/// nothing at all under CI.
extension SnapshotTestingConfiguration.Record {
    /// `.never`, unless `SNAPSHOT_TESTING_RECORD` (the library's own
    /// variable: `all`, `missing`, `failed` or `never`) asks for a mode; and
    /// `.never` whenever `CI` is set (to anything but empty, `0` or
    /// `false`), whatever it asks. A missing snapshot then fails, saying
    /// it was not recorded.
    public static func cellar(
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> Self {
        if GoldenRunner.Options.environmentIsCI(environment) { return .never }
        return environment["SNAPSHOT_TESTING_RECORD"].flatMap(Self.init(rawValue:)) ?? .never
    }
}

#if canImport(Testing)
    extension Trait where Self == _SnapshotsTestTrait {
        /// Cellar's record mode (`Record.cellar()`) for a suite or test:
        /// `@Suite(.cellarSnapshots)`. Record with
        /// `SNAPSHOT_TESTING_RECORD=all swift test --filter NAME`.
        public static var cellarSnapshots: Self { .snapshots(record: .cellar()) }
    }
#endif
