import Cellar

/// The options of one `cellar-bench` subcommand: `--name N` counts (positive
/// whole numbers), bare `--flags`, and words (e.g. `core full`). Anything
/// else is refused with the subcommand's usage.
struct BenchOptions {
    private(set) var counts: [String: Int] = [:]
    private(set) var flags: Set<String> = []
    private(set) var words: [String] = []

    init(
        _ args: [String], counts countNames: [String], flags flagNames: [String] = [], words: [String] = [],
        usage: String
    ) throws {
        var i = 0
        while i < args.count {
            let arg = args[i]
            if countNames.contains(arg) {
                guard i + 1 < args.count, let n = Int(args[i + 1]), n > 0 else {
                    throw CellarError("\(arg) needs a positive number (\(usage))")
                }
                counts[arg] = n
                i += 2
                continue
            }
            if flagNames.contains(arg) {
                flags.insert(arg)
            } else if words.contains(arg) {
                self.words.append(arg)
            } else {
                throw CellarError("unknown option '\(arg)' (\(usage))")
            }
            i += 1
        }
    }

    func count(_ name: String, default value: Int) -> Int { counts[name] ?? value }
}

/// Runs one subcommand's body: its error printed with the subcommand's name, exit status 1.
func runBench(_ name: String, _ body: () throws -> Void) -> Int32 {
    do {
        try body()
        return 0
    } catch {
        print("cellar-bench \(name): \(error)")
        return 1
    }
}
