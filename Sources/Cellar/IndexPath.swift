// A row's place is Foundation's `IndexPath`, as in UIKit, so an app that
// imports Foundation beside Cellar names one type. FoundationEssentials is
// the part of Foundation that declares it, without the rest of Foundation.
@_exported import struct FoundationEssentials.IndexPath

// UIKit's table accessors (UIKit adds them to Foundation's type; Linux has no UIKit).
// A table's index path always has two indexes, section then row: every
// path Cellar makes comes from the initialisers below.
extension IndexPath {
    /// Creates an index path, as UIKit's IndexPath(row:section:).
    @inlinable public init(row: Int, section: Int) {
        self.init(section, row)
    }

    /// Creates an index path from a section and a row, in that order, as golden cases write `[s, r]`.
    @inlinable public init(_ section: Int, _ row: Int) {
        // Appending to a one-index path makes a two-index one without an array.
        self.init(index: section)
        append(row)
    }

    /// The section's position in the table, from 0.
    @inlinable public var section: Int {
        get { self[0] }
        set { self[0] = newValue }
    }

    /// The row's position in its section, from 0.
    @inlinable public var row: Int {
        get { self[1] }
        set { self[1] = newValue }
    }
}
