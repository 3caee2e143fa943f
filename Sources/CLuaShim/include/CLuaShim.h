#ifndef CLUASHIM_H
#define CLUASHIM_H
#include <lua.h>
#include <lauxlib.h>
#include <lualib.h>

// Function-like macros of lua.h are invisible to Swift; these wrap them.
int cellar_lua_pcall(lua_State *L, int nargs, int nresults, int msgh);
void cellar_lua_pop(lua_State *L, int n);
const char *cellar_lua_tolstring(lua_State *L, int idx, size_t *len);
void cellar_lua_newtable(lua_State *L);
int cellar_lua_isnoneornil(lua_State *L, int idx);
lua_Integer cellar_lua_upvalueindex(int i);

#endif
