/// Heights of a run of items (section tops, rows, section bottoms).
///
/// Two forms behind one API:
/// - **sparse**: every item has the base height except a sorted list of
///   exceptions (section tops and bottoms, last rows without separators,
///   rows measured so far). Fixed row heights stay in this form: O(sections)
///   memory, offset→item in O(log sections), so O(1) per row; a viewport in
///   the middle of a huge table with estimates measures a few dozen rows and
///   costs the same at 1k or 1M rows, first frame included.
/// - **dense**: a Fenwick tree of differences from the base: content height,
///   prefix offsets and offset→item in O(log n). A sparse index turns dense
///   once it holds `sparseLimit` exceptions (a long scroll, a settle pass).
struct HeightIndex {
    /// Height of every item not set explicitly (the estimate, or the fixed height).
    private(set) var base: Int
    private(set) var count: Int
    private(set) var total: Int
    /// Whether items at the base height are real heights (fixed rows) or estimates.
    private let baseIsKnown: Bool

    // Sparse form: exceptions sorted by index, and the sum of their
    // differences from `base` before each.
    private var isSparse: Bool
    private var exceptions: [(index: Int, height: Int, known: Bool)] = []
    private var exceptionPrefix: [Int] = []

    // Dense form.
    /// 1-based Fenwick tree over (height - base).
    private var tree: [Int] = []
    /// Negative = not known yet: -1 counts as `base`, -2 - h is an estimate of h.
    private var known: [Int32] = []
    private var topStep = 0

    /// A sparse index: `base` everywhere except `exceptions` (in increasing index order).
    init(count: Int, base: Int, baseIsKnown: Bool, exceptions: [(index: Int, height: Int, known: Bool)]) {
        self.count = max(0, count)
        self.base = max(0, base)
        self.baseIsKnown = baseIsKnown
        total = self.count * self.base
        isSparse = true
        var prefix = 0
        for e in exceptions where e.index >= 0 && e.index < self.count {
            let h = max(0, e.height)
            if let last = self.exceptions.last, last.index >= e.index { continue }
            self.exceptions.append((e.index, h, e.known))
            exceptionPrefix.append(prefix)
            prefix += h - self.base
        }
        total += prefix
        // Offset lookups walk runs of base-height items; zero-height runs need the tree.
        if self.base == 0 { makeDense() }
    }

    /// A dense index with every item at `base` and not known.
    init(count: Int, base: Int) {
        self.init(count: count, base: base, baseIsKnown: false, exceptions: [])
        makeDense()
    }

    /// Exceptions a sparse index keeps before turning dense (each change
    /// costs O(exceptions) in the sparse form).
    static let sparseLimit = 2048

    /// Whether the index is still in its sparse form (tests look).
    var isSparseForm: Bool { isSparse }

    /// The position of the first exception with index ≥ i.
    private func exceptionSlot(_ i: Int) -> Int {
        var lo = 0
        var hi = exceptions.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if exceptions[mid].index < i { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }

    private mutating func makeDense() {
        guard isSparse else { return }
        isSparse = false
        tree = [Int](repeating: 0, count: count + 1)
        known = [Int32](repeating: baseIsKnown ? Int32(clamping: base) : -1, count: count)
        var step = 1
        while step * 2 <= count { step *= 2 }
        topStep = count == 0 ? 0 : step
        // Each exception's difference at its slot, then every slot added into
        // its parent once: the tree in O(count), not O(exceptions · log count).
        total = count * base
        for e in exceptions {
            let h = min(e.height, Int(Int32.max) - (e.known ? 0 : 2))
            known[e.index] = e.known ? Int32(h) : -2 - Int32(h)
            tree[e.index + 1] = h - base
            total += h - base
        }
        exceptions = []
        exceptionPrefix = []
        var i = 1
        while i <= count {
            let parent = i + (i & -i)
            if parent <= count { tree[parent] += tree[i] }
            i += 1
        }
    }

    func height(_ i: Int) -> Int {
        if isSparse {
            let k = exceptionSlot(i)
            return k < exceptions.count && exceptions[k].index == i ? exceptions[k].height : base
        }
        let k = known[i]
        if k >= 0 { return Int(k) }
        return k == -1 ? base : Int(-2 - k)
    }

    func isKnown(_ i: Int) -> Bool {
        if isSparse {
            let k = exceptionSlot(i)
            return k < exceptions.count && exceptions[k].index == i ? exceptions[k].known : baseIsKnown
        }
        return known[i] >= 0
    }

    /// Sets a real height.
    mutating func set(_ i: Int, _ h: Int) {
        let h = min(max(0, h), Int(Int32.max))
        if isSparse {
            if height(i) == h && isKnown(i) { return }
            if exceptions.count < Self.sparseLimit {
                sparseStore(i, h, known: true)
                return
            }
            makeDense()
        }
        store(i, Int32(h))
    }

    /// Keeps the item's current height as an estimate, to be measured again.
    mutating func forget(_ i: Int) {
        guard isKnown(i) else { return }
        setEstimate(i, height(i))
    }

    /// Sets an estimate; the item stays not known.
    mutating func setEstimate(_ i: Int, _ h: Int) {
        let h = min(max(0, h), Int(Int32.max) - 2)
        if isSparse {
            if height(i) == h && !isKnown(i) { return }
            if exceptions.count < Self.sparseLimit {
                sparseStore(i, h, known: false)
                return
            }
            makeDense()
        }
        store(i, -2 - Int32(h))
    }

    /// Adds or updates an exception and the prefix sums after it.
    private mutating func sparseStore(_ i: Int, _ h: Int, known: Bool) {
        var k = exceptionSlot(i)
        let old: Int
        if k < exceptions.count && exceptions[k].index == i {
            old = exceptions[k].height
            exceptions[k] = (i, h, known)
        } else {
            old = base
            exceptions.insert((i, h, known), at: k)
            exceptionPrefix.insert(0, at: k)
        }
        total += h - old
        var prefix = k == 0 ? 0 : exceptionPrefix[k - 1] + exceptions[k - 1].height - base
        while k < exceptions.count {
            exceptionPrefix[k] = prefix
            prefix += exceptions[k].height - base
            k += 1
        }
    }

    private mutating func store(_ i: Int, _ encoded: Int32) {
        let old = height(i)
        known[i] = encoded
        let delta = height(i) - old
        guard delta != 0 else { return }
        total += delta
        var j = i + 1
        while j <= count {
            tree[j] += delta
            j += j & -j
        }
    }

    /// Sum of the heights of items 0..<i (the offset where item i starts).
    func start(_ i: Int) -> Int {
        if isSparse {
            let k = exceptionSlot(i)
            let before =
                k < exceptions.count
                ? exceptionPrefix[k]
                : (exceptions.last.map { exceptionPrefix[exceptions.count - 1] + $0.height - base } ?? 0)
            return i * base + before
        }
        var sum = i * base
        var j = min(i, count)
        while j > 0 {
            sum += tree[j]
            j -= j & -j
        }
        return sum
    }

    /// The item covering `offset` and where it starts; nil past the end.
    /// Zero-height items are skipped, as they cover nothing.
    func item(atOffset offset: Int) -> (index: Int, start: Int)? {
        guard offset >= 0, offset < total else { return nil }
        if isSparse { return sparseItem(atOffset: offset) }
        var pos = 0
        var remaining = offset
        var step = topStep
        while step > 0 {
            let next = pos + step
            if next <= count {
                let span = tree[next] + step * base
                if span <= remaining {
                    pos = next
                    remaining -= span
                }
            }
            step >>= 1
        }
        return (pos, offset - remaining)
    }

    /// Binary search over the exceptions, then division inside a run of
    /// base-height items (base > 0 in the sparse form).
    private func sparseItem(atOffset offset: Int) -> (index: Int, start: Int)? {
        // The last exception starting at or before the offset.
        var lo = 0
        var hi = exceptions.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if exceptions[mid].index * base + exceptionPrefix[mid] <= offset { lo = mid + 1 } else { hi = mid }
        }
        let k = lo - 1
        var runStart = 0
        var runFirst = 0
        if k >= 0 {
            let e = exceptions[k]
            let s = e.index * base + exceptionPrefix[k]
            if offset < s + e.height { return (e.index, s) }
            runStart = s + e.height
            runFirst = e.index + 1
        }
        let i = runFirst + (offset - runStart) / base
        return (i, runStart + (i - runFirst) * base)
    }
}
