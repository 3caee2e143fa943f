#include "CLuaBench.h"

long cellar_bench_c_empty(lua_State *L, int fn, int msgh, long n) {
    long failed = 0;
    for (long i = 0; i < n; i++) {
        lua_rawgeti(L, LUA_REGISTRYINDEX, fn);
        if (lua_pcall(L, 0, 0, msgh) != LUA_OK) { failed++; lua_pop(L, 1); }
    }
    return failed;
}

long cellar_bench_c_roundtrip(lua_State *L, int fn, int msgh, long n,
                              const char *title, const char *detail) {
    long sum = 0;
    for (long i = 0; i < n; i++) {
        lua_rawgeti(L, LUA_REGISTRYINDEX, fn);
        lua_createtable(L, 0, 2);
        lua_pushstring(L, title);
        lua_setfield(L, -2, "title");
        lua_pushstring(L, detail);
        lua_setfield(L, -2, "detail");
        if (lua_pcall(L, 1, 1, msgh) != LUA_OK) { lua_pop(L, 1); continue; }
        size_t len = 0;
        lua_getfield(L, -1, "text");
        lua_tolstring(L, -1, &len);
        lua_getfield(L, -2, "width");
        sum += (long)len + (long)lua_tointeger(L, -1);
        lua_pop(L, 3);
    }
    return sum;
}
