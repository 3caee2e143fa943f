// cellar-bench: release-mode benchmarks. `cellar-bench core …` runs the
// table-core set (CoreBench.swift); other groups add a case here.
import Cellar

let arguments = Array(CommandLine.arguments.dropFirst())
do {
    switch arguments.first {
    case "core": try CoreBench.run(Array(arguments.dropFirst()))
    default:
        print("usage: cellar-bench core [full|viewport|scroll|all] [--rows N]")
    }
} catch {
    print("cellar-bench: \(error)")
}
