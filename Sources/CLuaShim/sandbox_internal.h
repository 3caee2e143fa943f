#ifndef CELLAR_SANDBOX_INTERNAL_H
#define CELLAR_SANDBOX_INTERNAL_H
// Shared between the C files of the shim; not part of its public header.
#include <stddef.h>
#include <lua.h>
#include <lauxlib.h>

/// The most steps one library call may take (see library_guards.c).
double cellar_work_limit(lua_State *L);
/// The memory cap of the state, in bytes.
size_t cellar_heap_limit(lua_State *L);

/// Replace the reachable functions of the string / table library table at
/// `index` by their guarded versions.
void cellar_guard_string_library(lua_State *L, int index);
void cellar_guard_table_library(lua_State *L, int index);
/// Raises a "refused" error when compiling `bytes` of source would take
/// more steps than one call may.
void cellar_charge_compile(lua_State *L, size_t bytes);

#endif
