import Cellar

/// What a Lua cell's memo depends on, as numbers compared in one `==`:
/// each memo is a (key, value) pair, valid while its key equals the one
/// the cell computes now.
///
/// `configuration` is the cell's generation (bumped whenever its Lua table
/// may have changed); `state` is the number `LuaStateNumbers` gave the cell
/// state. The layout fields are those of the `LayoutContext` (zero for memos
/// that do not depend on layout). Nothing here copies a `CellState`: a key
/// holding one retained its dictionary on every row.
struct LuaMemoKey: Equatable {
    var configuration: Int
    var state: Int
    var width = 0
    var tableStyle = TableStyle.plain
    var marginTop = 0, marginLeading = 0, marginBottom = 0, marginTrailing = 0
    var ambiguousWide = false
    var section = -1, row = -1, rowsInSection = 0
    var appearance = Appearance.light

    /// Matches no key a cell computes (generations count up from 0).
    static let none = LuaMemoKey(configuration: -1, state: -1)

    init(configuration: Int, state: Int) {
        self.configuration = configuration
        self.state = state
    }

    init(configuration: Int, state: Int, context: LayoutContext) {
        self.configuration = configuration
        self.state = state
        width = context.width
        tableStyle = context.tableStyle
        marginTop = context.layoutMargins.top
        marginLeading = context.layoutMargins.leading
        marginBottom = context.layoutMargins.bottom
        marginTrailing = context.layoutMargins.trailing
        ambiguousWide = context.ambiguousWide
        section = context.section
        row = context.row
        rowsInSection = context.rowsInSection
        appearance = context.appearance
    }
}

/// Numbers cell states for memo keys without keeping copies per memo: the
/// normal state is 0, and each state that differs from the last one seen
/// gets the next number. A number therefore names one state, so equal
/// numbers mean equal states (a state seen again after another gets a new
/// number: a memo miss, never a wrong hit).
struct LuaStateNumbers {
    private var last = CellState()
    private var lastNumber = 0

    /// The number of `state`; the common normal state is checked in place, without a copy.
    mutating func number(of state: CellState) -> Int {
        if state.isNormal { return 0 }
        if state != last {
            last = state
            lastNumber &+= 1
        }
        return lastNumber
    }
}
