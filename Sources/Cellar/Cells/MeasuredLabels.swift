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

        /// The width of `s` when it needs no sanitising.
        @inline(__always)
        package init?(of s: String, ambiguousWide: Bool) {
            var plain = false
            guard let columns = DisplayWidth.ofClean(s, ambiguousWide: ambiguousWide, plain: &plain) else { return nil }
            self.columns = columns
            self.plain = plain
        }
    }

    /// A string's bits: equal for the same string value (same inline bytes,
    /// or the same storage), read without retaining it.
    private struct Identity: Equatable {
        private var low: UInt64
        private var high: UInt64

        @inline(__always)
        init(_ s: String) {
            (low, high) = unsafeBitCast(s, to: (UInt64, UInt64).self)
        }
    }

    private struct Measured {
        var identity: Identity
        var width: Width
    }

    /// The widths are of the labels the configuration beside them holds now.
    package var current = false
    private var ambiguousWide = false
    private var text: Measured?
    private var detail: Measured?
    private var image: Measured?

    /// Nothing measured.
    package init() {}

    /// Measures the labels that need no sanitising, as `DisplayWidth.ofClean`
    /// does (the others are left to the layout), and makes the widths
    /// current: the strings must be those of the configuration stored beside
    /// this value. Takes the strings, not the configuration: copying that out
    /// of its box costs more than measuring.
    package mutating func measure(text: String?, detail: String?, image: String?, ambiguousWide: Bool) {
        self.ambiguousWide = ambiguousWide
        self.text = Self.measure(text, ambiguousWide)
        self.detail = Self.measure(detail, ambiguousWide)
        self.image = Self.measure(image, ambiguousWide)
        current = true
    }

    @inline(__always)
    private static func measure(_ s: String?, _ ambiguousWide: Bool) -> Measured? {
        guard let s, let width = Width(of: s, ambiguousWide: ambiguousWide) else { return nil }
        return Measured(identity: Identity(s), width: width)
    }

    /// The width measured for `label` when `s` is the string measured, with
    /// `ambiguousWide`, and the widths are current.
    @inline(__always)
    package func width(_ label: Label, of s: String, ambiguousWide: Bool) -> Width? {
        guard current, ambiguousWide == self.ambiguousWide else { return nil }
        let measured: Measured?
        switch label {
        case .text: measured = text
        case .detail: measured = detail
        case .image: measured = image
        }
        guard let measured, measured.identity == Identity(s) else { return nil }
        return measured.width
    }

    /// `Width(of: s, ambiguousWide:)` for `s` shown as `label` in `cell`:
    /// the width measured ahead when `s` is the string measured, else measured now.
    @inline(__always)
    package static func cleanWidth(_ label: Label, of s: String, in cell: Cell, ambiguousWide: Bool) -> Width? {
        if let w = cell.measuredLabels.width(label, of: s, ambiguousWide: ambiguousWide) { return w }
        return Width(of: s, ambiguousWide: ambiguousWide)
    }
}
