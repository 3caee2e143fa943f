#include "CLuaShim.h"
#include "sandbox_internal.h"

#include <stdatomic.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>

// ---- Sandbox base -----------------------------------------------------------------

#define PROTECTED_KEY "cellar.protected"
/// How the name of a chunk made by `load` marks it (see chunk_name).
#define LOAD_MARK " (load at line "

static int is_protected(lua_State *L, int idx) {
    lua_getfield(L, LUA_REGISTRYINDEX, PROTECTED_KEY);
    lua_pushvalue(L, idx);
    int protected_ = lua_rawget(L, -2) != LUA_TNIL;
    lua_pop(L, 2);
    return protected_;
}

static int readonly_newindex(lua_State *L) {
    const char *key = lua_type(L, 2) == LUA_TSTRING ? lua_tostring(L, 2) : "?";
    return luaL_error(L, "cannot set %s.%s: the shared library '%s' is read-only",
                      lua_tostring(L, lua_upvalueindex(1)), key, lua_tostring(L, lua_upvalueindex(1)));
}

// ---- Row tables ------------------------------------------------------------------------
//
// A row table is refilled per row, not made anew; a hook that adds a key to
// it would show that key to the next row. Its metatable (protected, so it
// stays) counts every write that adds a key, by assignment or rawset, so
// the refill verifies the table only after such a write.

#define ROW_META_KEY "cellar.rowmeta"

static int row_newindex(lua_State *L) {
    cellar_extra(L)->row_writes++;
    lua_settop(L, 3);
    lua_rawset(L, 1);
    return 0;
}

static int is_row_table(lua_State *L, int t) {
    if (!lua_getmetatable(L, t)) return 0;
    lua_getfield(L, LUA_REGISTRYINDEX, ROW_META_KEY);
    int row = lua_rawequal(L, -1, -2);
    lua_pop(L, 2);
    return row;
}

static void make_row_metatable(lua_State *L) {
    lua_createtable(L, 0, 2);
    lua_pushcfunction(L, row_newindex);
    lua_setfield(L, -2, "__newindex");
    lua_pushliteral(L, "the row table's metatable is the host's");
    lua_setfield(L, -2, "__metatable");
    lua_setfield(L, LUA_REGISTRYINDEX, ROW_META_KEY);
}

void cellar_lua_make_row_table(lua_State *L, int t) {
    t = lua_absindex(L, t);
    lua_getfield(L, LUA_REGISTRYINDEX, ROW_META_KEY);
    lua_setmetatable(L, t);
}

int cellar_lua_reset_metatable(lua_State *L, int t) {
    t = lua_absindex(L, t);
    if (!lua_getmetatable(L, t)) return 1;
    lua_pop(L, 1);
    if (is_row_table(L, t)) return 1;
    lua_pushnil(L);
    lua_setmetatable(L, t);
    return 0;
}

unsigned long cellar_row_writes(cellar_lua *x) { return x->row_writes; }
unsigned long cellar_call_count(cellar_lua *x) { return atomic_load_explicit(&x->generation, memory_order_relaxed); }

static int safe_rawset(lua_State *L) {
    luaL_checktype(L, 1, LUA_TTABLE);
    luaL_checkany(L, 2);
    luaL_checkany(L, 3);
    if (is_protected(L, 1)) return luaL_error(L, "rawset: the shared tables (libraries, ctx, state) are read-only");
    if (is_row_table(L, 1)) cellar_extra(L)->row_writes++;
    lua_settop(L, 3);
    lua_rawset(L, 1);
    return 1;
}

static int safe_setmetatable(lua_State *L) {
    luaL_checktype(L, 1, LUA_TTABLE);
    int t = lua_type(L, 2);
    luaL_argexpected(L, t == LUA_TNIL || t == LUA_TTABLE, 2, "nil or table");
    if (luaL_getmetafield(L, 1, "__metatable") != LUA_TNIL)
        return luaL_error(L, "cannot change a protected metatable");
    // Raw: an __index on the new metatable must not answer "no __gc" here
    // and add one meanwhile (Lua marks finalizers by a raw read as well).
    lua_pushliteral(L, "__gc");
    if (t == LUA_TTABLE && lua_rawget(L, 2) != LUA_TNIL)
        return luaL_error(L, "setmetatable: __gc finalizers are not allowed in styles");
    lua_settop(L, 2);
    lua_setmetatable(L, 1);
    return 1;
}

static int safe_collectgarbage(lua_State *L) {
    const char *opt = luaL_optstring(L, 1, "collect");
    if (strcmp(opt, "count") != 0)
        return luaL_error(L, "collectgarbage: only \"count\" is allowed in the sandbox (got \"%s\")", opt);
    int kb = lua_gc(L, LUA_GCCOUNT);
    int b = lua_gc(L, LUA_GCCOUNTB);
    lua_pushnumber(L, (lua_Number)kb + (lua_Number)b / 1024);
    return 1;
}

static int safe_print(lua_State *L) {
    cellar_lua *x = cellar_extra(L);
    int n = lua_gettop(L);
    luaL_Buffer b;
    luaL_buffinit(L, &b);
    for (int i = 1; i <= n; i++) {
        if (i > 1) luaL_addchar(&b, '\t');
        luaL_tolstring(L, i, NULL);
        luaL_addvalue(&b);
    }
    luaL_pushresult(&b);
    size_t len;
    const char *s = lua_tolstring(L, -1, &len);
    if (x->print) {
        int prev = x->enforce;
        x->enforce = 0;
        x->print(x->owner, s, len);
        x->enforce = prev;
    }
    return 0;
}

/// The name of a chunk `load` compiles, pushed (and returned): the file of
/// the function calling load and that call's line, "@FILE (load at line N)"
/// (inside a loaded chunk, the name of that chunk: its file and outermost
/// load line). Never the name the style offers, which could be another file's.
static const char *chunk_name(lua_State *L) {
    lua_Debug ar;
    if (lua_getstack(L, 1, &ar) && lua_getinfo(L, "Sl", &ar) && ar.source[0] == '@') {
        if (strstr(ar.source, LOAD_MARK)) return lua_pushstring(L, ar.source);
        return lua_pushfstring(L, "%s" LOAD_MARK "%d)", ar.source, ar.currentline);
    }
    return lua_pushliteral(L, "=(load)");
}

/// load(chunk [, chunkname [, mode [, env]]]): text only; the environment
/// defaults to the loading plugin's own (upvalue 1), never the real globals.
static int safe_load(lua_State *L) {
    size_t len;
    const char *s = lua_tolstring(L, 1, &len);
    if (lua_type(L, 1) != LUA_TSTRING)
        return luaL_error(L, "load: only source text (a string) can be loaded in the sandbox");
    luaL_optstring(L, 2, NULL);   // a chunk may not name itself: see chunk_name
    const char *mode = luaL_optstring(L, 3, "t");
    if (strcmp(mode, "t") != 0) {
        luaL_pushfail(L);
        lua_pushfstring(L, "load: binary chunks are not allowed (mode \"%s\"; use \"t\")", mode);
        return 2;
    }
    int env = lua_isnone(L, 4) ? lua_upvalueindex(1) : 4;
    cellar_charge_compile(L, len);
    const char *name = chunk_name(L);
    if (luaL_loadbufferx(L, s, len, name, "t") != LUA_OK) {
        luaL_pushfail(L);
        lua_insert(L, -2);
        return 2;
    }
    lua_pushvalue(L, env);
    if (!lua_setupvalue(L, -2, 1)) lua_pop(L, 1);
    return 1;
}

static int host_newindex(lua_State *L) {
    const char *key = lua_type(L, 2) == LUA_TSTRING ? lua_tostring(L, 2) : "?";
    const char *name = lua_tostring(L, lua_upvalueindex(1));
    return luaL_error(L, "cannot set %s.%s: '%s' is the host's, shared by every call, and read-only",
                      name, key, name);
}

/// __pairs of a proxy: iterates the real table (upvalue 1) without handing
/// it out: the generic for's state is the proxy.
static int proxy_next(lua_State *L) {
    lua_settop(L, 2);
    if (lua_next(L, lua_upvalueindex(1))) return 2;
    lua_pushnil(L);
    return 1;
}

static int proxy_pairs(lua_State *L) {
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_pushcclosure(L, proxy_next, 1);
    lua_pushvalue(L, 1);
    lua_pushnil(L);
    return 3;
}

/// Pushes a read-only proxy of the table at `real`: reads fall through,
/// writes raise `newindex`'s error, the metatable is protected and rawset
/// refuses it (the proxy is marked in the registry's protected set).
static void push_proxy(lua_State *L, int real, const char *name, lua_CFunction newindex, const char *what) {
    real = lua_absindex(L, real);
    lua_createtable(L, 0, 0);             // proxy
    lua_createtable(L, 0, 4);             // its metatable
    lua_pushvalue(L, real);
    lua_setfield(L, -2, "__index");
    lua_pushstring(L, name);
    lua_pushcclosure(L, newindex, 1);
    lua_setfield(L, -2, "__newindex");
    lua_pushvalue(L, real);
    lua_pushcclosure(L, proxy_pairs, 1);
    lua_setfield(L, -2, "__pairs");
    lua_pushfstring(L, what, name);
    lua_setfield(L, -2, "__metatable");
    lua_setmetatable(L, -2);
    lua_getfield(L, LUA_REGISTRYINDEX, PROTECTED_KEY);
    lua_pushvalue(L, -2);
    lua_pushstring(L, name);
    lua_rawset(L, -3);
    lua_pop(L, 1);
}

void cellar_push_readonly_proxy(lua_State *L, int real, const char *name) {
    push_proxy(L, real, name, host_newindex, "'%s' is the host's and read-only");
}

/// Copies the library table on top into a fresh table (the private original
/// stays unreachable) and leaves a read-only proxy for it on top; the copy
/// is left below it.
static void make_readonly(lua_State *L, const char *name) {
    lua_newtable(L);                      // lib copy
    lua_pushnil(L);
    while (lua_next(L, -3)) {
        lua_pushvalue(L, -2);
        lua_insert(L, -2);
        lua_rawset(L, -4);
    }
    lua_replace(L, -2);                   // copy replaces lib
    push_proxy(L, -1, name, readonly_newindex, "the shared library '%s' is read-only");
}

#define BASE_KEY "cellar.base"

/// Builds the shared base: safe globals and read-only proxies of the
/// libraries. Stored in the registry; reached only through environments.
int cellar_build_base(lua_State *L) {
    lua_newtable(L);
    lua_setfield(L, LUA_REGISTRYINDEX, PROTECTED_KEY);

    luaL_requiref(L, "_G", luaopen_base, 0);          // globals, never exposed
    int g = lua_gettop(L);
    lua_newtable(L);                                  // base
    int base = lua_gettop(L);
    static const char *const kept[] = {
        "assert", "error", "ipairs", "pairs", "next", "pcall", "xpcall", "select",
        "tonumber", "tostring", "type", "rawequal", "rawget", "rawlen", "getmetatable",
        "_VERSION", NULL};
    for (int i = 0; kept[i]; i++) {
        lua_getfield(L, g, kept[i]);
        lua_setfield(L, base, kept[i]);
    }
    lua_pushcfunction(L, safe_rawset);
    lua_setfield(L, base, "rawset");
    lua_pushcfunction(L, safe_setmetatable);
    lua_setfield(L, base, "setmetatable");
    lua_pushcfunction(L, safe_collectgarbage);
    lua_setfield(L, base, "collectgarbage");
    lua_pushcfunction(L, safe_print);
    lua_setfield(L, base, "print");

    // string: guarded pattern functions, no dump.
    luaL_requiref(L, "string", luaopen_string, 0);
    int str = lua_gettop(L);
    lua_pushnil(L);
    lua_setfield(L, str, "dump");
    cellar_guard_string_library(L, str);
    make_readonly(L, "string");                        // copy, proxy
    lua_setfield(L, base, "string");
    // Methods on strings ("x"):find(...) use the guarded copy; the string
    // metatable itself cannot be reached or changed.
    lua_pushliteral(L, "");
    lua_getmetatable(L, -1);
    lua_pushvalue(L, -3);
    lua_setfield(L, -2, "__index");
    lua_pushliteral(L, "the string metatable is read-only");
    lua_setfield(L, -2, "__metatable");
    lua_pop(L, 3);                                     // mt, "", copy

    static const struct { const char *name; lua_CFunction open; } libs[] = {
        {"table", luaopen_table}, {"math", luaopen_math}, {"utf8", luaopen_utf8}};
    for (int i = 0; i < 3; i++) {
        luaL_requiref(L, libs[i].name, libs[i].open, 0);
        if (libs[i].open == luaopen_table) cellar_guard_table_library(L, -1);
        make_readonly(L, libs[i].name);
        lua_setfield(L, base, libs[i].name);
        lua_pop(L, 1);                                 // the copy
    }
    lua_pushvalue(L, base);
    lua_setfield(L, LUA_REGISTRYINDEX, BASE_KEY);
    make_row_metatable(L);
    return 0;
}

void cellar_new_env(cellar_lua *x) {
    lua_State *L = x->L;
    lua_createtable(L, 0, 5);
    lua_pushvalue(L, -1);
    lua_setfield(L, -2, "_G");
    // A math library of its own: math.random's state is the library's, so
    // one style's math.randomseed must not change another's numbers.
    luaopen_math(L);                                   // env, lib
    make_readonly(L, "math");                          // env, copy, proxy
    lua_setfield(L, -3, "math");
    lua_pop(L, 1);                                     // the copy
    lua_pushvalue(L, -1);
    lua_pushcclosure(L, safe_load, 1);
    lua_setfield(L, -2, "load");
    lua_createtable(L, 0, 2);
    lua_getfield(L, LUA_REGISTRYINDEX, BASE_KEY);
    lua_setfield(L, -2, "__index");
    lua_pushliteral(L, "the environment's metatable is read-only");
    lua_setfield(L, -2, "__metatable");
    lua_setmetatable(L, -2);
}
