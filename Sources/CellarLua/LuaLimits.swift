import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The budgets a runtime enforces on the Lua code it runs (the sandbox's
/// limits; the README's sandbox section lists them), and whether styles run
/// in debug mode (`checksHookTables`).
public struct LuaLimits: Sendable, Equatable {
    /// Wall time one outermost call may take before it is stopped.
    public var timeBudget: Duration = .seconds(1)
    /// Bytes the Lua heap may hold (checked while Lua code runs).
    public var memoryLimit: Int = 32 << 20
    /// Nesting depth of tables crossing the bridge.
    public var maxValueDepth: Int = 64
    /// Tables and values one value crossing from Lua to Swift may expand to
    /// (a table reached twice counts twice: that is what it becomes).
    public var maxValueNodes: Int = 100_000
    /// Bytes of strings (keys and values) one value crossing from Lua to
    /// Swift may expand to, counted like `maxValueNodes`.
    public var maxValueBytes: Int = 16 << 20
    /// Values (tables, keys and scalars) a row an event hook changes may hold:
    /// the row is kept in Swift, outside `memoryLimit`.
    public var maxRowNodes: Int = 10_000
    /// Bytes of text (keys and values) a row an event hook changes may hold.
    public var maxRowBytes: Int = 1 << 20
    /// Values that the rows event hooks changed may have grown by, together,
    /// in one process (all styles and engines).
    public var maxRetainedNodes: Int = 200_000
    /// Bytes of text that the rows event hooks changed may have grown by, together, in one process.
    public var maxRetainedBytes: Int = 32 << 20
    /// Estimated steps one library call may take: a pattern match
    /// (string.find/match/gmatch/gsub), string.rep, a table.* function
    /// walking elements, or load compiling a chunk. Above it the call is
    /// refused before it starts (C functions run where the time budget's
    /// hook cannot stop them).
    public var patternCostLimit: Double = 1e8
    /// Debug mode: hooks get guards of the tables Cellar lends them (row,
    /// config copy, ctx, state, event), which raise a located error when a
    /// style uses one after its call (see `HookTableGuard`). On by default
    /// when the environment has `CELLAR_DEBUG=1`.
    public var checksHookTables: Bool = LuaLimits.debugRequested

    /// `CELLAR_DEBUG=1` in the environment.
    /// Read with `getenv`: `ProcessInfo.environment` copies the whole environment into a dictionary.
    public static var debugRequested: Bool {
        guard let value = getenv("CELLAR_DEBUG") else { return false }
        return String(cString: value) == "1"
    }

    /// The most a Lua file's source may hold: a quarter of the heap, what one
    /// style may keep once loaded. Checked before the file is read, so a huge
    /// file is refused by its size instead of being read whole first.
    public var maxSourceBytes: Int { memoryLimit / 4 }

    /// `12 MB`, `512 KB`: how messages give a number of bytes.
    public static func describe(bytes n: Int) -> String { n >= 1 << 20 ? "\(n >> 20) MB" : "\(n >> 10) KB" }

    /// The default budgets.
    public init() {}
    /// Budgets with any limit changed; the rest keep their defaults.
    public init(
        timeBudget: Duration = .seconds(1), memoryLimit: Int = 32 << 20,
        maxValueDepth: Int = 64, patternCostLimit: Double = 1e8,
        maxValueNodes: Int = 100_000, maxValueBytes: Int = 16 << 20
    ) {
        self.timeBudget = timeBudget
        self.memoryLimit = memoryLimit
        self.maxValueDepth = maxValueDepth
        self.patternCostLimit = patternCostLimit
        self.maxValueNodes = maxValueNodes
        self.maxValueBytes = maxValueBytes
    }
}
