#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The one switch for every fast path. Each accelerator (a second thread, the
/// load index, the built-in direct layout, the width state machine, a row's
/// fields read straight from its bytes, the quick row check, …) has a plain
/// twin that gives the same bytes and the same errors; with
/// `CELLAR_ACCELERATORS=off` in the environment every one takes its twin, so
/// any run (a test, a golden case, a fuzz input, a benchmark) doubles as a
/// differential test of the two.
///
/// The documents' accelerators can also be turned off one at a time, to
/// measure what each buys (`Scripts/bench cli --without NAME`):
/// `CELLAR_ACCELERATORS=-prefetch,-load-index`. A name it does not know is
/// passed over.
///
/// Read once per process, at each accelerator's decision point, never per
/// byte or scalar. It is for tests and measurements, not a user option.
public enum Accelerators {
    /// The environment variable that turns every accelerator off (`off`), or some (`-name,…`).
    public static let variable = "CELLAR_ACCELERATORS"

    /// The accelerators that can be turned off alone: the documents', the second core, the quick exit
    /// and the style manifest.
    public enum Name: String, CaseIterable, Sendable {
        /// Every second thread (`WorkerThread.hasSecondCore`), as on a machine with one processor.
        case secondCore = "second-core"
        /// Rows decoded ahead on a second thread while the table draws (`RowPrefetch`).
        case prefetch
        /// What a load's check found, kept for the next load of the same file (`LoadIndexCache`).
        case loadIndex = "load-index"
        /// A common row checked from its bytes (`QuickRowCheck`), and key sets settling a table at once.
        case quickCheck = "quick-check"
        /// A long file's later rows checked on a second thread.
        case twoPartCheck = "two-part-check"
        /// Scans eight bytes at a time (`WordScanner`), and what the built-in row reader
        /// does when they are on: an accessory taken by its name's bytes, nested values met again.
        case words
        /// Nested values met again taken as read before (`RecentValues`, `RecentCellRowKeys`).
        case recentValues = "recent-values"
        /// A row's keys found by the gaps the rows before left (`RowShape`).
        case rowShapes = "row-shapes"
        /// YAML's common block subset read without libfyaml (`YAMLBlockScanner`).
        case yamlScanner = "yaml-scanner"
        /// A YAML text's events read on a second thread (`YAMLEventsAhead`).
        case yamlAhead = "yaml-ahead"
        /// A render's process ends once its output is written, its memory left to the kernel
        /// whole instead of freed object by object (`cellar render`).
        case quickExit = "quick-exit"
        /// A table's Lua styles loaded from their files alone, found by the manifest of
        /// which file defines which identifier (`StyleManifest`), not every style file.
        case styleManifest = "style-manifest"
    }

    /// What a value of the variable says: whether any accelerator runs, and those turned off alone.
    static func setting(_ value: String?) -> (enabled: Bool, off: Set<Name>) {
        guard let value else { return (true, []) }
        if value == "off" { return (false, []) }
        let names = value.split(separator: ",").filter { $0.first == "-" }.map { String($0.dropFirst()) }
        return (true, Set(names.compactMap(Name.init(rawValue:))))
    }

    private static let read = setting(getenv(variable).map { String(cString: $0) })

    /// False when `CELLAR_ACCELERATORS` is `off`.
    public static let enabled: Bool = read.enabled

    /// Whether accelerator `name` runs: none is turned off, nor it alone. A
    /// set look-up: its users keep the answer.
    public static func enabled(_ name: Name) -> Bool { read.enabled && !read.off.contains(name) }
}
