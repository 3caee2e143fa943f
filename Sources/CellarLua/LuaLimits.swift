/// The budgets a runtime enforces on the Lua code it runs (the sandbox's
/// limits; the README's sandbox section lists them).
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
    /// Estimated steps one library call may take: a pattern match
    /// (string.find/match/gmatch/gsub), string.rep, a table.* function
    /// walking elements, or load compiling a chunk. Above it the call is
    /// refused before it starts (C functions run where the time budget's
    /// hook cannot stop them).
    public var patternCostLimit: Double = 1e8

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
