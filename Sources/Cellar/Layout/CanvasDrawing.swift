import CellarText

extension Canvas {
    /// Draws text at (x, y) clipped to the canvas's right edge.
    @inline(__always)
    mutating func text(_ s: String, x: Int, y: Int, style: TextStyle) {
        draw(s, x: x, y: y, maxWidth: Swift.max(0, width - x), style: style)
    }
}
