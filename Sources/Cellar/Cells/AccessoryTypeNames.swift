import CellarText

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Accessory types read from their names without `init(rawValue:)`'s
/// search through every name (a string comparison each): a document's
/// decoder reads a row's `accessory` from its bytes as the type
/// (`RowDataFields.set(_:toTypeNamed:)`), no string made per row (the longer
/// names do not fit a small string and would be allocated).
///
/// Invariant: every type's name has a length no other name has, so the
/// length picks the one candidate and a single comparison decides;
/// `named(_:)` and `named(utf8:)` answer as `init(rawValue:)` for every
/// string (`AccessoryTypeNamesTests`). With the accelerators off
/// (`CELLAR_ACCELERATORS=off`) rows take `init(rawValue:)` and their own
/// strings, and the differential CLI test compares the two.
extension AccessoryType {
    /// Each type's name, made once, in `allCases` order.
    package static let names: [String] = allCases.map(\.rawValue)

    /// The type `name` names, or nil (as `init(rawValue:)`).
    package static func named(_ name: String) -> AccessoryType? {
        guard Accelerators.enabled else { return AccessoryType(rawValue: name) }
        guard let t = candidate(length: name.utf8.count) else { return nil }
        return name == names[t.index] ? t : nil
    }

    /// The type whose name is the UTF-8 `bytes`; nil when none is.
    package static func named(utf8 bytes: UnsafeBufferPointer<UInt8>) -> AccessoryType? {
        guard let t = candidate(length: bytes.count), let base = bytes.baseAddress else { return nil }
        // memcmp: the generic comparison of buffers is not specialised here.
        return memcmp(t.name.utf8Start, base, bytes.count) == 0 ? t : nil
    }

    /// The one type whose name has `length` bytes.
    private static func candidate(length: Int) -> AccessoryType? {
        switch length {
        case 4: AccessoryType.none
        case 19: .disclosureIndicator
        case 9: .checkmark
        case 12: .detailButton
        case 22: .detailDisclosureButton
        default: nil
        }
    }

    /// The type's name as a static string: compared without making a `String`.
    private var name: StaticString {
        switch self {
        case .none: "none"
        case .disclosureIndicator: "disclosureIndicator"
        case .checkmark: "checkmark"
        case .detailButton: "detailButton"
        case .detailDisclosureButton: "detailDisclosureButton"
        }
    }

    /// The type's position in `allCases` (and `names`).
    var index: Int {
        switch self {
        case .none: 0
        case .disclosureIndicator: 1
        case .checkmark: 2
        case .detailButton: 3
        case .detailDisclosureButton: 4
        }
    }
}
