import FoundationEssentials

/// The last few entries of something pushed often, in a fixed block (not an
/// array: no uniqueness checks on the hot path). Freed by its owner.
///
/// Invariant: all `capacity` slots are always initialised (with the empty
/// entry until overwritten); `next` is the oldest slot, the one `put`
/// replaces.
@usableFromInline struct RecentRing<Entry> {
    @usableFromInline let slots: UnsafeMutablePointer<Entry>
    @usableFromInline var next = 0
    /// A power of two, so the next slot is found with a mask.
    @usableFromInline static var capacity: Int { 8 }
    @usableFromInline var capacity: Int { Self.capacity }

    init(_ empty: Entry) {
        slots = .allocate(capacity: Self.capacity)
        slots.initialize(repeating: empty, count: Self.capacity)
    }

    @usableFromInline subscript(i: Int) -> Entry {
        get { slots[i] }
        nonmutating set { slots[i] = newValue }
    }

    /// Stores `entry` over the oldest one, which it returns.
    mutating func put(_ entry: Entry) -> Entry {
        let old = (slots + next).move()
        (slots + next).initialize(to: entry)
        next = (next + 1) & (capacity - 1)
        return old
    }

    func release() {
        slots.deinitialize(count: capacity)
        slots.deallocate()
    }
}
