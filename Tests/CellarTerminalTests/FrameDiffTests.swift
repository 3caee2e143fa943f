import Testing

@testable import CellarTerminal

/// A screen that understands what `Frame.diff` writes: CUP, erase to end of
/// line (after an SGR reset), erase below, clear, and printable ASCII.
private struct ScreenModel {
    var lines: [String]

    mutating func apply(_ bytes: [UInt8]) {
        var y = 0
        var x = 0
        var i = 0
        while i < bytes.count {
            if bytes[i] == 0x1B, i + 1 < bytes.count, bytes[i + 1] == UInt8(ascii: "[") {
                var j = i + 2
                while j < bytes.count, !(0x40...0x7E).contains(bytes[j]) { j += 1 }
                let params = String(decoding: bytes[(i + 2)..<j], as: UTF8.self)
                switch bytes[j] {
                case UInt8(ascii: "H"):
                    y = (Int(params.split(separator: ";").first ?? "1") ?? 1) - 1
                    x = 0
                case UInt8(ascii: "K"): line(y) { $0 = String($0.prefix(x)) }
                case UInt8(ascii: "S"), UInt8(ascii: "T"):
                    let k = Int(params) ?? 1
                    let up = bytes[j] == UInt8(ascii: "S")
                    let n = lines.count
                    lines = (0..<n).map { y in
                        let from = up ? y + k : y - k
                        return from >= 0 && from < n ? lines[from] : ""
                    }
                case UInt8(ascii: "J"):
                    if params == "2" { lines = lines.map { _ in "" } } else { lines = Array(lines.prefix(y)) }
                default: break  // SGR, private modes
                }
                i = j + 1
            } else {
                let c = Character(Unicode.Scalar(bytes[i]))
                line(y) { s in
                    let padded = s + String(repeating: " ", count: max(0, x - s.count))
                    s = String(padded.prefix(x)) + String(c) + String(padded.dropFirst(x + 1))
                }
                x += 1
                i += 1
            }
        }
    }

    private mutating func line(_ y: Int, _ change: (inout String) -> Void) {
        while lines.count <= y { lines.append("") }
        change(&lines[y])
    }
}

@Suite struct FrameDiffTests {
    private func frame(_ lines: [String]) -> Frame { Frame(lines: lines.map { Array($0.utf8) }) }

    @Test func applyingTheDiffToTheOldScreenGivesTheNewOne() {
        var rng = SystemRandomNumberGenerator()
        let words = ["", "a", "row 1", "row 2 longer", "x y z", "the quick brown fox"]
        for _ in 0..<500 {
            let old = (0..<Int.random(in: 0...8, using: &rng)).map { _ in words.randomElement(using: &rng) ?? "" }
            let new = (0..<Int.random(in: 0...8, using: &rng)).map { _ in words.randomElement(using: &rng) ?? "" }
            var screen = ScreenModel(lines: old)
            screen.apply(frame(new).diff(from: frame(old)))
            let got = Array(screen.lines.prefix(new.count))
            #expect(got == new, "old \(old) new \(new)")
            #expect(screen.lines.dropFirst(new.count).allSatisfy { $0.isEmpty })
        }
    }

    @Test func scrolledScreensToo() {
        var rng = SystemRandomNumberGenerator()
        for _ in 0..<500 {
            let n = Int.random(in: 3...20, using: &rng)
            let old = (0..<n).map { "line \($0)" }
            let k = Int.random(in: -n...n, using: &rng)
            var new = (0..<n).map { "line \($0 + k)" }
            // A few lines change besides (a status line, a focus mark).
            for _ in 0..<Int.random(in: 0...3, using: &rng) { new[Int.random(in: 0..<n, using: &rng)] = "changed" }
            var screen = ScreenModel(lines: old)
            screen.apply(frame(new).diff(from: frame(old)))
            #expect(screen.lines == new, "old \(old) new \(new)")
        }
    }

    @Test func aOneLineScrollWritesOnlyTheLineThatCameIn() {
        let old = frame((0..<40).map { "row \($0)" })
        let new = frame((1..<41).map { "row \($0)" })
        let bytes = String(decoding: new.diff(from: old), as: UTF8.self)
        #expect(bytes.contains("\u{1B}[1S"))
        #expect(bytes.contains("row 40") && !bytes.contains("row 39"))
        #expect(bytes.utf8.count < new.diff(from: nil).count / 10)
    }

    @Test func onlyChangedLinesAreWritten() {
        let old = frame(["one", "two", "three"])
        let new = frame(["one", "TWO", "three"])
        let bytes = String(decoding: new.diff(from: old), as: UTF8.self)
        #expect(bytes.contains("TWO"))
        #expect(!bytes.contains("one") && !bytes.contains("three"))
        #expect(bytes.hasPrefix("\u{1B}[?2026h") && bytes.hasSuffix("\u{1B}[?2026l"))
    }

    @Test func sameFrameWritesNothing() {
        #expect(frame(["a", "b"]).diff(from: frame(["a", "b"])).isEmpty)
    }

    @Test func unknownScreenIsClearedAndDrawnWhole() {
        var screen = ScreenModel(lines: ["junk", "junk", "junk"])
        screen.apply(frame(["a", "b"]).diff(from: nil))
        #expect(screen.lines.prefix(2) == ["a", "b"])
        #expect(screen.lines.dropFirst(2).allSatisfy { $0.isEmpty })
    }
}
