import CLua
import Cellar
import CellarText

/// How a Lua style's failures read: located at the style's line (the
/// failing line, else the hook's definition), naming the hook and the row.
extension LuaCellStyle {
    /// Where a hook ran, as errors say it: ` row [0, 3]`, or
    /// ` section 2` for a header/footer style (configured per section).
    func place(_ ip: IndexPath) -> String { isHeaderFooter ? " section \(ip.section)" : " row \(ip)" }

    /// `Styles/food.lua:14: attempt to index a nil value (field 'name') — in layout, row [0, 3]`
    func failure(_ e: LuaError, _ hook: String, _ ip: IndexPath?) -> CellarError {
        let place = ip.map { "," + self.place($0) } ?? ""
        // The style's text is bounded to half a message, so its place and row stay on the line however long it is.
        let message =
            "\(Sanitizer.bounded(e.message, limit: Sanitizer.messageLimit / 2, total: e.raisedLength)) — in \(hook)\(place)"
        if e.file == LuaStyleEngine.uiChunkName {
            // Raised inside the ui library: point at the style's line that
            // called it (or, after a tail call, at the hook).
            let at =
                Self.firstStyleFrame(in: e.traceback, source: source)
                ?? SourceLocation(file: source, line: hookLines[hook] ?? 1)
            return styleError(message, at: at)
        }
        if let file = e.file, let line = e.line {
            return styleError(message, at: SourceLocation(file: expand(file), line: line))
        }
        return styleError(message, at: SourceLocation(file: e.file ?? source, line: hookLines[hook] ?? 1))
    }

    /// Lua shortens long chunk names to `...tail`; the style's own file is
    /// the one that ends so.
    static func expand(_ file: String, source: String) -> String {
        file.hasPrefix("...") && source.hasSuffix(file.dropFirst(3)) ? source : file
    }

    func expand(_ file: String) -> String { Self.expand(file, source: source) }

    /// The first `file:line:` of a traceback that is not the ui library, the
    /// hook table guard or C
    /// (a name Lua shortened to `...tail` is this style's file when it ends so).
    static func firstStyleFrame(in traceback: String, source: String) -> SourceLocation? {
        for line in traceback.split(separator: "\n") {
            let entry = line.drop { $0 == "\t" || $0 == " " }
            if entry.hasPrefix("[C]") || entry.hasPrefix(LuaStyleEngine.uiChunkName + ":")
                || entry.hasPrefix(HookTableGuard.chunkName + ":")
            {
                continue
            }
            if let split = LuaError.splitLocation(String(entry)) {
                let (file, n, _) = LuaError.placingLoadedChunk(file: split.file, line: split.line, message: "")
                return SourceLocation(file: expand(file, source: source), line: n ?? split.line)
            }
        }
        return nil
    }

    /// A hook returned the wrong shape: named at the hook's definition.
    func shape(_ hook: String, _ s: LuaCellStorage?, _ message: String) -> CellarError {
        let place = s?.indexPath.map { " —" + self.place($0) } ?? ""
        let line = hookLines[hook.hasPrefix("cell.") ? "configure" : hook] ?? hookLines["configure"] ?? 1
        return styleError("\(hook): \(message)\(place)", at: SourceLocation(file: source, line: line))
    }

    func shapeFailure(_ e: NodeShapeError, _ hook: String, _ s: LuaCellStorage?) -> CellarError {
        let place = s?.indexPath.map { " —" + self.place($0) } ?? ""
        let key = hook.hasPrefix("cell.") ? "configure" : hook
        return styleError(
            "\(hook)\(e.path): \(e.message)\(place)",
            at: SourceLocation(file: source, line: hookLines[key] ?? 1))
    }

    func typeName(_ index: Int32) -> String {
        String(cString: lua_typename(engine.runtime.L, lua_type(engine.runtime.L, index)))
    }

    func describe(_ index: Int32) -> String {
        let rt = engine.runtime
        if let d = rt.double(at: index) { return rt.integer(at: index).map(String.init) ?? String(d) }
        if let str = rt.string(at: index) { return "'\(Sanitizer.excerpt(str))'" }
        return "a \(typeName(index))"
    }
}
