import Testing

@testable import CellarDocuments

/// `RowShape` keeps two gaps a member and the gaps they pushed out, which
/// any member then matches.
@Suite struct RowShapeTests {
    private static let gaps = [#", "selectable": "#, #", "background": "#, #", "selectionStyle": "#]

    /// Matches of `text`'s gaps at `member`, after `recorded` gaps were recorded there in turn.
    private func matched(_ recorded: [String], at member: Int) -> [Int?] {
        var shape = RowShape<Int>()
        let text = Self.gaps.joined() + String(repeating: " ", count: 40)
        let bytes = Array(text.utf8)
        return bytes.withUnsafeBufferPointer { buffer in
            let scanner = WordScanner(buffer, words: true)
            var starts: [Int] = []
            var p = 0
            for gap in Self.gaps {
                starts.append(p)
                p += gap.utf8.count
            }
            // Member 0 first: a member is recorded only once the ones before it were.
            for m in 0...member {
                let gap = m == member ? recorded : [Self.gaps[0]]
                for g in gap {
                    let i = Self.gaps.firstIndex(of: g)!
                    let range = starts[i]..<(starts[i] + g.utf8.count)
                    shape.record(m, scanner, gap: range, key: range, name: i)
                }
            }
            return Self.gaps.indices.map { i in shape.match(member, scanner, at: starts[i])?.name }
        }
    }

    @Test func theLastTwoGapsOfAMemberMatch() {
        #expect(matched([Self.gaps[0], Self.gaps[1]], at: 2) == [0, 1, nil])
    }

    /// A third gap at a member pushes out the first, which is still matched there.
    @Test func aGapPushedOutIsStillMatched() {
        #expect(matched([Self.gaps[0], Self.gaps[1], Self.gaps[2]], at: 2) == [0, 1, 2])
        #expect(matched([Self.gaps[2], Self.gaps[1], Self.gaps[0], Self.gaps[1]], at: 1) == [0, 1, 2])
    }

    /// A gap one member gave up is matched at another member.
    @Test func aRetiredGapMatchesAtAnyMember() {
        var shape = RowShape<Int>()
        let text = Self.gaps.joined() + String(repeating: " ", count: 40)
        let bytes = Array(text.utf8)
        bytes.withUnsafeBufferPointer { buffer in
            let scanner = WordScanner(buffer, words: true)
            let lengths = Self.gaps.map(\.utf8.count)
            let ranges = [
                0..<lengths[0], lengths[0]..<(lengths[0] + lengths[1]),
                (lengths[0] + lengths[1])..<(lengths[0] + lengths[1] + lengths[2]),
            ]
            shape.record(0, scanner, gap: ranges[0], key: ranges[0], name: 0)
            shape.record(1, scanner, gap: ranges[0], key: ranges[0], name: 0)
            // Member 1 gives up gap 0 for gaps 1 and 2; member 0 never held gap 1 or 2.
            shape.record(1, scanner, gap: ranges[1], key: ranges[1], name: 1)
            shape.record(1, scanner, gap: ranges[2], key: ranges[2], name: 2)
            #expect(shape.match(1, scanner, at: ranges[0].lowerBound)?.name == 0)
            shape.record(0, scanner, gap: ranges[1], key: ranges[1], name: 1)
            #expect(shape.match(0, scanner, at: ranges[2].lowerBound) == nil)
            shape.record(0, scanner, gap: ranges[2], key: ranges[2], name: 2)
            // Member 0 holds gaps 2 and 1 now; gap 0, pushed out of member 1, is found for it too.
            #expect(shape.match(0, scanner, at: ranges[0].lowerBound)?.name == 0)
        }
    }
}
