extension Canvas {
    /// The style id a cell is shown in: an index into `styleTable`, 0 for
    /// `.plain` and outside the canvas. The right half of a wide character
    /// reports its left half's style, as writers draw the character once in
    /// its first cell's style. For writers that mark styles (golden tests);
    /// the render paths read the storage directly.
    public func styleID(x: Int, y: Int) -> Int {
        guard x >= 0, y >= 0, x < width, y < height else { return 0 }
        var lead = y * width + x
        let rowStart = y * width
        while lead > rowStart && storage[lead] & Self.contentMask == Self.continuation { lead -= 1 }
        return Int(storage[lead] >> Self.styleShift)
    }

    /// Style id -> style for `styleID(x:y:)`; ids hold until the next `reset`.
    public var styleTable: [TextStyle] { styles }

    /// The style id for `style`, adding it to the table. When a canvas holds
    /// more than 1024 distinct styles the extra ones draw as plain.
    @inline(__always)
    mutating func styleID(_ given: TextStyle) -> UInt32 {
        let style = given.resolved(dark: dark)
        // Styles are compared as one integer each. A row cycles through a
        // few (image, text, detail, separator): the last four are compared
        // in line, no call; only a style not among them is looked up.
        let key = style.packed
        if let id = recentStyles.id(of: key) { return id }
        let id = lookupStyleID(key, style)
        recentStyles.remember(key, id)
        return id
    }

    /// Styles looked up by comparison before the dictionary is asked.
    static let scannedStyles = 8

    mutating func lookupStyleID(_ key: UInt64, _ style: TextStyle) -> UInt32 {
        for id in 0..<min(styleKeys.count, Self.scannedStyles) where styleKeys[id] == key { return UInt32(id) }
        if styleKeys.count > Self.scannedStyles, let id = styleIDs[key] { return id }
        guard styles.count < Self.maxStyles else { return 0 }
        let id = UInt32(styles.count)
        styles.append(style)
        styleKeys.append(key)
        if id >= Self.scannedStyles { styleIDs[key] = id }
        return id
    }
}

/// The last four styles a canvas looked up (`TextStyle.packed`) and their
/// ids, replaced in turn; all `.plain` (id 0) after a reset.
struct RecentStyles {
    private var keys: (UInt64, UInt64, UInt64, UInt64)
    private var ids: (UInt32, UInt32, UInt32, UInt32) = (0, 0, 0, 0)
    private var next = 0

    init() {
        let plain = TextStyle.plain.packed
        keys = (plain, plain, plain, plain)
    }

    @inline(__always)
    func id(of key: UInt64) -> UInt32? {
        if key == keys.0 { return ids.0 }
        if key == keys.1 { return ids.1 }
        if key == keys.2 { return ids.2 }
        if key == keys.3 { return ids.3 }
        return nil
    }

    @inline(__always)
    mutating func remember(_ key: UInt64, _ id: UInt32) {
        switch next {
        case 0: (keys.0, ids.0) = (key, id)
        case 1: (keys.1, ids.1) = (key, id)
        case 2: (keys.2, ids.2) = (key, id)
        default: (keys.3, ids.3) = (key, id)
        }
        next = (next + 1) & 3
    }
}
