import Testing

@testable import Cellar

/// `RowStates.apply` returns early when the render's presence says no row
/// has a state; forcing every kind present takes the general path, and
/// both must leave a cell in the same state.
@Suite struct RowStatesTests {
    @Test func earlyReturnMatchesTheGeneralPath() {
        var seed: UInt64 = 0x2545_F491_4F6C_DD1D
        func chance(_ n: UInt64) -> Bool {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return (seed >> 33) % n == 0
        }
        let rows = (0..<4).map { IndexPath(0, $0) }
        var earlyReturns = 0
        for trial in 0..<2_000 {
            let states = RowStates()
            for ip in rows {
                if chance(6) { states.selected.insert(ip) }
                if chance(8) { states.highlighted.insert(ip) }
                if chance(10) { states.custom[ip] = ["k": .int(ip.row)] }
            }
            if chance(8) { states.focused = rows[1] }
            if chance(8) { states.reordering = rows[2] }
            if chance(8) { states.deleteConfirmation = rows[3] }
            var before = CellState()
            before.isSelected = chance(6)
            before.isHighlighted = chance(8)
            before.isDisabled = chance(8)
            before.isFocused = chance(8)
            before.isEditing = chance(6)
            before.isSwiped = chance(8)
            before.isReordering = chance(8)
            if chance(8) { before.custom = ["old": .bool(true)] }
            let editing = chance(4)
            for ip in rows {
                let fast = Cell(reuseIdentifier: "x")
                let general = Cell(reuseIdentifier: "x")
                fast.state = before
                general.state = before
                let presence = states.presence
                if presence.isEmpty && !editing && before.isNormal { earlyReturns += 1 }
                states.apply(to: fast, at: ip, editing: editing, presence)
                states.apply(to: general, at: ip, editing: editing, .all)
                #expect(fast.state == general.state, "trial \(trial), row \(ip.row)")
            }
        }
        // The early return was taken, and so was the general path.
        #expect(earlyReturns > 100)
    }
}
