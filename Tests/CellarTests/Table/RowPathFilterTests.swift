import CellarTestSupport
import Testing

@testable import Cellar

/// `RowPathFilter` never says "no" for a path of its set, and says it for
/// most other paths (else it would save nothing); `RowStates` drops it when
/// the selection changes.
@Suite struct RowPathFilterTests {
    @Test func everyMemberMayBeContainedAndMostOthersAreNot() {
        var rng = SeededGenerator(seed: 25)
        func next(_ n: Int) -> Int { Int.random(in: 0..<n, using: &rng) }
        for size in [1, 7, 100, 5_000] {
            let paths = Set((0..<size).map { _ in IndexPath(next(50), next(100_000)) })
            let filter = RowPathFilter(paths)
            for p in paths { #expect(filter.mayContain(p), "\(p) of \(size)") }
            var yes = 0
            var others = 0
            for section in 0..<50 {
                for row in stride(from: 0, to: 100_000, by: 97) where !paths.contains(IndexPath(section, row)) {
                    others += 1
                    if filter.mayContain(IndexPath(section, row)) { yes += 1 }
                }
            }
            #expect(yes * 10 < others, "\(yes) of \(others) others pass a filter of \(size)")
        }
    }

    @Test func aChangedSelectionIsFilteredAnew() {
        let states = RowStates()
        states.selected = [IndexPath(0, 1)]
        #expect(states.presence.selectedFilter?.mayContain(IndexPath(0, 1)) == true)
        states.selected.insert(IndexPath(3, 40_000))
        #expect(states.presence.selectedFilter?.mayContain(IndexPath(3, 40_000)) == true)
        let cell = Cell(reuseIdentifier: "x")
        states.apply(to: cell, at: IndexPath(3, 40_000), editing: false, states.presence)
        #expect(cell.state.isSelected)
    }
}
