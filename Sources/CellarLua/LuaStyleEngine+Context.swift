import Cellar

/// Filling the shared `ctx` table that `layout` and `height` receive: each
/// field is written only when it differs from what the table holds.
extension LuaStyleEngine {
    /// Pushes the read-only view of the shared `ctx` table for a layout call.
    func pushContext(_ c: LayoutContext) {
        let rt = runtime
        rt.push(ctxTable)
        defer {
            rt.pop(1)
            rt.push(ctxProxy)
        }
        if ctxWidth != c.width {
            rt.push(c.width)
            rt.rawSet(keys.width, inTableAt: -2)
            ctxWidth = c.width
        }
        if ctxTableStyle != c.tableStyle {
            rt.push(c.tableStyle.rawValue)
            rt.rawSet(keys.tableStyle, inTableAt: -2)
            ctxTableStyle = c.tableStyle
        }
        if ctxMargins != c.layoutMargins {
            let m = c.layoutMargins
            rt.push(marginsTable)
            rt.push(m.top)
            rt.rawSet(keys.top, inTableAt: -2)
            rt.push(m.leading)
            rt.rawSet(keys.leading, inTableAt: -2)
            rt.push(m.bottom)
            rt.rawSet(keys.bottom, inTableAt: -2)
            rt.push(m.trailing)
            rt.rawSet(keys.trailing, inTableAt: -2)
            rt.pop(1)
            ctxMargins = m
        }
        if ctxAmbiguousWide != c.ambiguousWide {
            rt.push(c.ambiguousWide)
            rt.rawSet(keys.ambiguousWide, inTableAt: -2)
            ctxAmbiguousWide = c.ambiguousWide
        }
        let place = ContextPlace(c)
        if ctxPlace != place {
            pushPlace(place)
            ctxPlace = place
        }
    }

    /// Where the row is, as `ctx` tells it: nil fields for a header or footer view (row -1).
    struct ContextPlace: Equatable {
        var section: Int
        var row: Int
        var rowsInSection: Int
        var appearance: Appearance
        init(_ c: LayoutContext) {
            section = c.section
            row = c.row
            rowsInSection = c.rowsInSection
            appearance = c.appearance
        }
    }

    /// Sets ctx.section, row, first, last, rows_in_section and theme in the table on top.
    private func pushPlace(_ p: ContextPlace) {
        let rt = runtime
        func set(_ key: LuaKey, _ value: Int?) {
            if let value { rt.push(value) } else { rt.pushNil() }
            rt.rawSet(key, inTableAt: -2)
        }
        let isRow = p.row >= 0
        set(keys.section, isRow ? p.section : nil)
        set(keys.row, isRow ? p.row : nil)
        set(keys.rowsInSection, isRow ? p.rowsInSection : nil)
        if isRow {
            setBool(keys.first, p.row == 0)
            setBool(keys.last, p.row == p.rowsInSection - 1)
        } else {
            set(keys.first, nil)
            set(keys.last, nil)
        }
        rt.push(p.appearance.rawValue)
        rt.rawSet(keys.theme, inTableAt: -2)
    }
}
