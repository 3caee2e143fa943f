#ifndef CLUASHIM_H
#define CLUASHIM_H
#include <stddef.h>
#include <lua.h>
#include <lauxlib.h>
#include <lualib.h>

// C side of Cellar's Lua bridge. Everything that may raise a Lua error
// (longjmp) lives here, so no longjmp ever crosses a Swift frame.

// ---- Lua's function-like macros, invisible to Swift -------------------------
int cellar_lua_pcall(lua_State *L, int nargs, int nresults, int msgh);
void cellar_lua_pop(lua_State *L, int n);
const char *cellar_lua_tolstring(lua_State *L, int idx, size_t *len);
void cellar_lua_newtable(lua_State *L);
int cellar_lua_isnoneornil(lua_State *L, int idx);
lua_Integer cellar_lua_upvalueindex(int i);
int cellar_lua_registryindex(void);

/// `constructor(meta, fallback)` for the ui library: returns a C closure
/// that sets `meta` on a table argument without a metatable and returns it,
/// and calls `fallback` with any other argument.
int cellar_ui_make_constructor(lua_State *L);

/// 1 when the table at `t` has no value (raw) under any of the three keys
/// kept in the registry at `k1`, `k2`, `k3`; else 0. Leaves the stack as it was.
int cellar_lua_all_nil4(lua_State *L, int t, int k1, int k2, int k3, int k4);
/// 1 when the table at `t` has no metatable (or the row metatable) and
/// exactly `n` fields (raw); else 0 (and any other metatable is removed).
/// Leaves the stack as it was.
int cellar_lua_holds_exactly(lua_State *L, int t, int n);
/// Gives the table at `t` the row metatable: it counts writes that add keys
/// (see `cellar_row_writes`) and cannot be replaced by a style.
void cellar_lua_make_row_table(lua_State *L, int t);
/// Removes a metatable other than the row metatable from the table at `t`;
/// returns 1 when there was none to remove.
int cellar_lua_reset_metatable(lua_State *L, int t);
/// Makes the table at `dst` a shallow copy of the table at `src` (raw; a
/// metatable on `dst` is removed).
void cellar_lua_refill_copy(lua_State *L, int dst, int src);
/// `cellar_lua_refill_copy`; returns 1 when `src` holds one of the `n` short-string keys at `watched` (from `lua_topointer`).
int cellar_lua_refill_copy_watching(lua_State *L, int dst, int src, const void *const *watched, int n);
/// Pushes a read-only proxy of the table at `real` (reads fall through;
/// writes, rawset and setmetatable raise an error naming it `name`; pairs
/// iterates the real table without handing it out).
void cellar_push_readonly_proxy(lua_State *L, int real, const char *name);
void cellar_lua_remove(lua_State *L, int idx);
void cellar_lua_insert(lua_State *L, int idx);
/// A full garbage collection (lua_gc is variadic, so Swift cannot call it).
void cellar_lua_full_gc(lua_State *L);

// ---- One sandboxed Lua state --------------------------------------------------

/// Called by the trampoline of a Swift function exposed to Lua. Returns the
/// number of results (>= 0), or CELLAR_RAISE_AT_CALLER (-1) / CELLAR_RAISE_AS_IS
/// (-2) with the error message on top of the stack; the trampoline then raises.
typedef int (*cellar_dispatch_fn)(lua_State *L, void *owner, int function_index);
/// Receives one line written by the sandbox's `print`.
typedef void (*cellar_print_fn)(void *owner, const char *text, size_t len);

#define CELLAR_RAISE_AT_CALLER (-1)
#define CELLAR_RAISE_AS_IS (-2)

/// Outcome of the last outermost protected call.
typedef enum {
    CELLAR_FAILURE_NONE = 0,
    CELLAR_FAILURE_TIMEOUT = 1,
    CELLAR_FAILURE_MEMORY = 2,
    /// The memory cap was reached with Lua calls nested CELLAR_DEEP_RECURSION deep.
    CELLAR_FAILURE_RECURSION = 3,
} cellar_failure;

typedef struct cellar_lua cellar_lua;

/// Lua call depth taken as runaway recursion when memory runs out.
#define CELLAR_DEEP_RECURSION 10000

/// Opens a state with the sandbox base, the memory cap and the watchdog.
/// Returns NULL when the state cannot be created.
cellar_lua *cellar_open(size_t memory_limit, long long time_budget_ns,
                        double pattern_cost_limit,
                        cellar_dispatch_fn dispatch, cellar_print_fn print,
                        void *owner);
void cellar_close(cellar_lua *x);
/// The pointer handed to `dispatch` and `print`.
void cellar_set_owner(cellar_lua *x, void *owner);
lua_State *cellar_state(cellar_lua *x);

void cellar_set_memory_limit(cellar_lua *x, size_t limit);
size_t cellar_memory_limit(cellar_lua *x);
size_t cellar_memory_used(cellar_lua *x);
void cellar_set_time_budget(cellar_lua *x, long long ns);
long long cellar_time_budget(cellar_lua *x);
void cellar_set_pattern_cost_limit(cellar_lua *x, double limit);

/// Protected call of the function below `nargs` arguments, with the message
/// handler that records a traceback, under the time budget and memory cap.
int cellar_pcall(cellar_lua *x, int nargs, int nresults);
/// Compiles a text chunk (mode "t") named `chunkname`; on success the function
/// is on top, its first upvalue (_ENV) set to the table at `env_index`
/// (0: leave the globals). Runs under the memory cap.
int cellar_load(cellar_lua *x, const char *buf, size_t len, const char *chunkname,
                int env_index);
/// Pushes a fresh sandbox environment: its own globals, reads fall through
/// to the shared read-only base.
void cellar_new_env(cellar_lua *x);
/// Pushes a Lua function that calls Swift function `index` through the
/// trampoline.
void cellar_push_swift_function(cellar_lua *x, int index);

/// Details of the last failed outermost call: which failure, the traceback
/// (NULL if none), and the first Lua frame at the error (source without '@',
/// line; source NULL if unknown).
/// Writes that added a key to a row table so far (by any style).
unsigned long cellar_row_writes(cellar_lua *x);
/// Counts outermost `cellar_pcall`s: unchanged, no Lua code has run since it was read.
unsigned long cellar_call_count(cellar_lua *x);
cellar_failure cellar_last_failure(cellar_lua *x);
const char *cellar_last_traceback(cellar_lua *x);
const char *cellar_last_where(cellar_lua *x, int *line);

#endif
