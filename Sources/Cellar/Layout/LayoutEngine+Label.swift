import CellarText

/// The label, the common leaf: its lines at a width, counted or made, and
/// drawn.
extension LayoutEngine {
    /// Draws a label into the rectangle, clipped to it. A label with a
    /// background colours its whole frame, as a UILabel's backgroundColor
    /// does: every column it is given, on each of its lines, or on every
    /// line of the rectangle when it `fills` it (a `.fill` horizontal stack).
    /// `lines`: the label's `labelLines` at `width`, when the caller has them.
    func draw(
        _ label: Label, into canvas: inout Canvas, x: Int, y: Int, width: Int, height: Int, fills: Bool = false,
        lines laidOut: [String]? = nil
    ) {
        guard width > 0, height > 0 else { return }
        if label.style.background != .default {
            let lines = fills ? height : min(height, laidOut?.count ?? labelLineCount(label, width: width))
            canvas.fill(x: x, y: y, width: width, height: lines, style: label.style)
        }
        if let laidOut {
            draw(laidOut, of: label, into: &canvas, x: x, y: y, width: width, height: height)
            return
        }
        // The commonest label: leading, untransformed, of at most `width`
        // bytes, so it fits if clean (see `fittingLine`); checked and drawn
        // in one pass over its bytes.
        if label.alignment == .leading, label.transform == .none, !label.text.isEmpty,
            label.text.utf8.count <= width,
            canvas.drawIfClean(label.text, x: x, y: y, maxWidth: width, style: label.style) != nil
        {
            return
        }
        if let (text, w) = fittingLine(label, width: width, exactWidth: label.alignment != .leading) {
            // The common case: one clean line that fits, drawn as
            // `TextLayout.align` would place it, without a line array.
            let lead: Int
            switch label.alignment {
            case .leading: lead = 0
            case .center: lead = (width - w) / 2
            case .trailing: lead = width - w
            }
            canvas.draw(clean: text, x: x + lead, y: y, maxWidth: width - lead, style: label.style)
            return
        }
        draw(labelLines(label, width: width), of: label, into: &canvas, x: x, y: y, width: width, height: height)
    }

    /// Draws a label's `lines`, aligned, as many as `height` holds. They are
    /// `TextLayout.lines`' (`labelLines`), so clean.
    private func draw(
        _ lines: [String], of label: Label, into canvas: inout Canvas, x: Int, y: Int, width: Int, height: Int
    ) {
        for (i, line) in lines.prefix(height).enumerated() {
            let (lead, text) = TextLayout.align(
                line, width: width, alignment: label.alignment,
                ambiguousWide: ambiguousWide)
            canvas.draw(clean: text, x: x + lead, y: y + i, maxWidth: width - lead, style: label.style)
        }
    }

    func naturalWidth(_ label: Label) -> Int {
        if case .fixed(let n) = label.width { return n }
        let text = label.transform == .none ? label.text : label.transform.apply(label.text)
        return TextLayout.naturalWidth(text, ambiguousWide: ambiguousWide)
    }

    /// How many lines `labelLines` gives, without making them when it can:
    /// non-empty text on a one-line label is always one line (a cut line
    /// included), and a clean line that fits is itself.
    /// Inlined: the callers read the label in place from a stack's array,
    /// and passing it to a call copies it. Its checks are `overLines`'s,
    /// written out: through `overLines`, the optimiser copies the label.
    @inline(__always)
    func labelLineCount(_ label: Label, width: Int) -> Int {
        if label.text.isEmpty || width <= 0 { return 0 }
        if label.numberOfLines == 1 || fittingLine(label, width: width, exactWidth: false) != nil { return 1 }
        return TextLayout.lineCount(
            label.transform.apply(label.text), width: width, numberOfLines: label.numberOfLines,
            mode: label.lineBreakMode, ambiguousWide: ambiguousWide)
    }

    /// Whether the label may take more than one line at `width`: it may
    /// wrap, and is not one clean line that fits.
    @inline(__always)
    func overLines(_ label: Label, width: Int) -> Bool {
        label.numberOfLines != 1 && !label.text.isEmpty && width > 0
            && fittingLine(label, width: width, exactWidth: false) == nil
    }

    /// The label's text and its width when it is one clean line of at most
    /// `width` columns — then `labelLines` is exactly `[text]` — else nil.
    /// Clean text is never wider than its UTF-8 bytes (no character takes
    /// more columns than bytes, ambiguous-wide ones included: they take at
    /// least two bytes), so a short text fits without measuring
    /// (`TextLayout.fits`); its width is only measured for `exactWidth` (else 0).
    @inline(__always)
    func fittingLine(_ label: Label, width: Int, exactWidth: Bool = true) -> (String, Int)? {
        if label.text.isEmpty || width <= 0 { return nil }
        let text = label.transform == .none ? label.text : label.transform.apply(label.text)
        guard Sanitizer.isClean(text) else { return nil }
        if !exactWidth {
            return TextLayout.fits(text, width: width, ambiguousWide: ambiguousWide) ? (text, 0) : nil
        }
        let w = DisplayWidth.of(text, ambiguousWide: ambiguousWide)
        return w <= width ? (text, w) : nil
    }

    /// The lines a label shows at a width, after transform, wrapping and truncation.
    func labelLines(_ label: Label, width: Int) -> [String] {
        if label.text.isEmpty || width <= 0 { return [] }
        return TextLayout.lines(
            label.transform.apply(label.text), width: width,
            numberOfLines: label.numberOfLines, mode: label.lineBreakMode, ambiguousWide: ambiguousWide)
    }
}
