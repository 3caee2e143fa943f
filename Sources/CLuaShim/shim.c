#include "CLuaShim.h"

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
