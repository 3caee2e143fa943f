#include "CLuaShim.h"
#include "sandbox_internal.h"

#include <stdatomic.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>

// The per-state record: accessors, the memory cap and the state's lifetime.
// The record itself is declared in sandbox_internal.h.

lua_State *cellar_state(cellar_lua *x) { return x->L; }
void cellar_set_owner(cellar_lua *x, void *owner) { x->owner = owner; }
void cellar_set_memory_limit(cellar_lua *x, size_t limit) { x->limit = limit; }
size_t cellar_memory_limit(cellar_lua *x) { return x->limit; }
size_t cellar_memory_used(cellar_lua *x) { return x->used; }
void cellar_set_time_budget(cellar_lua *x, long long ns) { atomic_store(&x->budget_ns, ns); }
long long cellar_time_budget(cellar_lua *x) { return atomic_load(&x->budget_ns); }
void cellar_set_pattern_cost_limit(cellar_lua *x, double limit) { x->pattern_cost_limit = limit; }
double cellar_work_limit(lua_State *L) { return cellar_extra(L)->pattern_cost_limit; }
size_t cellar_heap_limit(lua_State *L) { return cellar_extra(L)->limit; }

/// Records the innermost Lua frame with a line (level >= `from`) as the
/// failure's location. Reads debug info only; allocates nothing.
void cellar_record_where(cellar_lua *x, lua_State *L, int from) {
    lua_Debug ar;
    for (int level = from; lua_getstack(L, level, &ar); level++) {
        if (!lua_getinfo(L, "Sl", &ar) || ar.currentline <= 0) continue;
        const char *src = (ar.source[0] == '@' || ar.source[0] == '=') ? ar.source + 1 : ar.short_src;
        strncpy(x->where, src, sizeof x->where - 1);
        x->where[sizeof x->where - 1] = 0;
        x->where_line = ar.currentline;
        return;
    }
}


// ---- Lifetime -----------------------------------------------------------------------

cellar_lua *cellar_open(size_t memory_limit, long long time_budget_ns, double pattern_cost_limit,
                        cellar_dispatch_fn dispatch, cellar_print_fn print, void *owner) {
    cellar_lua *x = calloc(1, sizeof *x);
    if (!x) return NULL;
    x->limit = memory_limit;
    x->owner = owner;
    x->dispatch = dispatch;
    x->print = print;
    x->pattern_cost_limit = pattern_cost_limit;
    atomic_store(&x->budget_ns, time_budget_ns);
    lua_State *L = lua_newstate(cellar_alloc, x);
    if (!L) { cellar_pool_release(&x->pool); free(x); return NULL; }
    x->L = L;
    *(cellar_lua **)lua_getextraspace(L) = x;
    lua_pushcfunction(L, cellar_build_base);
    if (lua_pcall(L, 0, 0, 0) != LUA_OK) {
        lua_close(L);
        cellar_pool_release(&x->pool);
        free(x);
        return NULL;
    }
    lua_settop(L, 0);
    // Styles make short-lived tables per row and keep little: generational
    // collection suits that, as most objects die young and are reclaimed by
    // minor collections without traversing the long-lived ones.
    lua_gc(L, LUA_GCGEN, 0, 0);
    lua_pushcfunction(L, cellar_message_handler);            // slot 1, for cellar_pcall
    cellar_watchdog_add(x);
    return x;
}

void cellar_close(cellar_lua *x) {
    if (!x) return;
    cellar_watchdog_remove(x);
    lua_close(x->L);
    cellar_pool_release(&x->pool);
    free(x->traceback);
    free(x);
}
