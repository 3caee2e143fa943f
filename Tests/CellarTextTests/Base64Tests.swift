import Foundation
import Testing

@testable import CellarText

/// The decoder of the generated Unicode tables against Foundation's, on
/// bytes of every length up to a few blocks, wrapped as the
/// generator wraps its lines (newlines and `=` padding skipped).
@Suite struct Base64Tests {
    @Test func decodesWhatFoundationEncodes() {
        for length in 0..<300 {
            // Every byte value, in an order that moves with the length.
            let bytes = (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 151 &+ length &* 7) }
            let text = Data(bytes).base64EncodedString(options: [.lineLength64Characters, .endLineWithLineFeed])
            #expect(Base64.decode(text) == bytes, "\(length) bytes: \(text)")
        }
    }
}
