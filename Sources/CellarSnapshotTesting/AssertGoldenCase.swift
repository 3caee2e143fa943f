import Cellar
import CellarGolden
import XCTest

#if canImport(Testing)
    import Testing
#endif

/// Plays the `swift_table` golden case at `path` against `tableView` and
/// fails the running test (Swift Testing or XCTest) with the runner's report
/// when a frame differs, the golden is missing, or the case cannot run: the
/// same diff `cellar test` prints. See `GoldenCase.run(file:against:options:)`
/// for what is written where (never anything under CI).
public func assertGoldenCase(
    file path: String, against tableView: TableView,
    options: GoldenRunner.Options = .init(isCI: GoldenRunner.Options.environmentIsCI()),
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
) {
    let result = GoldenCase.run(file: path, against: tableView, options: options)
    guard result.status == .failed else { return }
    #if canImport(Testing)
        if Test.current != nil {
            let location = Testing.SourceLocation(
                fileID: "\(fileID)", filePath: "\(filePath)", line: Int(line), column: Int(column))
            Issue.record(Comment(rawValue: "\n" + result.report), sourceLocation: location)
            return
        }
    #endif
    XCTFail("\n" + result.report, file: filePath, line: line)
}
