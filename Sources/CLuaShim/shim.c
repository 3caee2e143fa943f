// Macro wrappers, the C `ui` node constructors and the table helpers the
// Swift side calls once per row. The state, its budgets and the sandbox live
// in state.c, watchdog.c, calls.c and sandbox.c.
#include "CLuaShim.h"
#include "sandbox_internal.h"

#include <stdatomic.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>

// ---- Macro wrappers ------------------------------------------------------------

int cellar_lua_pcall(lua_State *L, int nargs, int nresults, int msgh) {
    return lua_pcall(L, nargs, nresults, msgh);
}
void cellar_lua_pop(lua_State *L, int n) { lua_pop(L, n); }
const char *cellar_lua_tolstring(lua_State *L, int idx, size_t *len) {
    return lua_tolstring(L, idx, len);
}
void cellar_lua_newtable(lua_State *L) { lua_newtable(L); }
int cellar_lua_isnoneornil(lua_State *L, int idx) { return lua_isnoneornil(L, idx); }
lua_Integer cellar_lua_upvalueindex(int i) { return lua_upvalueindex(i); }
int cellar_lua_registryindex(void) { return LUA_REGISTRYINDEX; }
void cellar_lua_remove(lua_State *L, int idx) { lua_remove(L, idx); }
void cellar_lua_insert(lua_State *L, int idx) { lua_insert(L, idx); }
void cellar_lua_full_gc(lua_State *L) { lua_gc(L, LUA_GCCOLLECT); }

// ---- ui node constructors ----------------------------------------------------------
//
// One C call per node instead of a Lua call plus a C call. Setting the
// metatable directly, without the sandbox's setmetatable checks, is safe
// only for a table that has none (the node metatables have no __gc);
// anything else goes to the Lua fallback, which keeps every check.

static int ui_construct(lua_State *L) {
    if (lua_type(L, 1) == LUA_TTABLE && !lua_getmetatable(L, 1)) {
        lua_settop(L, 1);
        lua_pushvalue(L, lua_upvalueindex(1));
        lua_setmetatable(L, 1);
        return 1;
    }
    lua_settop(L, 1);
    lua_pushvalue(L, lua_upvalueindex(2));
    lua_rotate(L, 1, 1);
    lua_call(L, 1, LUA_MULTRET);
    return lua_gettop(L);
}

int cellar_ui_make_constructor(lua_State *L) {
    lua_settop(L, 2);
    lua_pushcclosure(L, ui_construct, 2);
    return 1;
}

int cellar_lua_all_nil4(lua_State *L, int t, int k1, int k2, int k3, int k4) {
    t = lua_absindex(L, t);
    int keys[4] = { k1, k2, k3, k4 };
    for (int i = 0; i < 4; i++) {
        lua_rawgeti(L, LUA_REGISTRYINDEX, keys[i]);
        int type = lua_rawget(L, t);
        lua_pop(L, 1);
        if (type != LUA_TNIL) return 0;
    }
    return 1;
}

int cellar_lua_holds_exactly(lua_State *L, int t, int n) {
    t = lua_absindex(L, t);
    if (!cellar_lua_reset_metatable(L, t)) return 0;
    int count = 0;
    lua_pushnil(L);
    while (lua_next(L, t)) {
        lua_pop(L, 1);
        if (++count > n) {
            lua_pop(L, 1);
            return 0;
        }
    }
    return count == n;
}

/// Makes the table at `dst` a shallow copy of the table at `src`. The
/// fields are overwritten rather than cleared first; only when `dst` then
/// holds more fields than `src` (a key the last copy had and this one
/// lacks) are the extra ones removed. Assigning to existing fields during a
/// traversal is allowed; no metamethod runs (raw access only). A metatable
/// on `dst` is removed.
void cellar_lua_refill_copy(lua_State *L, int dst, int src) {
    (void)cellar_lua_refill_copy_watching(L, dst, src, NULL, 0);
}

/// `cellar_lua_refill_copy`, answering besides whether `src` holds any of
/// the `n` keys in `watched` (addresses of short strings, from
/// `lua_topointer`): the copy visits every key anyway, and a short string
/// is interned, so the same address is the same key.
int cellar_lua_refill_copy_watching(lua_State *L, int dst, int src, const void *const *watched, int n) {
    int found = 0;
    dst = lua_absindex(L, dst);
    src = lua_absindex(L, src);
    if (lua_getmetatable(L, dst)) {   // set by the hook that got the last copy
        lua_pop(L, 1);
        lua_pushnil(L);
        lua_setmetatable(L, dst);
    }
    lua_Integer copied = 0, held = 0;
    lua_pushnil(L);
    while (lua_next(L, src)) {
        if (n > 0) {   // a key of another type has another address (or NULL)
            const void *key = lua_topointer(L, -2);
            for (int i = 0; i < n; i++) found |= key == watched[i];
        }
        lua_pushvalue(L, -2);
        lua_insert(L, -2);
        lua_rawset(L, dst);
        copied++;
    }
    lua_pushnil(L);
    while (lua_next(L, dst)) { lua_pop(L, 1); held++; }
    if (held == copied) return found;
    lua_pushnil(L);
    while (lua_next(L, dst)) {
        lua_pop(L, 1);
        lua_pushvalue(L, -1);
        if (lua_rawget(L, src) == LUA_TNIL) {
            lua_pushvalue(L, -2);
            lua_pushnil(L);
            lua_rawset(L, dst);
        }
        lua_pop(L, 1);
    }
    return found;
}

