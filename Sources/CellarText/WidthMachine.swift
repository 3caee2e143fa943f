/// The width rules of short strings as one table: the next state from the
/// state and the class of a scalar (bits 24-31 of its property word), and
/// the columns that step adds. Measuring a string is then the same few
/// steps per scalar whatever kind of cluster it belongs to, with no branch
/// on the kind of cluster (simple base, base + mark, flag, ZWJ sequence,
/// ASCII), which mixed text would mispredict.
///
/// The table is not written by hand: `build` runs the one set of cluster
/// rules (`SegmentationState`, `ClusterWidth`) on one representative scalar
/// of each class (Scripts/gen-width-tables picks them and groups scalars by
/// every property those rules read). Classes 0 (controls, spacing marks,
/// conjuncts, jamo, zero-width bases) lead to state 0, after which the
/// string is measured by the full path instead.
struct WidthMachine {
    /// transitions[state + class]: next state (already multiplied by the
    /// class count) << 2 | columns added (0...3). State 0 gives up.
    let transitions: UnsafeMutablePointer<UInt16>
    /// State before the first scalar.
    let start: Int
    /// afterASCII[byte]: the state after a printable ASCII byte, whatever
    /// came before it (`build` checks that it does not matter).
    let afterASCII: UnsafeMutablePointer<UInt16>

    /// Abstract state between two scalars: the width and segmentation
    /// context of the open cluster (nil segmentation: no cluster yet).
    private struct State: Hashable {
        var width: ClusterWidth
        var segmentation: SegmentationState?

        /// A few words of the state rather than every field (equality still
        /// compares all): hashing every field would dominate building the table.
        func hash(into hasher: inout Hasher) {
            hasher.combine(UInt64(width.measured?.raw ?? 0) << 32 | UInt64(width.lastMeasured?.raw ?? 0))
            let flags =
                (width.skipNext ? 1 : 0) | (width.previousWasRI ? 2 : 0) | (width.lastWasVirama ? 4 : 0)
                | (width.conjunctPending ? 8 : 0)
            hasher.combine(
                segmentation.map {
                    Int($0.prev.raw) << 16 | Int($0.emoji) << 12 | Int($0.conjunct) << 8 | $0.riCount << 4 | flags
                } ?? flags)
        }
    }

    /// One step of the rules: the state after `scalar` and the columns it
    /// adds, including what the cluster it ends still adds.
    private static func step(_ state: State, _ cp: UInt32, _ p: ScalarProps, ambiguousWide: Bool) -> (State, Int) {
        var width = state.width
        width.total = 0
        if var segmentation = state.segmentation, !segmentation.isBoundary(before: p) {
            width.feed(cp, p)
            segmentation.append(p)
            segmentation.riCount %= 2
            let added = width.total
            width.total = 0
            return (State(width: width, segmentation: segmentation), added)
        }
        var added = 0
        var next = ClusterWidth(ambiguousWide: ambiguousWide)
        if state.segmentation != nil {
            // As GraphemeScanner carries the measured base across a boundary.
            next.measured = width.measured
            next.lastMeasured = width.measured
            added = width.finish()
        }
        next.feed(cp, p)
        added += next.total
        next.total = 0
        var segmentation = SegmentationState(first: p)
        segmentation.riCount %= 2
        return (State(width: next, segmentation: segmentation), added)
    }

    /// Explores every state reachable from the start, merges equivalent
    /// ones, and checks what `DisplayWidth.ofShort` relies on; nil when a
    /// check fails (then every string takes the full path).
    static func build(_ table: PropertyTable, ambiguousWide: Bool) -> WidthMachine? {
        let classCount = UnicodeTables.machineClassRepresentatives.count
        // Every property word's class must be a column of the table.
        guard classCount >= 2, UnicodeTables.props.allSatisfy({ Int($0 >> 24) < classCount }) else { return nil }
        var scalars: [(UInt32, ScalarProps)] = []
        for (c, cp) in UnicodeTables.machineClassRepresentatives.enumerated() {
            let p = table.lookup(cp)
            guard c == 0 || p.machineClass == c else { return nil }
            scalars.append((cp, p))
        }
        guard let (states, next, added) = explore(scalars, classCount: classCount, ambiguousWide: ambiguousWide),
            let (block, blockCount) = mergeEquivalent(states.count, next, added, classCount: classCount)
        else {
            return nil
        }
        // Printable ASCII: the same step from every state, one column, so
        // a run of it is counted a column a byte and leaves the state of its
        // last byte (`afterASCII`), without stepping.
        for byte in UInt32(0x20)...0x7E {
            let c = table.lookup(byte).machineClass
            guard c != 0 else { return nil }
            for s in 1..<states.count where next[s][c] != next[1][c] || added[s][c] != 1 { return nil }
        }
        let transitions = UnsafeMutablePointer<UInt16>.allocate(capacity: blockCount * classCount)
        transitions.initialize(repeating: 0, count: blockCount * classCount)
        for s in states.indices {
            for c in 0..<classCount {
                guard added[s][c] <= 3 else {
                    transitions.deallocate()
                    return nil
                }
                transitions[block[s] * classCount + c] =
                    UInt16(block[next[s][c]] * classCount) << 2 | UInt16(added[s][c])
            }
        }
        let afterASCII = UnsafeMutablePointer<UInt16>.allocate(capacity: 256)
        afterASCII.initialize(repeating: 0, count: 256)
        for byte in 0x20...0x7E {
            afterASCII[byte] = UInt16(block[next[1][table.lookup(UInt32(byte)).machineClass]] * classCount)
        }
        return WidthMachine(transitions: transitions, start: block[1] * classCount, afterASCII: afterASCII)
    }

    /// Every state reachable from the start, breadth-first, with where each
    /// class leads (`next`) and the columns it adds; state 0 is "give up",
    /// 1 the start. Nil when there are too many or the end of the text would
    /// add columns.
    private static func explore(_ scalars: [(UInt32, ScalarProps)], classCount: Int, ambiguousWide: Bool)
        -> (states: [State], next: [[Int]], added: [[Int]])?
    {
        let first = State(width: ClusterWidth(ambiguousWide: ambiguousWide), segmentation: nil)
        var states: [State] = [first, first]
        var index: [State: Int] = [first: 1]
        index.reserveCapacity(512)
        var next: [[Int]] = [Array(repeating: 0, count: classCount)]
        var added: [[Int]] = [Array(repeating: 0, count: classCount)]
        var s = 1
        while s < states.count {
            var nextRow = [0]
            var addedRow = [0]
            nextRow.reserveCapacity(classCount)
            addedRow.reserveCapacity(classCount)
            for c in 1..<classCount {
                let (state, columns) = step(states[s], scalars[c].0, scalars[c].1, ambiguousWide: ambiguousWide)
                if let known = index[state] {
                    nextRow.append(known)
                } else {
                    guard states.count < 4096 else { return nil }
                    index[state] = states.count
                    nextRow.append(states.count)
                    states.append(state)
                }
                addedRow.append(columns)
            }
            next.append(nextRow)
            added.append(addedRow)
            s += 1
        }
        // The end of the text must add nothing (a pending conjunct would).
        for state in states.dropFirst() {
            var width = state.width
            width.total = 0
            guard width.finish() == 0 else { return nil }
        }
        return (states, next, added)
    }

    /// The states in blocks that behave alike; nil when the merge cannot be trusted.
    private static func mergeEquivalent(_ stateCount: Int, _ next: [[Int]], _ added: [[Int]], classCount: Int)
        -> (block: [Int], count: Int)?
    {
        let states = 0..<stateCount
        // Merge states that behave alike (Moore's partition refinement):
        // split blocks by where each class leads and what it adds until
        // nothing splits. Blocks are numbered by first state, so "give up"
        // (alone in its block from the start) stays block 0.
        let width = 2 * classCount + 1
        var signatures = [Int](repeating: 0, count: stateCount * width)
        var block = states.map { $0 == 0 ? 0 : 1 }
        var blockCount = 2
        while true {
            for s in states {
                signatures[s * width] = block[s]
                for c in 0..<classCount {
                    signatures[s * width + 1 + 2 * c] = block[next[s][c]]
                    signatures[s * width + 2 + 2 * c] = added[s][c]
                }
            }
            // First state of each signature, by an FNV-1a hash of it
            // (much cheaper than hashing arrays with `Hasher`).
            var firstWith: [UInt64: Int] = [:]
            firstWith.reserveCapacity(stateCount)
            var refined = block
            var count = 0
            for s in states {
                let signature = signatures[s * width..<(s + 1) * width]
                let hash = signature.reduce(0xCBF2_9CE4_8422_2325 as UInt64) {
                    ($0 ^ UInt64(truncatingIfNeeded: $1)) &* 0x100_0000_01B3
                }
                if let r = firstWith[hash] {
                    // Two signatures with one hash: never seen; give up rather than merge them.
                    guard signatures[r * width..<(r + 1) * width].elementsEqual(signature) else { return nil }
                    refined[s] = refined[r]
                } else {
                    firstWith[hash] = s
                    refined[s] = count
                    count += 1
                }
            }
            block = refined
            if count == blockCount { break }
            blockCount = count
        }
        // Block 0 is "give up" alone (its first partition kept it apart).
        guard block[0] == 0, !block.dropFirst().contains(0), blockCount * classCount * 4 <= Int(UInt16.max) else {
            return nil
        }
        return (block, blockCount)
    }
}

extension DisplayWidth {
    /// Width of 4...63 UTF-8 bytes by `WidthMachine`, nil when the text
    /// holds something it leaves to the full path (or is not well-formed).
    /// No branch depends on the text but the loop over the scalars (and
    /// the length, for how many words to read):
    /// - one bit per byte (printable ASCII, UTF-8 continuation) from 8-byte
    ///   words;
    /// - printable ASCII bytes are one column each and are not stepped: the
    ///   state after a run of them is that of its last byte
    ///   (`WidthMachine.build` checks that this is exact);
    /// - every other scalar is stepped through the table; a control too,
    ///   and its class gives up;
    /// - a scalar's length is the distance to the next lead byte and must
    ///   agree with its lead, so anything malformed gives up.
    ///
    /// One function on purpose (over 80 lines): it runs for every label on
    /// every row, and its loop state stays in registers only while the whole
    /// loop is one inlined body; the differential width tests cover it.
    @inline(__always)
    static func ofShort(
        _ base: UnsafePointer<UInt8>, count n: Int, machine: WidthMachine,
        table: PropertyTable
    ) -> Int? {
        // High bit of each byte -> one bit per byte.
        @inline(__always)
        func bits(_ w: UInt64) -> UInt64 { (((w &>> 7) & 0x0101_0101_0101_0101) &* 0x0102_0408_1020_4080) &>> 56 }
        var other: UInt64 = 0
        var continuation: UInt64 = 0  // not printable ASCII; 10xxxxxx
        @inline(__always)
        func scan(_ w: UInt64, _ word: Int) {
            let shift = UInt64(truncatingIfNeeded: 8 &* word)
            other |= bits(SWAR.nonPrintableASCII(w)) &<< shift
            continuation |= bits(w & ~(w &<< 1)) &<< shift
        }
        // Bytes 8j..<8j+8 read inside the text: near the end the last
        // eight bytes, shifted down. Past the end the value is garbage that
        // the `valid` mask below drops.
        @inline(__always)
        func word(_ j: Int) -> UInt64 {
            let at = min(8 &* j, n &- 8)
            return SWAR.load(base + at) &>> UInt64(truncatingIfNeeded: 8 &* (8 &* j &- at))
        }
        if n >= 8 {
            scan(word(0), 0)
            scan(word(1), 1)
            scan(word(2), 2)
            scan(word(3), 3)
            if n > 32 {
                scan(word(4), 4)
                scan(word(5), 5)
                scan(word(6), 6)
                scan(word(7), 7)
            }
        } else {
            // 4...7 bytes: the first four and the last four, overlapping.
            let last = UnsafeRawPointer(base + (n &- 4)).loadUnaligned(as: UInt32.self)
            scan(
                UInt64(UnsafeRawPointer(base).loadUnaligned(as: UInt32.self))
                    | UInt64(last) &<< UInt64(truncatingIfNeeded: 8 &* (n &- 4)), 0)
        }

        let valid = (UInt64(1) &<< UInt64(truncatingIfNeeded: n)) &- 1
        let printable = ~other & valid
        let starts = (~continuation & valid) | (UInt64(1) &<< UInt64(truncatingIfNeeded: n))  // bit n: the end
        var visit = starts & other & valid
        // Every byte a column, less the bytes of each stepped scalar, plus
        // what its step adds (a control gives up, so all bytes not stepped
        // are printable ASCII): no population count.
        var total = n
        // A continuation byte first, or after ASCII, is malformed (after a
        // lead, the lead's length is checked below).
        var bad = (~starts & 1) | (continuation & valid & printable &<< 1)
        var state = machine.start
        while visit != 0 {
            let pos = visit.trailingZeroBitCount
            visit &= visit &- 1
            // After printable ASCII the state is that byte's, whatever came
            // before (chosen without a branch).
            let afterPrintable = 0 &- Int(truncatingIfNeeded: (printable &<< 1) &>> UInt64(truncatingIfNeeded: pos) & 1)
            let previous = Int(machine.afterASCII[Int(base[max(pos &- 1, 0)])])
            state = (previous & afterPrintable) | (state & ~afterPrintable)
            let at = min(pos, n &- 4)
            let x =
                UnsafeRawPointer(base + at).loadUnaligned(as: UInt32.self)
                &>> UInt32(truncatingIfNeeded: 8 &* (pos &- at))
            // The scalar's length is the distance to the next lead byte; the
            // lead must say the same (0xxxxxxx, 110xxxxx, 1110xxxx,
            // 11110xxx), so this decodes as `decodeScalar` does.
            let length = 1 &+ (starts &>> UInt64(truncatingIfNeeded: pos &+ 1)).trailingZeroBitCount
            let payload =
                UInt32(truncatingIfNeeded: 0x070F_1F7F as UInt64 &>> UInt64(truncatingIfNeeded: 8 &* (length &- 1)))
                & 0xFF
            bad |= UInt64((x ^ ~payload &<< 1) & ~payload & 0xFF) | UInt64(truncatingIfNeeded: (length &- 1) &>> 2)
            let all = (x & payload) &<< 18 | (x &>> 8 & 0x3F) &<< 12 | (x &>> 16 & 0x3F) &<< 6 | (x &>> 24 & 0x3F)
            // (Masked to 21 bits: a malformed length must not index past
            // the table before the text is given up.)
            let cp = all &>> UInt32(truncatingIfNeeded: 6 &* (4 &- length)) & 0x1F_FFFF
            let step = machine.transitions[state &+ Int(table.lookupDecoded(cp) &>> 24)]
            total &+= Int(step & 3) &- length
            state = Int(step &>> 2)
            bad |= state == 0 ? 1 : 0  // ASCII after it must not make up for it
        }
        return bad == 0 && state != 0 ? total : nil
    }
}
