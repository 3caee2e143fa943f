import CellarText

/// The display widths of a cell's labels (text, secondary text, image),
/// measured ahead on the thread that parsed the row (a document's
/// prefetch), so the table's thread, the busier one, lays the row out
/// without measuring them again (`BuiltinDirectLayout`).
///
/// A width is used only for an equal string measured with the same
/// ambiguous-width setting, so an entry left from another row, or a label a
/// style changed since, is never wrong: it is measured again. The
/// comparison is cheap for the string measured: it is the same string, and
/// equal storage compares equal at once.
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

    private var ambiguousWide = false
    private var text: String?
    private var textWidth: Width?
    private var detail: String?
    private var detailWidth: Width?
    private var image: String?
    private var imageWidth: Width?

    /// Nothing measured.
    package init() {}

    /// Measures the labels that need no sanitising, as `DisplayWidth.ofClean`
    /// does (the others are left to the layout). Takes the strings, not the
    /// configuration: copying that out of its box costs more than measuring.
    package mutating func measure(text: String?, detail: String?, image: String?, ambiguousWide: Bool) {
        self.ambiguousWide = ambiguousWide
        self.text = nil
        self.detail = nil
        self.image = nil
        if let text, let w = Width(of: text, ambiguousWide: ambiguousWide) {
            self.text = text
            textWidth = w
        }
        if let detail, let w = Width(of: detail, ambiguousWide: ambiguousWide) {
            self.detail = detail
            detailWidth = w
        }
        if let image, let w = Width(of: image, ambiguousWide: ambiguousWide) {
            self.image = image
            imageWidth = w
        }
    }

    /// The string measured for `label` with `ambiguousWide`, and its width
    /// (nil when none was). One field is read, not the whole value: reading
    /// this value out of a cell for a call that measures would copy every
    /// string in it (a retain and a release each).
    @inline(__always)
    package func measured(_ label: Label, ambiguousWide: Bool) -> (text: String, width: Width)? {
        guard ambiguousWide == self.ambiguousWide else { return nil }
        switch label {
        case .text: if let text, let textWidth { return (text, textWidth) }
        case .detail: if let detail, let detailWidth { return (detail, detailWidth) }
        case .image: if let image, let imageWidth { return (image, imageWidth) }
        }
        return nil
    }

    /// `Width(of: s, ambiguousWide:)` for `s` shown as `label` in `cell`:
    /// the width measured ahead when `s` is the string measured, else measured now.
    @inline(__always)
    package static func cleanWidth(_ label: Label, of s: String, in cell: Cell, ambiguousWide: Bool) -> Width? {
        if let m = cell.measuredLabels.measured(label, ambiguousWide: ambiguousWide), m.text == s { return m.width }
        return Width(of: s, ambiguousWide: ambiguousWide)
    }
}
