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

#include <stdatomic.h>
#include <time.h>
#include "CLuaShim.h"

// ---- Small-block pool (allocator.c) ------------------------------------------------

enum { POOL_GRAIN = 16, POOL_CLASSES = 32, POOL_MAX = POOL_GRAIN * POOL_CLASSES, POOL_CHUNK = 64 * 1024 };

struct cellar_pool {
    void *free[POOL_CLASSES + 1];   // by class, 1...POOL_CLASSES
    char *next, *end;               // bump region of the newest chunk
    void *chunks;                   // every chunk, linked through its first word
};

/// The lua_Alloc of every state: the pool, within the state's memory cap.
void *cellar_alloc(void *ud, void *ptr, size_t osize, size_t nsize);
/// Frees every chunk of the pool; its blocks are gone with them.
void cellar_pool_release(struct cellar_pool *p);

// ---- The per-state record (state.c) ---------------------------------------------

struct cellar_lua {
    lua_State *L;
    void *owner;
    cellar_dispatch_fn dispatch;
    cellar_print_fn print;

    // Memory cap. `enforce` is on only while Lua code runs: allocations made
    // by Swift (pushing values) must never fail, or they would longjmp.
    size_t used, limit;
    int enforce;
    int memory_hit;
    int memory_hit_deep;   // the cap was hit with Lua calls nested very deep
    // Bumped by every write that adds a key to a row table (see ROW_META_KEY).
    unsigned long row_writes;

    // Time budget. The calling thread only bumps counters; the watchdog
    // thread arms the count hook once a call overruns.
    _Atomic unsigned long generation;   // one per outermost call
    _Atomic int depth;                  // nesting of cellar_pcall
    _Atomic long long budget_ns;
    _Atomic unsigned long fired_generation;
    _Atomic int hook_armed;             // set by the watchdog before lua_sethook
    int timed_out;
    double pattern_cost_limit;

    // Watchdog bookkeeping (guarded by the watchdog lock).
    unsigned long seen_generation;
    struct timespec seen_at;
    int watching;
    struct cellar_lua *next;

    // Small-block pool (see pool_alloc).
    struct cellar_pool pool;

    // Last failure.
    char *traceback;
    char where[512];
    int where_line;
};

/// The record of the state `L` belongs to (kept in its extra space).
static inline cellar_lua *cellar_extra(lua_State *L) { return *(cellar_lua **)lua_getextraspace(L); }
/// Records the innermost Lua frame with a line (level >= `from`) as the failure's location.
void cellar_record_where(cellar_lua *x, lua_State *L, int from);

// ---- Watchdog (watchdog.c), calls (calls.c), sandbox base (sandbox.c) --------------

void cellar_watchdog_add(cellar_lua *x);
void cellar_watchdog_remove(cellar_lua *x);
/// The message handler every protected call runs under (slot 1 of the stack).
int cellar_message_handler(lua_State *L);
/// Builds the sandbox's base environment; run once per state, protected.
int cellar_build_base(lua_State *L);

#endif
