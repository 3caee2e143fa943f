import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Strings of row data pushed lately, by the address of their Lua copy. A
/// style mostly hands row text straight to a label, so reading it back finds
/// the Swift string it came from instead of decoding and allocating it
/// again.
///
/// Invariant: `string(at:count:)` answers exactly what decoding the bytes at
/// the address would (PushedStringCacheTests checks it against decoding). An
/// entry counts only if the bytes at the address still equal its string:
/// Lua may have freed that string and reused the memory for another.
@usableFromInline struct PushedStringCache {
    @usableFromInline struct Entry {
        var address: UnsafeRawPointer?
        var string: String
    }
    @usableFromInline var ring = RecentRing(Entry(address: nil, string: ""))

    init() {}

    /// Remembers that `string` was pushed as the Lua string at `address`.
    mutating func remember(_ string: String, at address: UnsafeRawPointer?) {
        _ = ring.put(Entry(address: address, string: string))
    }

    /// The remembered string whose bytes are the `count` bytes at `p`, if any.
    @usableFromInline func string(at p: UnsafeRawPointer, count: Int) -> String? {
        for i in 0..<ring.capacity where ring[i].address == p {
            var s = ring[i].string
            let same = s.withUTF8 { buf in
                buf.count == count && (count == 0 || buf.baseAddress.map { memcmp($0, p, count) == 0 } == true)
            }
            if same { return s }
        }
        return nil
    }

    func release() { ring.release() }
}
