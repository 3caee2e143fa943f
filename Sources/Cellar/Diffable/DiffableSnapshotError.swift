import CellarText

/// The errors a snapshot's mutations throw where UIKit traps, worded as
/// UIKit's exception reasons (on one line: a set of identifiers reads
/// `{(a, b)}` where UIKit prints one per line). Identifiers are shown as
/// `String(describing:)` gives them, sanitised (an app's identifiers may be
/// text it read: an escape sequence in one shows as `␛[…`, it does not act);
/// `CellarError` bounds the message.
enum DiffableSnapshotError {
    /// How many duplicates a message names before it counts the rest.
    static let namedLimit = 8

    static func duplicateItems<T>(_ duplicates: [T]) -> CellarError {
        CellarError(
            "Fatal: supplied item identifiers are not unique. Duplicate identifiers: \(list(duplicates))")
    }

    static func duplicateSections<T>(_ duplicates: [T]) -> CellarError {
        CellarError(
            "Fatal: supplied section identifiers are not unique. Duplicate identifiers: \(list(duplicates))")
    }

    static let noSections = CellarError(
        "There are currently no sections in the data source. Please add a section first.")

    static func sectionNotFound<T>(_ identifier: T) -> CellarError {
        CellarError(
            "Section identifier was not found in the snapshot: \(name(identifier)). You can verify the section exists by calling indexOfSection(_:) (which has O(1) performance)."
        )
    }

    static func itemNotFound<T>(_ identifier: T) -> CellarError {
        CellarError(
            "Item identifier was not found in the snapshot: \(name(identifier)). You can verify the item exists by calling indexOfItem(_:) (which has O(1) performance)."
        )
    }

    /// `verb` is "reload" or "reconfigure".
    static func markedItemMissing<T>(_ identifier: T, verb: String) -> CellarError {
        CellarError("Attempted to \(verb) item identifier that does not exist in the snapshot: \(name(identifier))")
    }

    static func markedSectionMissing<T>(_ identifier: T) -> CellarError {
        CellarError("Attempted to reload section identifier that does not exist in the snapshot: \(name(identifier))")
    }

    static func itemMoveOntoItself<T>(_ identifier: T) -> CellarError {
        CellarError("Invalid update: destination for item move is the same as the source [\(name(identifier))].")
    }

    static func sectionMoveOntoItself<T>(_ identifier: T) -> CellarError {
        CellarError("Invalid update: destination for section move is the same as the source [\(name(identifier))].")
    }

    static func itemDestinationInserted<T>(_ identifier: T) -> CellarError {
        CellarError(
            "Invalid update: destination for insertion operation [\(name(identifier))] is in the insertion identifier list."
        )
    }

    static func sectionDestinationInserted<T>(_ identifier: T) -> CellarError {
        CellarError(
            "Invalid update: destination for section operation [\(name(identifier))] is in the inserted section list.")
    }

    static func name<T>(_ identifier: T) -> String {
        Sanitizer.sanitize(Sanitizer.bounded(String(describing: identifier)))
    }

    /// `{(a, b)}`, naming at most `namedLimit` and counting the rest.
    static func list<T>(_ identifiers: [T]) -> String {
        var names = identifiers.prefix(namedLimit).map { name($0) }
        if identifiers.count > namedLimit { names.append("… and \(identifiers.count - namedLimit) more") }
        return "{(" + names.joined(separator: ", ") + ")}"
    }

    /// The identifiers `identifiers` holds more than once, each once, in
    /// the order their second occurrence comes; empty when all are unique.
    static func duplicates<T: Hashable>(in identifiers: [T]) -> [T] {
        var seen = Set<T>()
        var reported = Set<T>()
        var found: [T] = []
        seen.reserveCapacity(identifiers.count)
        for id in identifiers where !seen.insert(id).inserted && reported.insert(id).inserted { found.append(id) }
        return found
    }
}
