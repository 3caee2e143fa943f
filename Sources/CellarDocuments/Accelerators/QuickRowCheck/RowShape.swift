import CellarText

/// The gaps between a JSON row's values as the last rows wrote them (`{"cell": `, `, "text": `…), matched in a
/// few word compares: rows mostly repeat one shape. Gap `k` runs from where member `k` begins (the `{`, or just
/// past the value before) to its value.
///
/// Invariant: a gap is recorded only once its bytes were checked valid, so the same bytes later are valid and
/// name the same key wherever they stand (a gap one member gave up may match at any: `retired`). `Name`: what
/// the reader made of the key (the quick check: its index in `QuickRowCheck.names`, or -1).
struct RowShape<Name: Sendable>: Sendable {
    struct Gap {
        var length: Int
        var keyStart: Int
        var keyEnd: Int
        var name: Name
        var words: (UInt64, UInt64, UInt64, UInt64)
        var masks: (UInt64, UInt64, UInt64, UInt64)
    }

    static var maximumLength: Int { 32 }
    static var maximumGaps: Int { 16 }
    /// Two per member, the last recorded first: rows of two shapes (two
    /// styles' keys in turn) match either.
    private var gaps: [Gap] = []
    private var others: [Gap] = []
    /// Gaps pushed out of `others`, of any member, the oldest replaced first:
    /// rows whose optional keys come and go (a background on one row, a swipe
    /// action on another) find them here, compared only when both of the
    /// member's gaps miss.
    private var retired: [Gap] = []
    static var maximumRetired: Int { 8 }

    init() {
        gaps.reserveCapacity(Self.maximumGaps)
        others.reserveCapacity(Self.maximumGaps)
        retired.reserveCapacity(Self.maximumRetired)
    }

    /// Gap `k`, when the bytes at `p` are its bytes.
    @inline(__always)
    mutating func match(_ k: Int, _ scanner: WordScanner, at p: Int) -> Gap? {
        guard k < gaps.count, let w0 = scanner.word(at: p) else { return nil }
        if Self.fits(gaps[k], w0, scanner, p) { return gaps[k] }
        return matchOther(k, w0, scanner, p)
    }

    /// The other gap of member `k` when it fits (the first is compared
    /// inline). Left second: both are compared on every row, and moving
    /// gaps between the two arrays cost more than the compare it saves.
    @inline(never)
    private func matchOther(_ k: Int, _ w0: UInt64, _ scanner: WordScanner, _ p: Int) -> Gap? {
        if Self.fits(others[k], w0, scanner, p) { return others[k] }
        // By index: a loop's copy of each gap would be a copy of its words.
        for i in retired.indices where Self.fits(retired[i], w0, scanner, p) { return retired[i] }
        return nil
    }

    @inline(__always)
    private static func fits(_ g: Gap, _ w0: UInt64, _ scanner: WordScanner, _ p: Int) -> Bool {
        guard w0 & g.masks.0 == g.words.0 else { return false }
        if g.length <= 8 { return true }
        guard let w1 = scanner.word(at: p &+ 8), w1 & g.masks.1 == g.words.1 else { return false }
        if g.length <= 16 { return true }
        guard let w2 = scanner.word(at: p &+ 16), w2 & g.masks.2 == g.words.2 else { return false }
        if g.length <= 24 { return true }
        guard let w3 = scanner.word(at: p &+ 24), w3 & g.masks.3 == g.words.3 else { return false }
        return true
    }

    /// Keeps the checked bytes `gap` as gap `k`, when they fit in four words. Not inlined: once
    /// the rows' gaps are known it is rarely called, and the readers' loops run leaner without it.
    @inline(never)
    mutating func record(_ k: Int, _ scanner: WordScanner, gap: Range<Int>, key: Range<Int>, name: Name) {
        guard rowShapesKept, k <= gaps.count, k < Self.maximumGaps, !gap.isEmpty, gap.count <= Self.maximumLength,
            let p0 = gapWord(scanner, gap, 0), let p1 = gapWord(scanner, gap, 1), let p2 = gapWord(scanner, gap, 2),
            let p3 = gapWord(scanner, gap, 3)
        else { return }
        let g = Gap(
            length: gap.count, keyStart: key.lowerBound - gap.lowerBound, keyEnd: key.upperBound - gap.lowerBound,
            name: name, words: (p0.word, p1.word, p2.word, p3.word), masks: (p0.mask, p1.mask, p2.mask, p3.mask))
        if k == gaps.count {
            gaps.append(g)
            others.append(g)
        } else {
            retire(others[k])
            others[k] = gaps[k]
            gaps[k] = g
        }
    }

    /// Keeps `g` among the retired gaps, unless one of its bytes is there.
    private mutating func retire(_ g: Gap) {
        for i in retired.indices where retired[i].length == g.length && retired[i].words == g.words { return }
        if retired.count == Self.maximumRetired { retired.removeFirst() }
        retired.append(g)
    }
}

/// False: no gap is kept, so none matches (`Accelerators.Name.rowShapes`). A global, not a
/// stored property: the shape is copied with its reader, and `record` is rarely called.
private let rowShapesKept = Accelerators.enabled(.rowShapes)

/// Word `i` of `gap` and the mask of its bytes (none past the gap, zero past its end); nil when the
/// scanner has no word there. No array: rows of varying keys record gaps often.
@inline(__always)
private func gapWord(_ scanner: WordScanner, _ gap: Range<Int>, _ i: Int) -> (word: UInt64, mask: UInt64)? {
    guard i * 8 < gap.count else { return (0, 0) }
    guard let w = scanner.word(at: gap.lowerBound + i * 8) else { return nil }
    let bytes = min(8, gap.count - i * 8)
    let mask: UInt64 = bytes == 8 ? ~0 : (1 << UInt64(8 * bytes)) - 1
    return (w & mask, mask)
}
