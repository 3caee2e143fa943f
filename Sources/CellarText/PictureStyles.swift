/// How a style looks in a picture (SVG, HTML): concrete colours from a
/// theme, with inverse already applied, and the CSS class that draws its
/// text. Classes are numbered per document in order of first use, so
/// a streamed render (many canvases, each with its own style ids) shares one
/// style sheet.
struct PictureLook {
    /// 0 for text in the document's default look (no class attribute).
    var classIndex: Int
    /// The cell background, nil where the page shows through.
    var background: UInt32?
    /// The text colour: box drawing strokes with it.
    var foreground: UInt32
    /// A blank in this look still draws something (a line through or under it).
    var decoratesBlanks: Bool
}

final class PictureStyles {
    let theme: Theme
    private var looks: [TextStyle: PictureLook] = [:]
    private struct ClassKey: Hashable {
        var foreground: UInt32
        var attributes: UInt8
    }
    private var classIndex: [ClassKey: Int] = [:]
    /// CSS rules of the classes in use, in class order (index 0 unused).
    private(set) var rules: [String] = [""]

    init(theme: Theme) { self.theme = theme }

    /// Looks for every style id of `canvas`.
    func looks(for canvas: Canvas) -> [PictureLook] { canvas.styles.map(look(for:)) }

    func look(for style: TextStyle) -> PictureLook {
        if let known = looks[style] { return known }
        var fg = theme.rgb(style.foreground, background: false)
        var bg = theme.rgb(style.background, background: true)
        if style.attributes.contains(.inverse) {
            if case .semantic(let name) = style.background, let own = theme.selection[name] {
                bg = own
            } else {
                (fg, bg) = (bg ?? theme.background, fg ?? theme.foreground)
            }
        }
        let textAttributes = style.attributes.intersection([.bold, .dim, .italic, .underline, .strikethrough])
        let foreground = fg ?? theme.foreground
        var index = 0
        if fg != nil || !textAttributes.isEmpty {
            let key = ClassKey(foreground: foreground, attributes: textAttributes.rawValue)
            if let known = classIndex[key] {
                index = known
            } else {
                index = rules.count
                classIndex[key] = index
                rules.append(Self.rule(index: index, foreground: fg, attributes: textAttributes))
            }
        }
        let look = PictureLook(
            classIndex: index, background: bg, foreground: foreground,
            decoratesBlanks: !textAttributes.isDisjoint(with: [.underline, .strikethrough]))
        looks[style] = look
        return look
    }

    static func rule(index: Int, foreground: UInt32?, attributes: TextAttributes) -> String {
        var parts: [String] = []
        if let foreground { parts.append("fill:" + Theme.hex(foreground)) }
        if attributes.contains(.bold) { parts.append("font-weight:bold") }
        if attributes.contains(.italic) { parts.append("font-style:italic") }
        if attributes.contains(.dim) { parts.append("fill-opacity:.6") }
        var lines: [String] = []
        if attributes.contains(.underline) { lines.append("underline") }
        if attributes.contains(.strikethrough) { lines.append("line-through") }
        if !lines.isEmpty { parts.append("text-decoration:" + lines.joined(separator: " ")) }
        return ".s\(index){" + parts.joined(separator: ";") + "}"
    }
}
