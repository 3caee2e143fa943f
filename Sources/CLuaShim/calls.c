#include "CLuaShim.h"
#include "sandbox_internal.h"

#include <stdatomic.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>

// ---- Message handler and protected calls ------------------------------------------

int cellar_message_handler(lua_State *L) {
    cellar_lua *x = cellar_extra(L);
    int prev = x->enforce;
    x->enforce = 0;  // recording the failure must not fail for lack of memory
    if (lua_type(L, 1) != LUA_TSTRING) {
        lua_pushfstring(L, "(error object is a %s value)", luaL_typename(L, 1));
        lua_replace(L, 1);
    }
    x->where[0] = 0;
    x->where_line = 0;
    cellar_record_where(x, L, 1);
    luaL_traceback(L, L, NULL, 1);
    size_t n;
    const char *tb = lua_tolstring(L, -1, &n);
    char *copy = realloc(x->traceback, n + 1);
    if (copy) {
        memcpy(copy, tb, n + 1);
        x->traceback = copy;
    }
    lua_pop(L, 1);
    x->enforce = prev;
    return 1;
}

// Only the state's own thread writes `depth` and `generation`, and the
// watchdog only reads them: relaxed loads and stores (plain moves on common
// CPUs) suffice and keep a call as cheap as a bare lua_pcall.
#define RELAXED memory_order_relaxed

int cellar_pcall(cellar_lua *x, int nargs, int nresults) {
    lua_State *L = x->L;
    if (nargs < 0 || lua_gettop(L) - nargs < 1) {  // misuse: no function below the arguments
        lua_pushliteral(L, "cellar_pcall: no function below the arguments");
        return LUA_ERRRUN;
    }
    int depth = atomic_load_explicit(&x->depth, RELAXED);
    int outer = depth == 0;
    if (outer) {
        atomic_store_explicit(&x->generation, atomic_load_explicit(&x->generation, RELAXED) + 1, RELAXED);
        x->timed_out = 0;
        x->memory_hit = 0;
        x->where[0] = 0;
        if (x->traceback) x->traceback[0] = 0;
    }
    atomic_store_explicit(&x->depth, depth + 1, RELAXED);
    // Slot 1 of the base frame holds the handler permanently; inside a
    // Swift function called from Lua, insert it below the callee.
    int fn = lua_gettop(L) - nargs;
    int msgh = 1, inserted = 0;
    if (fn <= 1 || lua_tocfunction(L, 1) != cellar_message_handler) {
        lua_pushcfunction(L, cellar_message_handler);
        lua_insert(L, fn);
        msgh = fn;
        inserted = 1;
    }
    int prev = x->enforce;
    x->enforce = 1;
    int status = lua_pcall(L, nargs, nresults, msgh);
    x->enforce = prev;
    if (inserted) lua_remove(L, msgh);
    if (outer) {
        if (atomic_load_explicit(&x->hook_armed, RELAXED)) {
            atomic_store_explicit(&x->hook_armed, 0, RELAXED);
            lua_sethook(L, NULL, 0, 0);
        }
        if (status == LUA_ERRMEM) lua_gc(L, LUA_GCCOLLECT);  // give the failed call's heap back now
    }
    atomic_store_explicit(&x->depth, depth, RELAXED);
    return status;
}

cellar_failure cellar_last_failure(cellar_lua *x) {
    if (x->timed_out) return CELLAR_FAILURE_TIMEOUT;
    if (x->memory_hit) return x->memory_hit_deep ? CELLAR_FAILURE_RECURSION : CELLAR_FAILURE_MEMORY;
    return CELLAR_FAILURE_NONE;
}

const char *cellar_last_traceback(cellar_lua *x) {
    return (x->traceback && x->traceback[0]) ? x->traceback : NULL;
}

const char *cellar_last_where(cellar_lua *x, int *line) {
    *line = x->where_line;
    return x->where[0] ? x->where : NULL;
}

int cellar_load(cellar_lua *x, const char *buf, size_t len, const char *chunkname, int env_index) {
    lua_State *L = x->L;
    if (env_index < 0 && env_index > LUA_REGISTRYINDEX) env_index = lua_gettop(L) + env_index + 1;
    x->memory_hit = 0;
    x->where[0] = 0;
    x->where_line = 0;
    if (x->traceback) x->traceback[0] = 0;
    int prev = x->enforce;
    x->enforce = 1;
    int status = luaL_loadbufferx(L, buf, len, chunkname, "t");
    x->enforce = prev;
    if (status == LUA_OK && env_index != 0) {
        lua_pushvalue(L, env_index);
        if (!lua_setupvalue(L, -2, 1)) lua_pop(L, 1);
    }
    return status;
}

// ---- Swift functions --------------------------------------------------------------

static int swift_trampoline(lua_State *L) {
    cellar_lua *x = cellar_extra(L);
    int index = (int)lua_tointeger(L, lua_upvalueindex(1));
    int prev = x->enforce;
    x->enforce = 0;
    int n = x->dispatch(L, x->owner, index);
    x->enforce = prev;
    if (n >= 0) return n;
    // The Swift frame has returned: raising here longjmps through C only.
    if (n == CELLAR_RAISE_AT_CALLER) {
        luaL_where(L, 1);
        lua_insert(L, -2);
        lua_concat(L, 2);
    }
    return lua_error(L);
}

void cellar_push_swift_function(cellar_lua *x, int index) {
    lua_pushinteger(x->L, index);
    lua_pushcclosure(x->L, swift_trampoline, 1);
}
