import CellarTestSupport
import Foundation
import Testing

/// A case step with nothing to act on is a mistake in the case: `end_swipe`
/// with no row swiped and `end_reorder` with no row picked up fail the case
/// at the step, as a tap on a row that is not there does.
@Suite struct StepsWithNothingToActOnCLITests {
    static let table = """
        sections:
          - rows:
              - text: a
                trailingSwipeActions: [{title: Flag}]
              - text: b

        """

    func run(_ steps: String) throws -> CellarCLI.Run {
        let dir = try ScratchDirectory.withStyles()
        try dir.write("t.yaml", Self.table)
        try dir.write("Styles/c.case.yaml", "table: ../t.yaml\nwidth: 20\nsteps:\n" + steps)
        return try CellarCLI.run(["test", "--update"], in: dir.path)
    }

    @Test func endSwipeWithNoRowSwipedFailsAtTheStep() throws {
        let r = try run("  - render\n  - end_swipe\n")
        #expect(r.status == 1)
        #expect(
            r.stdout.contains(
                "c.case.yaml:5:5: end_swipe: no row is swiped, so there is nothing to close (swipe a row first)"),
            "\(r.stdout)")
        // Closing a swiped row is still a step.
        let ok = try run("  - swipe: {row: [0, 0], edge: trailing}\n  - end_swipe\n")
        #expect(ok.status == 0, "\(ok.stdout)")
    }

    @Test func endReorderWithNoRowPickedUpFailsAtTheStep() throws {
        let r = try run("  - begin_editing\n  - end_reorder\n")
        #expect(r.status == 1)
        #expect(
            r.stdout.contains(
                "c.case.yaml:5:5: end_reorder: no row is picked up, so there is nothing to put back "
                    + "(begin reordering a row first)"),
            "\(r.stdout)")
    }
}
