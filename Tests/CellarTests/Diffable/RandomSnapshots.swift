import CellarTestSupport

@testable import Cellar

typealias IntSnap = DiffableDataSourceSnapshot<Int, Int>

/// Random snapshot mutations of every kind, drawn from a seeded generator so
/// a failure reproduces. Identifiers come from small pools (sections 0..<12,
/// items 100..<160), so mutations often hit identifiers already there, go
/// unknown, or repeat: the errors are drawn as often as the changes.
struct RandomSnapshots {
    var generator: SeededGenerator

    init(seed: UInt64) { generator = SeededGenerator(seed: seed) }

    mutating func int(_ range: Range<Int>) -> Int { Int.random(in: range, using: &generator) }
    mutating func section() -> Int { int(0..<12) }
    mutating func item() -> Int { int(100..<160) }
    mutating func items() -> [Int] { (0..<int(1..<5)).map { _ in item() } }
    mutating func sections() -> [Int] { (0..<int(1..<3)).map { _ in section() } }
    mutating func maybeSection() -> Int? { int(0..<4) == 0 ? nil : section() }

    /// One random mutation; returns its name, and whether it threw.
    mutating func mutate(_ s: inout IntSnap) -> (name: String, threw: Bool) {
        let kind = int(0..<17)
        do {
            switch kind {
            case 0: try s.appendSections(sections())
            case 1: try s.insertSections(sections(), beforeSection: section())
            case 2: try s.insertSections(sections(), afterSection: section())
            case 3: s.deleteSections(sections())
            case 4: try s.moveSection(section(), beforeSection: section())
            case 5: try s.moveSection(section(), afterSection: section())
            case 6: try s.reloadSections(sections())
            case 7, 8: try s.appendItems(items(), toSection: maybeSection())
            case 9: try s.insertItems(items(), beforeItem: item())
            case 10: try s.insertItems(items(), afterItem: item())
            case 11: s.deleteItems(items())
            case 12: try s.moveItem(item(), beforeItem: item())
            case 13: try s.moveItem(item(), afterItem: item())
            case 14: try s.reloadItems(items())
            case 15: try s.reconfigureItems(items())
            default:
                // Rare: start again from nothing.
                if int(0..<6) == 0 { s.deleteAllItems() }
            }
            return ("\(kind)", false)
        } catch {
            return ("\(kind)", true)
        }
    }

    /// A snapshot `steps` random mutations away from `start`.
    mutating func next(from start: IntSnap, steps: Int) -> IntSnap {
        var s = start
        for _ in 0..<steps { _ = mutate(&s) }
        return s
    }
}
