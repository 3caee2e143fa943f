import CellarTestSupport
import Foundation
import Testing

/// The rows event hooks change stay in the process, outside the Lua heap's
/// cap: together they are bounded per process (a fresh `cellar` here, so
/// nothing else has grown the count), and the refusal names the style.
@Suite struct RetainedRowsCLITests {
    @Test func changedRowsTogetherAreBoundedPerProcess() throws {
        let dir = try ScratchDirectory()
        try dir.write(
            "styles/keep.lua",
            """
            return {
              identifier = "keep",
              on_select = function(cell, row, event)
                local t = {} for i = 1, 9000 do t[i] = i end
                row.kept = t
              end,
            }
            """)
        let rows = (0..<40).map { "        - {cell: keep, text: R\($0)}\n" }.joined()
        let steps = (0..<40).map { "  - select: [0, \($0)]\n" }.joined()
        try dir.write(
            "cases/a.case.yaml", "width: 20\nheight: 3\ntable:\n  sections:\n    - rows:\n" + rows + "steps:\n" + steps)
        let run = try CellarCLI.run(["test", "cases", "--styles", "styles"], in: dir.path, ci: true)
        #expect(run.status == 1 && run.lastLine == "0 passed, 1 failed")
        #expect(
            run.stdout.contains("keep.lua:3: the changed rows together would hold more than 200000 values"),
            "\(run.stdout)")
        // 9,000 numbers and their keys, each row: the 23rd row's change is the one refused.
        #expect(run.stdout.contains("select [0, 22]"), "\(run.stdout)")
    }
}
