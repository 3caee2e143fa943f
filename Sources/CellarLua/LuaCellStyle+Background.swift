import Cellar

/// The cell's look beyond its content: the `background(config, state)`
/// hook (UIKit's background configuration, updated for the state) and the
/// cell fields `indentation` and `alpha`.
extension LuaCellStyle {
    /// The keys of the table `background` returns, as a document's
    /// `background` row key has them (snake_case, as every Lua name).
    static let backgroundKeys = ["color", "selected_color", "highlighted_color"]

    /// Runs `background(config, state)` once per configuration and state and
    /// sets its answer on the cell: a table of `backgroundKeys` to colours,
    /// or nil for no background. It runs after the data source has set the
    /// cell up, as UIKit's updateConfiguration(using:) does, so a style with
    /// this hook decides its rows' background.
    func resolveBackground(_ cell: Cell, _ s: LuaCellStorage, _ state: CellState) throws {
        guard let f = hook.background else { return }
        let key = s.key(state)
        if s.backgroundKey != key {
            s.background = try callConfigHook(f, "background", s, state: state, row: s.indexPath) {
                try backgroundValue(at: -1, $1)
            }
            s.backgroundKey = key
        }
        cell.backgroundConfiguration = s.background
    }

    /// The hook's answer: nil, or a table of `backgroundKeys` to colours (a
    /// semantic name, `default`, a palette index 0–255 or `#rrggbb`).
    private func backgroundValue(at index: Int32, _ s: LuaCellStorage) throws -> BackgroundConfiguration? {
        let rt = engine.runtime
        switch rt.type(at: index) {
        case .nil: return nil
        case .table:
            let value: Value
            do { value = try rt.value(at: index) } catch { throw failure(error, "background", s.indexPath) }
            do {
                return try BackgroundConfiguration.parse(value, key: "background", names: Self.backgroundKeys)
            } catch let e as RowDataError {
                throw shape("background", s, e.pathAndMessage)
            }
        default:
            throw shape(
                "background", s,
                "expected a table {color = …, selected_color = …, highlighted_color = …} or nil; got a \(typeName(index))"
            )
        }
    }

    /// `cell.indentation` (a whole number) and `cell.alpha` (0 to 1; below 1
    /// the row is drawn dimmed) from the cell table at `t`. The cell table
    /// lives on across reuse: a style that sets `alpha` resets it in
    /// `prepare_for_reuse`, as UIKit's prepareForReuse documentation says.
    func readIndentationAndAlpha(_ cell: Cell, _ s: LuaCellStorage, _ t: Int32) throws {
        let rt = engine.runtime
        rt.rawGet(engine.keys.indentation, fromTableAt: t)
        if rt.type(at: -1) != .nil {
            guard let n = rt.integer(at: -1), n >= 0, n <= LuaNodeReader.maximumCount else {
                throw shape(
                    "configure", s,
                    "cell.indentation must be a whole number from 0 to \(LuaNodeReader.maximumCount), got \(describe(-1))"
                )
            }
            cell.indentationLevel = n
        }
        rt.pop(1)
        rt.rawGet(engine.keys.alpha, fromTableAt: t)
        defer { rt.pop(1) }
        guard rt.type(at: -1) != .nil else {
            if cell.alpha != 1 { cell.alpha = 1 }
            return
        }
        guard rt.type(at: -1) == .number, let a = rt.double(at: -1), a >= 0, a <= 1 else {
            throw shape("configure", s, "cell.alpha must be a number from 0 to 1, got \(describe(-1))")
        }
        cell.alpha = a
    }
}
