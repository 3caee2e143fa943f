/// One grapheme cluster found in a UTF-8 buffer.
@usableFromInline
struct Cluster: Sendable {
    /// Byte offsets of the cluster in the buffer.
    var start: Int, end: Int
    /// Display columns (0 for controls and lone zero-width marks).
    var width: Int
    /// First scalar and its properties: what line breaking looks at.
    var scalar: UInt32
    var props: ScalarProps
    /// A space where a line may break: the space alone. A space carrying a
    /// combining mark is a visible character (UAX #14, LB10), part of a word.
    var isSpace: Bool {
        guard scalar == 0x20 || props.isBreakingSpace else { return false }
        let length = scalar < 0x80 ? 1 : scalar < 0x800 ? 2 : scalar < 0x10000 ? 3 : 4
        return end &- start == length
    }
}

/// Decodes one scalar at `i`. The buffer is valid UTF-8 when it comes from a
/// Swift String; anything malformed still decodes (as U+FFFD) without
/// reading past the end.
@inline(__always)
package func decodeScalar(_ p: UnsafeBufferPointer<UInt8>, _ i: Int) -> (scalar: UInt32, length: Int) {
    // Wrapping index arithmetic: i < p.count, so i + 3 cannot overflow,
    // and the checks the compiler would add cost more than the decoding.
    let b0 = UInt32(p[i])
    if b0 < 0x80 { return (b0, 1) }
    let n = p.count
    if b0 >= 0xF0 {
        guard i &+ 3 < n else { return (0xFFFD, 1) }
        return (
            (b0 & 0x07) << 18 | (UInt32(p[i &+ 1]) & 0x3F) << 12
                | (UInt32(p[i &+ 2]) & 0x3F) << 6 | (UInt32(p[i &+ 3]) & 0x3F), 4
        )
    }
    if b0 >= 0xE0 {
        guard i &+ 2 < n else { return (0xFFFD, 1) }
        return ((b0 & 0x0F) << 12 | (UInt32(p[i &+ 1]) & 0x3F) << 6 | (UInt32(p[i &+ 2]) & 0x3F), 3)
    }
    if b0 >= 0xC0 {
        guard i &+ 1 < n else { return (0xFFFD, 1) }
        return ((b0 & 0x1F) << 6 | (UInt32(p[i &+ 1]) & 0x3F), 2)
    }
    return (0xFFFD, 1)
}

/// Width of one cluster, fed scalar by scalar. It follows wcwidth 0.7.0's
/// `wcswidth` rules (so the differential test can hold it to them), but its
/// context never crosses a cluster boundary:
/// - a ZWJ hides the next scalar of its cluster (the joined emoji);
/// - VS16 widens a narrow emoji base by one column;
/// - the second regional indicator of a flag, and a skin tone after an
///   emoji, add nothing;
/// - a spacing mark (Mc) after a base adds one column;
/// - a consonant after a virama (Indic conjunct) adds one column.
@usableFromInline
struct ClusterWidth: Hashable {
    var total = 0
    var measured: ScalarProps? = nil  // last scalar that took columns (VS16, Mc)
    var lastMeasured: ScalarProps? = nil  // last base scalar seen (flags, skin tones)
    var lastWasVirama = false
    var conjunctPending = false
    var skipNext = false
    var previousWasRI = false
    let ambiguousWide: Bool

    init(ambiguousWide: Bool) { self.ambiguousWide = ambiguousWide }

    @inline(__always)
    mutating func feed(_ cp: UInt32, _ p: ScalarProps) {
        let wasRI = previousWasRI
        previousWasRI = p.gcb == .regionalIndicator
        if skipNext {
            skipNext = false
            return
        }
        if cp == 0x200D {
            if !lastWasVirama { skipNext = true }
            return
        }
        if cp == 0xFE0F, let m = measured {
            if m.widensWithVS16 { total += 1 }
            measured = nil
            return
        }
        if cp > 0xFFFF {
            if p.gcb == .regionalIndicator {
                if wasRI {
                    lastMeasured = p
                    return
                }
            } else if cp >= 0x1F3FB && cp <= 0x1F3FF, let l = lastMeasured,
                l.isExtendedPictographic || l.gcb == .regionalIndicator
            {
                return
            }
        }
        if lastWasVirama && p.isIndicConsonant {
            measured = p
            lastMeasured = p
            lastWasVirama = false
            conjunctPending = true
            return
        }
        let w = p.columns(ambiguousWide: ambiguousWide)
        if w > 0 {
            if conjunctPending {
                total += 1
                conjunctPending = false
            }
            total += w
            measured = p
            lastMeasured = p
            lastWasVirama = false
        } else if measured != nil && p.isSpacingMark {
            total += 1
            measured = nil
            lastWasVirama = false
            conjunctPending = false
        } else {
            lastWasVirama = p.isVirama
        }
    }

    @inline(__always)
    mutating func finish() -> Int {
        if conjunctPending {
            total += 1
            conjunctPending = false
        }
        return total
    }
}

/// Splits a UTF-8 buffer into extended grapheme clusters (UAX #29 rules
/// GB3-GB13, including GB9c Indic conjuncts and GB11 emoji ZWJ sequences)
/// and measures each. ASCII followed by ASCII is a boundary without lookup.
@usableFromInline
struct GraphemeScanner {
    let bytes: UnsafeBufferPointer<UInt8>
    let ambiguousWide: Bool
    let table: PropertyTable
    var position: Int
    /// wcswidth lets a spacing mark that starts a new cluster (some Mc are
    /// Grapheme_Cluster_Break=Other) add a column after the previous base;
    /// the scanner carries that base across the boundary to agree.
    var carried: ScalarProps? = nil

    init(
        _ bytes: UnsafeBufferPointer<UInt8>, from position: Int = 0, ambiguousWide: Bool = false,
        table: PropertyTable = propertyTable
    ) {
        self.table = table
        self.bytes = bytes
        self.position = position
        self.ambiguousWide = ambiguousWide
    }

    @inline(__always)
    mutating func next() -> Cluster? {
        let n = bytes.count
        let start = position
        guard start < n else { return nil }
        let b = bytes[start]
        if b < 0x80 && (start + 1 == n || bytes[start + 1] < 0x80) {
            if b == 0x0D && start + 1 < n && bytes[start + 1] == 0x0A {
                position = start + 2
                return Cluster(start: start, end: start + 2, width: 0, scalar: 0x0D, props: table.lookup(0x0D))
            }
            position = start + 1
            let w = (b >= 0x20 && b != 0x7F) ? 1 : 0
            let props = table.lookup(UInt32(b))
            carried = w > 0 ? props : nil
            return Cluster(start: start, end: start + 1, width: w, scalar: UInt32(b), props: props)
        }
        if b >= 0xC0 {
            // Fast path: a simple base (most CJK, Hangul syllables, emoji)
            // that the next scalar does not join is a cluster by itself.
            let (cp, length) = decodeScalar(bytes, start)
            let props = table.lookup(cp)
            if props.isSimpleBase {
                let next = start + length
                if next == n || bytes[next] < 0x80 || !table.lookup(decodeScalar(bytes, next).scalar).joinsPrevious {
                    position = next
                    let w = props.columns(ambiguousWide: ambiguousWide)
                    carried = w > 0 ? props : nil
                    return Cluster(start: start, end: next, width: w, scalar: cp, props: props)
                }
            }
        }
        return scanCluster(from: start)
    }

    /// The scalar at `position` when the last `scanCluster` stopped at a
    /// boundary: already decoded, so the caller need not decode it again.
    var lookahead: (scalar: UInt32, length: Int, props: ScalarProps)? = nil

    mutating func scanCluster(from start: Int) -> Cluster {
        let (first, firstLength) = decodeScalar(bytes, start)
        return scanCluster(from: start, first: first, length: firstLength, props: table.lookup(first))
    }

    /// Scans the cluster starting at `start`, whose first scalar the caller
    /// has decoded already.
    mutating func scanCluster(
        from start: Int, first: UInt32, length firstLength: Int,
        props firstProps: ScalarProps
    ) -> Cluster {
        let n = bytes.count
        lookahead = nil
        var width = ClusterWidth(ambiguousWide: ambiguousWide)
        width.measured = carried
        width.lastMeasured = carried
        width.feed(first, firstProps)
        var segmentation = SegmentationState(first: firstProps)
        var i = start + firstLength
        while i < n {
            let (cp, length) = decodeScalar(bytes, i)
            let p = table.lookup(cp)
            if segmentation.isBoundary(before: p) {
                lookahead = (cp, length, p)
                break
            }
            width.feed(cp, p)
            segmentation.append(p)
            i += length
        }
        position = i
        carried = width.measured
        return Cluster(start: start, end: i, width: width.finish(), scalar: first, props: firstProps)
    }
}

/// What the UAX #29 boundary rules need to know of the scalars of a
/// cluster so far (GB9c conjuncts, GB11 emoji, GB12/13 flags).
struct SegmentationState: Hashable {
    var prev: GCB
    /// Regional indicators in a row; the rules read it modulo 2.
    var riCount: Int
    var emoji: UInt8  // 1: ExtPict Extend*, 2: … ZWJ
    var conjunct: UInt8  // 1: Consonant …, 2: … Linker …

    @inline(__always)
    init(first p: ScalarProps) {
        prev = p.gcb
        riCount = prev == .regionalIndicator ? 1 : 0
        emoji = p.isExtendedPictographic ? 1 : 0
        conjunct = p.incb == 2 ? 1 : 0
    }

    /// Whether a cluster boundary comes before a scalar with properties `p`.
    @inline(__always)
    func isBoundary(before p: ScalarProps) -> Bool {
        let g = p.gcb
        if prev == .cr && g == .lf { return false }  // GB3
        if prev == .control || prev == .cr || prev == .lf { return true }  // GB4
        if g == .control || g == .cr || g == .lf { return true }  // GB5
        if prev == .l && (g == .l || g == .v || g == .lv || g == .lvt) { return false }  // GB6
        if (prev == .lv || prev == .v) && (g == .v || g == .t) { return false }  // GB7
        if (prev == .lvt || prev == .t) && g == .t { return false }  // GB8
        if g == .extend || g == .zwj || g == .spacingMark { return false }  // GB9, GB9a
        if prev == .prepend { return false }  // GB9b
        if p.incb == 2 && conjunct == 2 { return false }  // GB9c
        if prev == .zwj && emoji == 2 && p.isExtendedPictographic { return false }  // GB11
        if prev == .regionalIndicator && g == .regionalIndicator && riCount % 2 == 1 { return false }  // GB12/13
        return true  // GB999
    }

    /// Takes in a scalar of the same cluster.
    @inline(__always)
    mutating func append(_ p: ScalarProps) {
        let g = p.gcb
        riCount = g == .regionalIndicator ? riCount + 1 : 0
        if p.isExtendedPictographic {
            emoji = 1
        } else if emoji == 1 && g == .extend {
            emoji = 1
        } else if emoji == 1 && g == .zwj {
            emoji = 2
        } else {
            emoji = 0
        }
        switch p.incb {
        case 2: conjunct = 1
        case 1: conjunct = conjunct != 0 ? 2 : 0
        case 3: break
        default: conjunct = 0
        }
        prev = g
    }
}

/// Runs `body` on the UTF-8 bytes of `text` in place. A `String`'s are
/// borrowed through its UTF-8 span: reaching them through the UTF-8 view's
/// contiguous storage costs the caller an atomic retain and release of the
/// storage, a large part of a row's time on the thread that draws it.
@inline(__always)
func withUTF8Bytes<R>(_ text: String, _ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
    if #available(macOS 26, *) { return try text.utf8Span.span.withUnsafeBufferPointer(body) }
    return try withUTF8Bytes(text[...], body)
}

/// Runs `body` on the UTF-8 bytes of `text` without copying native strings.
@inline(__always)
func withUTF8Bytes<S: StringProtocol, R>(_ text: S, _ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
    if let r = try text.utf8.withContiguousStorageIfAvailable(body) { return r }
    let copy = Array(text.utf8)
    return try copy.withUnsafeBufferPointer(body)
}
