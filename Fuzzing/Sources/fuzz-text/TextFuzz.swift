import CellarText
import FuzzSupport

/// The text engine: width, wrapping, truncation, alignment, sanitising and
/// canvas drawing, with the invariants every caller relies on checked on
/// each input. The first bytes choose the parameters; the rest is the text.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzText(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    withFuzzBytes(data, size) { raw in
        var input = FuzzInput(raw)
        let p = TextParameters(&input)
        let text = String(decoding: input.rest(), as: UTF8.self)
        checkWidthAndSanitising(text, p)
        checkLayout(text, p)
        checkCanvas(text, p)
        checkPlainLines(text, p)
    }
}

struct TextParameters {
    var width: Int, lines: Int, wide: Bool
    var mode: LineBreakMode, alignment: TextAlignment, transform: TextTransform
    var x: Int, y: Int, maxWidth: Int, canvasWidth: Int, canvasHeight: Int
    var style: TextStyle, ellipsis: Bool

    init(_ input: inout FuzzInput) {
        width = input.int(in: -2...120)
        lines = input.int(in: 0...6)
        wide = input.bool()
        mode = input.pick(LineBreakMode.allCases)
        alignment = input.pick(TextAlignment.allCases)
        transform = input.pick(TextTransform.allCases)
        x = input.bool() ? input.anyInt() : input.int(in: -4...100)
        y = input.int(in: -2...10)
        maxWidth = input.bool() ? input.anyInt() : input.int(in: 0...100)
        canvasWidth = input.int(in: 0...100)
        canvasHeight = input.int(in: 0...8)
        style = TextStyle(
            attributes: TextAttributes(rawValue: input.byte()),
            foreground: Self.color(&input), background: Self.color(&input))
        ellipsis = input.bool()
    }

    static func color(_ input: inout FuzzInput) -> Color {
        switch input.byte() % 4 {
        case 0: return .default
        case 1: return .semantic(input.pick(SemanticColor.allCases))
        case 2: return .palette(input.byte())
        default: return .rgb(input.byte(), input.byte(), input.byte())
        }
    }
}

private func checkWidthAndSanitising(_ text: String, _ p: TextParameters) {
    let clean = Sanitizer.sanitize(text)
    invariant(Sanitizer.isClean(clean), "sanitize left unclean text")
    invariant(Sanitizer.sanitize(clean) == clean, "sanitize is not idempotent")
    invariant(noControls(Array(clean.utf8)), "sanitize left a control character")
    let width = DisplayWidth.of(text, ambiguousWide: p.wide)
    invariant(width >= 0, "negative width")
    if let cleanWidth = DisplayWidth.ofClean(text, ambiguousWide: p.wide) {
        invariant(Sanitizer.isClean(text), "ofClean measured unclean text")
        invariant(cleanWidth == width, "ofClean \(cleanWidth) != of \(width)")
    }
    _ = p.transform.apply(text)
}

private func checkLayout(_ text: String, _ p: TextParameters) {
    let lines = TextLayout.lines(text, width: p.width, numberOfLines: p.lines, mode: p.mode, ambiguousWide: p.wide)
    if p.lines > 0 { invariant(lines.count <= p.lines, "\(lines.count) lines for numberOfLines \(p.lines)") }
    for line in lines {
        // A cluster wider than the whole line stands alone on its line, with
        // at most zero-width clusters beside it (the canvas clips it).
        let visible = line.lazy.filter { DisplayWidth.of($0, ambiguousWide: p.wide) > 0 }.count
        invariant(
            DisplayWidth.of(line, ambiguousWide: p.wide) <= p.width || visible == 1,
            "a wrapped line is wider than \(p.width): \(String(reflecting: line)) of \(String(reflecting: text)), mode \(p.mode)"
        )
        invariant(Sanitizer.isClean(line), "a wrapped line is not sanitised")
    }
    let cut = TextLayout.truncate(text, width: p.width, mode: p.mode, ambiguousWide: p.wide)
    invariant(DisplayWidth.of(cut, ambiguousWide: p.wide) <= max(0, p.width), "truncate is wider than \(p.width)")
    let padded = TextLayout.pad(text, width: p.width, alignment: p.alignment, ambiguousWide: p.wide)
    invariant(
        DisplayWidth.of(padded, ambiguousWide: p.wide) <= max(0, p.width)
            || !Sanitizer.isClean(text),
        "pad is wider than \(p.width): \(padded.debugDescription) of \(text.debugDescription), \(p.alignment), wide \(p.wide)"
    )
}

private func checkCanvas(_ text: String, _ p: TextParameters) {
    var canvas = Canvas(width: p.canvasWidth, height: p.canvasHeight, ambiguousWide: p.wide)
    let used = canvas.draw(text, x: p.x, y: p.y, maxWidth: p.maxWidth, style: p.style, ellipsis: p.ellipsis)
    // Columns count from x, so text starting left of the canvas may report more than it shows.
    invariant(
        used >= 0 && (p.x < 0 || used <= max(0, p.canvasWidth - p.x)),
        "draw used \(used) columns from \(p.x) of \(p.canvasWidth)")
    _ = canvas.drawIfClean(text, x: p.y, y: p.y, maxWidth: p.maxWidth, style: p.style)
    if let first = text.first {
        canvas.fill(x: p.x, y: p.y, width: p.maxWidth, height: 2, character: first, style: p.style)
    }
    canvas.overlay(
        x: p.y, y: 0, width: p.maxWidth, height: p.canvasHeight, attributes: p.style.attributes,
        background: p.style.background)
    for y in 0..<canvas.height {
        invariant(DisplayWidth.of(canvas.line(y), ambiguousWide: p.wide) <= p.canvasWidth, "canvas line \(y) overflows")
    }
    _ = written(canvas) { ANSIWriter(sink: $0) }
    invariant(noControls(written(canvas) { PlainWriter(sink: $0) }), "plain output carries a control character")
}

/// What a writer made over a memory sink writes for `canvas`.
private func written(_ canvas: Canvas, by writer: (ByteSink) -> CanvasWriter) -> [UInt8] {
    let sink = MemorySink()
    do { try writer(sink).write(canvas) } catch { fatalError("a memory sink failed: \(error)") }
    return sink.bytes
}

/// Clean text measured plain goes into a plain line as the bytes the plain
/// writer writes for it drawn in cells; text not measured plain is refused.
private func checkPlainLines(_ text: String, _ p: TextParameters) {
    var plain = false
    guard let columns = DisplayWidth.ofClean(text, ambiguousWide: false, plain: &plain) else { return }
    let x = abs(p.y) % 8
    var cells = Canvas(width: x + columns + 2, height: 1)
    cells.draw(clean: text, x: x, y: 0)
    cells.draw(clean: "›", x: x + columns + 1, y: 0)
    var lines = Canvas(width: x + columns + 2, height: 1)
    lines.takesPlainLines = true
    let took = lines.drawPlainLines(at: 0, count: 1) { out in
        guard out.put(text, x: x, columns: columns, knownPlain: plain),
            out.put("›", x: x + columns + 1, columns: 1)
        else { return false }
        out.endLine()
        return true
    }
    invariant(took == plain, "plain lines took \(took) text measured plain \(plain): \(text.debugDescription)")
    invariant(
        !took || written(lines, by: { PlainWriter(sink: $0) }) == written(cells, by: { PlainWriter(sink: $0) }),
        "a plain line differs from its cells: \(text.debugDescription)")
}

/// No C0 control but newline, no DEL, no C1 control (UTF-8 C2 80…C2 9F).
private func noControls(_ bytes: [UInt8]) -> Bool {
    var previous: UInt8 = 0
    for b in bytes {
        if (b < 0x20 && b != 0x0A) || b == 0x7F { return false }
        if previous == 0xC2 && (0x80...0x9F).contains(b) { return false }
        previous = b
    }
    return true
}
