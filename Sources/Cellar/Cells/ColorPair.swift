import CellarText

/// A colour per appearance as styles and documents write it:
/// `{light = "#rrggbb", dark = "#rrggbb"}` (UIKit's dynamic colour, made
/// with a light and a dark variant). It becomes `Color.dynamic`, which the
/// canvas resolves for the table's `appearance` (`--theme`). A plain
/// `#rrggbb` stays as given in both appearances; semantic colours already
/// follow the theme.
public enum ColorPair {
    /// The pair's keys, both required.
    public static let keys = ["light", "dark"]
    /// How a pair is written, for messages.
    public static let form = "{light = \"#rrggbb\", dark = \"#rrggbb\"}"

    /// 0xRRGGBB of `#rrggbb` (exactly six hex digits), nil otherwise.
    public static func hex(_ s: String) -> UInt32? {
        // Checked before any copy: most colours are names.
        guard s.utf8.count == 7, s.utf8.first == UInt8(ascii: "#") else { return nil }
        var v: UInt32 = 0
        for c in s.utf8.dropFirst() {
            let d: UInt8
            switch c {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): d = c - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): d = c - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): d = c - UInt8(ascii: "A") + 10
            default: return nil
            }
            v = v << 4 | UInt32(d)
        }
        return v
    }

    /// The `.dynamic` colour of a pair's fields, or the message saying what
    /// is wrong (the caller names the field holding the pair): a key other
    /// than `light`/`dark` (with "did you mean"), a side missing, or a side
    /// that is not `#rrggbb`.
    public static func color(_ fields: [String: Value]) -> Result<Color, PairError> {
        for k in fields.keys.sorted() where !keys.contains(k) {
            return .failure(PairError(message: Suggest.unknown("key", k, among: keys) + " (a colour pair is \(form))"))
        }
        var sides: [UInt32] = []
        for k in keys {
            guard let v = fields[k] else {
                return .failure(PairError(message: "'\(k)' is missing: a colour pair is \(form)"))
            }
            guard case .string(let s) = v, let rgb = hex(s) else {
                let got = v.stringValue.map { "'\(Sanitizer.excerpt($0))'" } ?? "a table"
                return .failure(PairError(message: "'\(k)' must be \"#rrggbb\", got \(got)"))
            }
            sides.append(rgb)
        }
        return .success(.dynamic(light: sides[0], dark: sides[1]))
    }

    /// Why a pair was refused, whole (the caller adds the location).
    public struct PairError: Error, Sendable {
        /// The whole message, without a location.
        public var message: String
    }
}
