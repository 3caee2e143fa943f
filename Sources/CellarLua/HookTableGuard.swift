import CLua
import Cellar

/// The debug mode's check of the rule "tables Cellar passes to a hook are
/// valid only during that call" (`CELLAR_DEBUG=1`, `--check-styles`).
///
/// Cellar refills the same row, config-copy, `ctx` and `state` tables for
/// every call, so a style that keeps one and reads it later silently sees
/// another row's data. In debug mode each hook gets guards instead: empty
/// tables whose metamethods forward to the real table while their call runs
/// and raise a located error afterwards (at the style's line, naming the
/// table and the call it was given to). Outside debug mode the engine has no
/// guard and hooks get the real tables: one nil check per hook call.
final class HookTableGuard {
    private let runtime: LuaRuntime
    private let beginFunction: LuaFunction
    private let wrapFunction: LuaFunction
    private let wrapContextFunction: LuaFunction
    private let unwrapFunction: LuaFunction

    init(runtime: LuaRuntime) throws(LuaError) {
        self.runtime = runtime
        let chunk = try runtime.compile(source: Array(Self.source.utf8), chunkName: Self.chunkName)
        let base = runtime.top
        defer { runtime.setTop(base) }
        runtime.push(chunk)
        try runtime.pcall(arguments: 0, results: 4)
        guard let begin = runtime.function(at: -4), let wrap = runtime.function(at: -3),
            let wrapContext = runtime.function(at: -2), let unwrap = runtime.function(at: -1)
        else {
            throw LuaError(kind: .runtime, message: "the hook table guard did not load")
        }
        beginFunction = begin
        wrapFunction = wrap
        wrapContextFunction = wrapContext
        unwrapFunction = unwrap
    }

    /// Starts a hook call: every guard made for an earlier call expires.
    func begin(_ hook: String, _ indexPath: IndexPath?) throws(LuaError) {
        let base = runtime.top
        defer { runtime.setTop(base) }
        runtime.push(beginFunction)
        runtime.push(hook + (indexPath.map { ", row \($0)" } ?? ""))
        try runtime.pcall(arguments: 1, results: 0)
    }

    /// Replaces the table at stack `index` (an argument of the call begun
    /// last) with a guard named `name`; anything but a table stays as it is.
    func guardArgument(at index: Int32, named name: String) throws(LuaError) {
        guard runtime.type(at: index) == .table else { return }
        try replace(at: index, through: wrapFunction, name)
    }

    /// Replaces the `ctx` at stack `index` with a guard whose `state` and
    /// `margins` are guards too.
    func guardContext(at index: Int32) throws(LuaError) {
        try replace(at: index, through: wrapContextFunction, nil)
    }

    /// Replaces a guard at stack `index` with its table (a hook returned the
    /// guard it was given, e.g. `update` returning `config`).
    func unwrap(at index: Int32) throws(LuaError) {
        try replace(at: index, through: unwrapFunction, nil)
    }

    private func replace(at index: Int32, through f: LuaFunction, _ name: String?) throws(LuaError) {
        let luaState = runtime.L
        let slot = lua_absindex(luaState, index)
        runtime.push(f)
        lua_pushvalue(luaState, slot)
        if let name { runtime.push(name) }
        try runtime.pcall(arguments: name == nil ? 1 : 2, results: 1)
        lua_copy(luaState, -1, slot)
        runtime.pop(1)
    }

    static let chunkName = "(hook table guard)"

    /// Guards are empty tables whose metamethods check the epoch they were
    /// made in; `begin` moves the epoch on. The errors name the style's line:
    /// level 3 is the style's frame for an index, a write or `#`; level 4
    /// for `pairs` (which calls `__pairs` from C).
    static let source = #"""
        local setmetatable, error, pairs, tostring = setmetatable, error, pairs, tostring
        local epoch, given = 0, "a hook"
        local targets = setmetatable({}, { __mode = "k" })
        local function begin(where)
          epoch = epoch + 1
          given = where
        end
        local function wrap(target, name, fields)
          local born, from = epoch, given
          local function check(level)
            if born ~= epoch then
              error("'" .. name .. "' was kept past its call (it was given to " .. from .. "): tables Cellar "
                .. "passes to a hook are valid only during that call; copy the values you keep", level)
            end
          end
          local guard = setmetatable({}, {
            __index = function(_, k)
              check(3)
              if fields then
                local f = fields[k]
                if f ~= nil then return f end
              end
              return target[k]
            end,
            __newindex = function(_, k, v) check(3); target[k] = v end,
            __len = function() check(3); return #target end,
            __pairs = function() check(4); return pairs(target) end,
            __tostring = function() return name .. " (" .. tostring(target) .. ")" end,
            __metatable = "a table Cellar passes to a hook",
          })
          targets[guard] = target
          return guard
        end
        local function wrap_context(ctx)
          return wrap(ctx, "ctx", { state = wrap(ctx.state, "ctx.state"), margins = wrap(ctx.margins, "ctx.margins") })
        end
        local function unwrap(v)
          return targets[v] or v
        end
        return begin, wrap, wrap_context, unwrap
        """#
}

extension LuaCellStyle {
    /// Debug mode: starts a hook call and replaces its table arguments (at
    /// `tables`' stack slots, and the `ctx` at `context`) with guards.
    func guardCall(
        _ hook: String, _ ip: IndexPath?, _ tables: [(slot: Int32, name: String)],
        context: Int32? = nil
    ) throws {
        guard let g = engine.tableGuard else { return }
        do {
            try g.begin(hook, ip)
            for t in tables { try g.guardArgument(at: t.slot, named: t.name) }
            if let context { try g.guardContext(at: context) }
        } catch { throw failure(error, hook, ip) }
    }

    /// The config argument at `slot` when it is a copy (with an `update`
    /// hook); without one it is the cell table, which lives on.
    func configSlot(_ slot: Int32) -> [(slot: Int32, name: String)] {
        hook.update == nil ? [] : [(slot, "config")]
    }
}
