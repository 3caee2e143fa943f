/// Display width in terminal columns, from the generated Unicode tables
/// (see `unicodeVersion`).
///
/// Intentional differences from `wcwidth.wcswidth` (0.7.0), checked by the
/// differential test:
/// - Control characters (C0, C1, DEL) count 0 here, where wcswidth gives -1
///   for the whole string: they never reach the screen raw, `Sanitizer`
///   turns them into visible pictures, which are measured instead.
/// - A ZWJ that is not followed by a pictograph ends its cluster; wcswidth
///   hides the next character anyway, the terminal shows it, so we count it.
/// - wcswidth's virama/conjunct context can reach across a grapheme
///   boundary; ours stays inside one cluster.
public enum DisplayWidth {
    /// The Unicode version the width tables were generated from.
    public static var unicodeVersion: String { UnicodeTables.unicodeVersion }

    /// Columns taken by a whole string, summing its grapheme clusters.
    /// Inlinable so callers get a specialised copy: generic dispatch would
    /// cost more than measuring a short string.
    @inlinable
    public static func of(_ text: some StringProtocol, ambiguousWide: Bool = false) -> Int {
        if let w = text.utf8.withContiguousStorageIfAvailable({ of(utf8: $0, ambiguousWide: ambiguousWide) }) {
            return w
        }
        return Array(text.utf8).withUnsafeBufferPointer { of(utf8: $0, ambiguousWide: ambiguousWide) }
    }

    /// Columns taken by `text` when it needs no sanitising, nil when
    /// `Sanitizer` would rewrite it. Printable ASCII, the common case, is
    /// checked and counted in one pass (every byte is one column).
    public static func ofClean(_ text: String, ambiguousWide: Bool = false) -> Int? {
        var plain = false
        return ofClean(text, ambiguousWide: ambiguousWide, plain: &plain)
    }

    /// `ofClean`, and whether plain lines take the text as it is
    /// (`PlainLines.plainColumns` found its width, which is then the width):
    /// one pass for both, on the thread that measures a row's labels ahead.
    public static func ofClean(_ text: String, ambiguousWide: Bool, plain: inout Bool) -> Int? {
        withUTF8Bytes(text) { p in
            plain = true
            // Narrow, plain columns pass printable ASCII as that test does, and go on past it.
            if ambiguousWide {
                if isPrintableASCII(p) { return p.count }
            } else if let columns = PlainLines.plainColumns(p) {
                return columns
            }
            plain = false
            return Sanitizer.isClean(utf8: p) ? of(utf8: p, ambiguousWide: ambiguousWide) : nil
        }
    }

    /// Whether every byte is printable ASCII (0x20...0x7E), eight at a time;
    /// a tail shorter than eight is the last eight bytes, overlapping.
    static func isPrintableASCII(_ p: UnsafeBufferPointer<UInt8>) -> Bool {
        let n = p.count
        guard let base = p.baseAddress, n >= 8 else {
            for b in p where b &- 0x20 >= 0x5F { return false }
            return true
        }
        var i = 0
        while i &+ 8 <= n {
            if SWAR.nonPrintableASCII(SWAR.load(base + i)) != 0 { return false }
            i &+= 8
        }
        return i == n || SWAR.nonPrintableASCII(SWAR.load(base + (n &- 8))) == 0
    }

    /// Columns taken by `text`, by the full rules alone, never a
    /// `WidthMachine`: what the machine is held to (`WidthMachineTests`).
    package static func ofConstant(_ text: String, ambiguousWide: Bool = false) -> Int {
        withUTF8Bytes(text) { p in
            p.baseAddress.map { ofAnyLength($0, count: p.count, ambiguousWide: ambiguousWide) } ?? 0
        }
    }

    /// Columns taken by one grapheme cluster.
    public static func of(_ cluster: Character, ambiguousWide: Bool = false) -> Int {
        if let a = cluster.asciiValue { return (a >= 0x20 && a != 0x7F) ? 1 : 0 }
        var s = String(cluster)
        return s.withUTF8 { of(utf8: $0, ambiguousWide: ambiguousWide) }
    }

    /// Columns taken by UTF-8 bytes. Short texts (4...63 bytes) go through
    /// `WidthMachine`, without a branch on the kind of cluster, once the
    /// process has measured enough of them (`WidthMachineUse`); longer ones,
    /// and those it leaves to the full rules, through `ofAnyLength`.
    public static func of(utf8 p: UnsafeBufferPointer<UInt8>, ambiguousWide: Bool = false) -> Int {
        let n = p.count
        guard let base = p.baseAddress else { return 0 }
        // 4...63 bytes: the state machine, if it handles all of the text.
        if UInt(bitPattern: n &- 4) < 60, WidthMachineUse.now() {
            let table = propertyTable
            if let machine = ambiguousWide ? wideWidthMachine : narrowWidthMachine,
                let w = ofShort(base, count: n, machine: machine, table: table)
            {
                return w
            }
        }
        return ofAnyLength(base, count: n, ambiguousWide: ambiguousWide)
    }

    /// Columns taken by UTF-8 bytes, for any text: printable ASCII counted
    /// eight bytes at a time, the grapheme scanner only around non-ASCII bytes.
    static func ofAnyLength(_ base: UnsafePointer<UInt8>, count n: Int, ambiguousWide: Bool) -> Int {
        let p = UnsafeBufferPointer(start: base, count: n)
        var total = 0
        var i = 0
        var asciiCounted = false  // was p[i-1] counted by the ASCII loop?
        // The last measured base, carried across cluster boundaries as `GraphemeScanner` carries it (a VS16
        // after a zero-width cluster still widens it), and where the ASCII counted since the last run starts.
        var carried: ScalarProps? = nil
        var asciiFrom = 0
        while i < n {
            // Eight printable ASCII bytes at once.
            while i + 8 <= n {
                let w = SWAR.load(base + i)
                if SWAR.nonPrintableASCII(w) != 0 { break }
                total += 8
                i += 8
                asciiCounted = true
            }
            // Up to 8 ASCII bytes: the word that stopped the loop above, or
            // the last 8 bytes shifted so byte `i` comes first. Counted
            // without a loop whose length depends on the text (its exit was
            // a mispredicted branch per string); a text under 8 bytes goes
            // one by one.
            if n >= 8 {
                let word: UInt64
                let avail: Int
                if i &+ 8 <= n {
                    word = SWAR.load(base + i)
                    avail = 8
                } else {
                    avail = n &- i
                    word = SWAR.load(base + n - 8) >> UInt64(8 &* (8 &- avail))
                }
                let ascii = SWAR.asciiPrefixLength(word, available: avail)
                total &+= SWAR.printableASCIICount(word, bytes: ascii)
                i &+= ascii
                asciiCounted = asciiCounted || ascii != 0
            } else {
                while i < n && p[i] < 0x80 {
                    total &+= (p[i] &- 0x20) < 0x5F ? 1 : 0  // 0x20...0x7E
                    i += 1
                    asciiCounted = true
                }
            }
            if i == n { break }
            if p[i] < 0x80 { continue }
            // A non-ASCII scalar may extend the cluster of the ASCII
            // character before it (a combining accent, a spacing mark):
            // then measure that cluster again from its start.
            let table = propertyTable  // one lazy-global check per run, not per scalar
            var (cp, length) = decodeScalar(p, i)
            var props = table.lookup(cp)
            if asciiCounted && i > 0 && props.joinsPrevious {
                let prev = p[i - 1]
                if prev >= 0x20 && prev != 0x7F { total -= 1 }
                i -= 1
                (cp, length) = (UInt32(prev), 1)
                props = table.lookup(cp)
            }
            asciiCounted = false
            // After ASCII counted since the last run, its last byte is the base carried, or none (a control).
            if i > asciiFrom { carried = p[i &- 1] &- 0x20 < 0x5F ? table.lookup(UInt32(p[i &- 1])) : nil }
            // The run starts from the scalar decoded here (not decoded twice).
            i = nonASCIIRun(
                p, from: i, first: (cp, length, props), table: table, total: &total, carried: &carried,
                ambiguousWide: ambiguousWide)
            asciiFrom = i
        }
        return total
    }

    /// If a cluster certainly ends at `position` (end of text, ASCII, or a
    /// scalar that joins nothing before it), that position and the decoded
    /// non-ASCII scalar there; nil when the cluster might go on.
    @inline(__always)
    static func boundaryAfterPair(_ p: UnsafeBufferPointer<UInt8>, _ position: Int, _ table: PropertyTable)
        -> (position: Int, scalar: (UInt32, Int, ScalarProps)?)?
    {
        if position == p.count || p[position] < 0x80 { return (position, nil) }
        let (scalar, length) = decodeScalar(p, position)
        let props = table.lookup(scalar)
        return props.joinsPrevious ? nil : (position, (scalar, length, props))
    }

    /// Width of a two-scalar cluster, by the one set of cluster rules.
    @inline(__always)
    static func pairWidth(
        _ a: UInt32, _ pa: ScalarProps, _ b: UInt32, _ pb: ScalarProps,
        carried: inout ScalarProps?, ambiguousWide: Bool
    ) -> Int {
        var width = ClusterWidth(ambiguousWide: ambiguousWide)
        width.measured = carried
        width.lastMeasured = carried
        width.feed(a, pa)
        width.feed(b, pb)
        carried = width.measured
        return width.finish()
    }

    /// Width of a base of `w` > 0 columns and one mark (Extend or
    /// SpacingMark, not ZWJ): what `ClusterWidth` gives for that pair, in
    /// straight-line code for the common pairs (VS16, skin tone, accent).
    @inline(__always)
    static func baseAndMarkWidth(
        _ w: Int, _ base: ScalarProps, _ mark: UInt32, _ markProps: ScalarProps,
        carried: inout ScalarProps?, ambiguousWide: Bool
    ) -> Int {
        if mark == 0xFE0F {
            carried = nil
            return base.widensWithVS16 ? w + 1 : w
        }
        if mark &- 0x1F3FB < 5 && (base.isExtendedPictographic || base.gcb == .regionalIndicator) {
            carried = base  // a skin tone on an emoji adds nothing
            return w
        }
        let markWidth = markProps.columns(ambiguousWide: ambiguousWide)
        if markWidth > 0 {
            carried = markProps
            return w + markWidth
        }
        if markProps.isSpacingMark {
            carried = nil
            return w + 1
        }
        carried = base
        return w
    }

    /// The end of an emoji ZWJ sequence (👩‍🔬, families): pictographs that
    /// are simple bases joined by single ZWJs (GB11), then a boundary; nil
    /// (nothing consumed) for any other shape. Its width is the first
    /// pictograph's: `ClusterWidth` lets each ZWJ hide the pictograph after it.
    @inline(__always)
    static func emojiZWJSequenceEnd(_ p: UnsafeBufferPointer<UInt8>, zwj: Int, table: PropertyTable)
        -> (position: Int, scalar: (UInt32, Int, ScalarProps)?)?
    {
        let n = p.count
        var j = zwj  // a ZWJ (3 bytes), within the buffer
        while true {
            let k = j &+ 3
            guard k < n && p[k] >= 0x80 else { return nil }
            let (c, cl) = decodeScalar(p, k)
            let pc = table.lookup(c)
            guard pc.isExtendedPictographic && pc.isSimpleBase else { return nil }
            let after = k &+ cl
            if after == n || p[after] < 0x80 { return (after, nil) }
            let (d, dl) = decodeScalar(p, after)
            if d == 0x200D {
                j = after
                continue
            }
            let pd = table.lookup(d)
            guard !pd.joinsPrevious else { return nil }
            return (after, (d, dl, pd))
        }
    }

    /// Measures clusters from `i` (a cluster start) until the next ASCII
    /// byte that starts a cluster. A simple base
    /// (most CJK, Hangul syllables, emoji) that the next scalar does not
    /// join is counted straight from the table; each scalar is decoded once.
    ///
    /// One function on purpose (over 80 lines): it runs for every label on
    /// every row, and its loop state stays in registers only while the whole
    /// loop is one inlined body; the differential width tests cover it.
    @inline(__always)
    static func nonASCIIRun(
        _ p: UnsafeBufferPointer<UInt8>, from start: Int,
        first: (scalar: UInt32, length: Int, props: ScalarProps), table: PropertyTable,
        total: inout Int, carried: inout ScalarProps?, ambiguousWide: Bool
    ) -> Int {
        let n = p.count
        var i = start
        var (cp, length, props) = first
        while true {
            if props.isSimpleBase {
                let next = i &+ length  // within the buffer: no overflow check
                let w = props.columns(ambiguousWide: ambiguousWide)
                if next == n || p[next] < 0x80 {
                    total += w
                    carried = w > 0 ? props : nil
                    return next
                }
                let (nextScalar, nextLength) = decodeScalar(p, next)
                let nextProps = table.lookup(nextScalar)
                if !nextProps.joinsPrevious {
                    total += w
                    carried = w > 0 ? props : nil
                    i = next
                    cp = nextScalar
                    length = nextLength
                    props = nextProps
                    continue
                }
                // Base + one mark (VS16, skin tone, accent, spacing mark)
                // and then a boundary: measured by the same ClusterWidth
                // without running the segmentation state machine.
                let g = nextProps.gcb
                if (g == .extend || g == .spacingMark) && nextProps.incb != 1,
                    let end = boundaryAfterPair(p, next &+ nextLength, table)
                {
                    total +=
                        w > 0
                        ? baseAndMarkWidth(
                            w, props, nextScalar, nextProps, carried: &carried, ambiguousWide: ambiguousWide)
                        : pairWidth(cp, props, nextScalar, nextProps, carried: &carried, ambiguousWide: ambiguousWide)
                    i = end.position
                    guard let after = end.scalar else { return i }
                    (cp, length, props) = after
                    continue
                }
                if nextScalar == 0x200D && props.isExtendedPictographic && w > 0,
                    let end = emojiZWJSequenceEnd(p, zwj: next, table: table)
                {
                    total += w
                    carried = props
                    i = end.position
                    guard let after = end.scalar else { return i }
                    (cp, length, props) = after
                    continue
                }
            } else if props.gcb == .regionalIndicator {
                // A flag: two regional indicators, then a boundary.
                let next = i &+ length
                if next < n && p[next] >= 0x80 {
                    let (nextScalar, nextLength) = decodeScalar(p, next)
                    let nextProps = table.lookup(nextScalar)
                    if nextProps.gcb == .regionalIndicator, let end = boundaryAfterPair(p, next &+ nextLength, table) {
                        total += pairWidth(
                            cp, props, nextScalar, nextProps, carried: &carried, ambiguousWide: ambiguousWide)
                        i = end.position
                        guard let after = end.scalar else { return i }
                        (cp, length, props) = after
                        continue
                    }
                }
            }
            var scanner = GraphemeScanner(p, from: i, ambiguousWide: ambiguousWide, table: table)
            scanner.carried = carried
            total += scanner.scanCluster(from: i, first: cp, length: length, props: props).width
            i = scanner.position
            carried = scanner.carried
            if i == n || p[i] < 0x80 { return i }
            if let next = scanner.lookahead {
                (cp, length, props) = next
            } else {
                (cp, length) = decodeScalar(p, i)
                props = table.lookup(cp)
            }
        }
    }
}
