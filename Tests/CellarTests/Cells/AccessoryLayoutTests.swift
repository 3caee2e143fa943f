import Testing

@testable import Cellar

/// How an accessory is held: in one word, which rows and cells move often,
/// and a custom view's box at its plain address, which a leak checker
/// (LeakSanitizer) follows from a style loaded for the whole run.
@Suite struct AccessoryLayoutTests {
    @Test func anAccessoryIsOneWord() {
        #expect(MemoryLayout<Accessory>.size == MemoryLayout<UInt>.size)
    }

    @Test func aCustomViewsBoxIsStoredAtItsAddress() {
        let accessory = Accessory.text("done")
        let word = withUnsafeBytes(of: accessory) { $0.load(as: UInt.self) }
        // A user-space address on the 64-bit targets: its top 16 bits clear, no case tag there.
        #expect(word != 0 && word >> 48 == 0, "\(String(word, radix: 16))")
    }
}
