import CellarText

/// The display widths of a cell's labels (text, secondary text, image),
/// measured ahead on the thread that parsed the row (a document's
/// prefetch), so the table's thread, the busier one, lays the row out
/// without measuring them again (`BuiltinDirectLayout`).
///
/// A width is kept with the identity of the string measured (its 16 bytes:
/// inline text, or the storage's address), not the string: holding it would
/// cost a retain when measured and a release when dropped, on data the
/// other thread touches. A width is used only for a string of the same
/// identity, measured with the same ambiguous-width setting, and only while
/// `current`.
///
/// Invariant: while `current`, the strings measured are alive, held by the
/// configuration these widths sit beside (`ParsedRowData.content`,
/// `Cell.listConfiguration`), so no other string can take their address.
/// Any change to that configuration clears `current` (the cell's
/// `listConfiguration` observer); an exchange moves both together.
package struct MeasuredLabels: Sendable {
    /// A label of a list content configuration.
    package enum Label {
        case text, detail, image
    }

    /// A label's width, and whether plain lines take it as it is (see
    /// `DisplayWidth.ofClean(_:ambiguousWide:plain:)`).
    package struct Width {
        package var columns: Int
        package var plain: Bool

        package init(columns: Int, plain: Bool) {
            self.columns = columns
            self.plain = plain
        }

        /// The width of `s` when it needs no sanitising.
        @inline(__always)
        package init?(of s: String, ambiguousWide: Bool) {
            var plain = false
            guard let columns = DisplayWidth.ofClean(s, ambiguousWide: ambiguousWide, plain: &plain) else { return nil }
            self.columns = columns
            self.plain = plain
        }
    }

    /// What measuring a label ahead found.
    package enum Measure {
        /// It needs no sanitising: its width.
        case clean(Width)
        /// It holds a line break: the columns of its widest line (`TextLayout.naturalWidth`), as the layout
        /// measures text over lines.
        case overLines(columns: Int)
        /// One line that needs sanitising, left to the layout (it lays out the sanitised copy).
        case unclean

        /// `s` measured.
        package init(of s: String, ambiguousWide: Bool) {
            if let width = Width(of: s, ambiguousWide: ambiguousWide) {
                self = .clean(width)
            } else if Sanitizer.holdsLineBreak(s) {
                self = .overLines(columns: TextLayout.naturalWidth(s, ambiguousWide: ambiguousWide))
            } else {
                self = .unclean
            }
        }
    }

    /// A string's bits: equal for the same string value (same inline bytes,
    /// or the same storage), read without retaining it.
    fileprivate struct Identity: Equatable {
        private var low: UInt64
        private var high: UInt64

        @inline(__always)
        init(_ s: String) {
            (low, high) = unsafeBitCast(s, to: (UInt64, UInt64).self)
        }
    }

    private struct Measured {
        var identity: Identity
        var measure: Measure
    }

    /// The widths are of the labels the configuration beside them holds now.
    package var current = false
    private var ambiguousWide = false
    private var text: Measured?
    private var detail: Measured?
    private var image: Measured?

    /// Nothing measured.
    package init() {}

    /// Measures the labels (`Measure`) and makes the measures current: the strings must be those of the
    /// configuration stored beside this value. Takes the strings, not the configuration: copying that out
    /// of its box costs more than measuring.
    /// `known`: widths the row's reader found (narrow only).
    package mutating func measure(
        text: String?, detail: String?, image: String?, ambiguousWide: Bool, known: Known = Known()
    ) {
        self.ambiguousWide = ambiguousWide
        self.text = Self.measure(text, ambiguousWide, known)
        self.detail = Self.measure(detail, ambiguousWide, known)
        self.image = Self.measure(image, ambiguousWide, known)
        current = true
    }

    /// The widths `known` gives, and no other: a label without one is measured where it is laid out (it has no
    /// measure here). For a reader that measures nothing more (behind the table), so what it found is not lost.
    package mutating func take(_ known: Known, text: String?, detail: String?) {
        guard !known.isEmpty else { return }
        ambiguousWide = false
        self.text = text.flatMap { Self.measure(known: $0, known) }
        self.detail = detail.flatMap { Self.measure(known: $0, known) }
        image = nil
        current = true
    }

    @inline(__always)
    private static func measure(_ s: String?, _ ambiguousWide: Bool, _ known: Known) -> Measured? {
        guard let s else { return nil }
        if !ambiguousWide, let measured = measure(known: s, known) { return measured }
        return Measured(identity: Identity(s), measure: Measure(of: s, ambiguousWide: ambiguousWide))
    }

    /// `s`'s measure from `known` (narrow), if it has one.
    @inline(__always)
    private static func measure(known s: String, _ known: Known) -> Measured? {
        let identity = Identity(s)
        guard let columns = known.plainColumns(of: identity) else { return nil }
        return Measured(identity: identity, measure: .clean(Width(columns: columns, plain: true)))
    }

    /// The plain columns (`PlainLines.plainColumns`, narrow) of up to two strings, found by a document's reader
    /// in the pass that checked their UTF-8 as it made them: a label of the same identity is not measured again.
    package struct Known: Sendable {
        private var first: (identity: Identity, columns: Int)?
        private var second: (identity: Identity, columns: Int)?

        package init() {}

        var isEmpty: Bool { first == nil }

        /// `columns` are `s`'s plain columns; a third string noted is not kept.
        package mutating func note(_ s: String, plainColumns columns: Int) {
            if first == nil { first = (Identity(s), columns) } else if second == nil { second = (Identity(s), columns) }
        }

        /// The columns noted for `s`, if any.
        package func plainColumns(of s: String) -> Int? { plainColumns(of: Identity(s)) }

        fileprivate func plainColumns(of identity: Identity) -> Int? {
            if let first, first.identity == identity { return first.columns }
            if let second, second.identity == identity { return second.columns }
            return nil
        }
    }

    /// The measure taken for `label` when `s` is the string measured, with `ambiguousWide`, and the measures
    /// are current.
    @inline(__always)
    package func measure(_ label: Label, of s: String, ambiguousWide: Bool) -> Measure? {
        guard current, ambiguousWide == self.ambiguousWide else { return nil }
        let measured: Measured?
        switch label {
        case .text: measured = text
        case .detail: measured = detail
        case .image: measured = image
        }
        guard let measured, measured.identity == Identity(s) else { return nil }
        return measured.measure
    }

    /// `Measure(of: s, ambiguousWide:)` for `s` shown as `label` in `cell`: the measure taken ahead when `s` is
    /// the string measured, else taken now.
    @inline(__always)
    package static func measure(_ label: Label, of s: String, in cell: Cell, ambiguousWide: Bool) -> Measure {
        if let m = cell.measuredLabels.measure(label, of: s, ambiguousWide: ambiguousWide) { return m }
        return Measure(of: s, ambiguousWide: ambiguousWide)
    }
}
