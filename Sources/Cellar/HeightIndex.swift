/// Heights of a run of items (section tops, rows, section bottoms) as a
/// Fenwick tree of differences from a base height, so that a table whose
/// rows are all "the estimate" or "the fixed height" costs one zeroed array
/// to set up, and content height, prefix offsets and offset→item are O(log n).
struct HeightIndex {
    /// Height of every item not set explicitly (the estimate, or the fixed height).
    private(set) var base: Int
    /// 1-based Fenwick tree over (height - base).
    private var tree: [Int]
    /// Heights set so far. Negative = not known yet: -1 counts as `base`,
    /// -2 - h is an estimate of h (a last row without a separator, say).
    private var known: [Int32]
    private(set) var count: Int
    private(set) var total: Int
    private var topStep: Int

    init(count: Int, base: Int) {
        self.count = max(0, count)
        self.base = max(0, base)
        tree = [Int](repeating: 0, count: self.count + 1)
        known = [Int32](repeating: -1, count: self.count)
        total = self.count * self.base
        var step = 1
        while step * 2 <= self.count { step *= 2 }
        topStep = self.count == 0 ? 0 : step
    }

    func height(_ i: Int) -> Int {
        let k = known[i]
        if k >= 0 { return Int(k) }
        return k == -1 ? base : Int(-2 - k)
    }

    func isKnown(_ i: Int) -> Bool { known[i] >= 0 }

    /// Sets a real height.
    mutating func set(_ i: Int, _ h: Int) { store(i, Int32(clamping: max(0, h))) }

    /// Sets an estimate that differs from `base`; the item stays not known.
    mutating func setEstimate(_ i: Int, _ h: Int) { store(i, -2 - Int32(clamping: max(0, h))) }

    private mutating func store(_ i: Int, _ encoded: Int32) {
        let old = height(i)
        known[i] = encoded
        let delta = height(i) - old
        guard delta != 0 else { return }
        total += delta
        var j = i + 1
        while j <= count { tree[j] += delta; j += j & -j }
    }

    /// Sum of the heights of items 0..<i (the offset where item i starts).
    func start(_ i: Int) -> Int {
        var sum = i * base
        var j = min(i, count)
        while j > 0 { sum += tree[j]; j -= j & -j }
        return sum
    }

    /// The item covering `offset` and where it starts; nil past the end.
    /// Zero-height items are skipped, as they cover nothing.
    func item(atOffset offset: Int) -> (index: Int, start: Int)? {
        guard offset >= 0, offset < total else { return nil }
        var pos = 0, remaining = offset
        var step = topStep
        while step > 0 {
            let next = pos + step
            if next <= count {
                let span = tree[next] + step * base
                if span <= remaining { pos = next; remaining -= span }
            }
            step >>= 1
        }
        return (pos, offset - remaining)
    }
}
