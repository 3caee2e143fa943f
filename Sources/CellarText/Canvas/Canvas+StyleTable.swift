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
    mutating func styleID(_ style: TextStyle) -> UInt32 {
        // Styles are compared as one integer each: a row alternates between
        // a few (text, detail, accessory), found by a short scan, no hashing.
        // The last two styles are remembered: a row's labels alternate between
        // two. Inlined into each caller; only the table lookup is a call.
        let key = style.packed
        if key == lastStyleKey { return lastStyleID }
        let id = key == previousStyleKey ? previousStyleID : lookupStyleID(key, style)
        previousStyleKey = lastStyleKey
        previousStyleID = lastStyleID
        lastStyleKey = key
        lastStyleID = id
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
