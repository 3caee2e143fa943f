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

int cellar_lua_all_nil3(lua_State *L, int t, int k1, int k2, int k3) {
    t = lua_absindex(L, t);
    int keys[3] = { k1, k2, k3 };
    for (int i = 0; i < 3; i++) {
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
        lua_pushvalue(L, -2);
        lua_insert(L, -2);
        lua_rawset(L, dst);
        copied++;
    }
    lua_pushnil(L);
    while (lua_next(L, dst)) { lua_pop(L, 1); held++; }
    if (held == copied) return;
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
}

// ---- Small-block pool ----------------------------------------------------------------
//
// A style call makes and drops a handful of small objects per row (tables,
// their hash parts, strings). glibc's malloc/free keep per-block headers and
// general bookkeeping; Lua tells the allocator every block's size, so a
// header-less pool with one free list per 16-byte class serves each with a
// list pop or push. Freed blocks stay in their class until the state closes (bounded by
// the state's peak, which the memory cap already bounds).

enum { POOL_GRAIN = 16, POOL_CLASSES = 32, POOL_MAX = POOL_GRAIN * POOL_CLASSES, POOL_CHUNK = 64 * 1024 };

struct cellar_pool {
    void *free[POOL_CLASSES + 1];   // by class, 1...POOL_CLASSES
    char *next, *end;               // bump region of the newest chunk
    void *chunks;                   // every chunk, linked through its first word
};

static inline size_t pool_class(size_t n) { return (n + POOL_GRAIN - 1) / POOL_GRAIN; }

static void *pool_take(struct cellar_pool *p, size_t cls) {
    void *b = p->free[cls];
    if (b) {
        p->free[cls] = *(void **)b;
        return b;
    }
    size_t size = cls * POOL_GRAIN;
    if ((size_t)(p->end - p->next) < size) {
        char *chunk = malloc(POOL_CHUNK);
        if (!chunk) return NULL;
        *(void **)chunk = p->chunks;
        p->chunks = chunk;
        p->next = chunk + POOL_GRAIN;   // the first grain holds the link
        p->end = chunk + POOL_CHUNK;
    }
    b = p->next;
    p->next += size;
    return b;
}

static inline void pool_give(struct cellar_pool *p, void *b, size_t cls) {
    *(void **)b = p->free[cls];
    p->free[cls] = b;
}

/// realloc over the pool: blocks up to POOL_MAX live in it, larger ones in malloc.
static void *pool_realloc(struct cellar_pool *p, void *ptr, size_t old, size_t nsize) {
    size_t oc = ptr && old <= POOL_MAX ? pool_class(old) : 0;
    if (nsize == 0) {
        if (oc) pool_give(p, ptr, oc); else free(ptr);
        return NULL;
    }
    if (nsize > POOL_MAX) {
        if (!ptr || !oc) return realloc(ptr, nsize);
        void *b = malloc(nsize);
        if (!b) return NULL;
        memcpy(b, ptr, old);
        pool_give(p, ptr, oc);
        return b;
    }
    size_t nc = pool_class(nsize);
    if (nc == oc) return ptr;
    void *b = pool_take(p, nc);
    if (!b) return NULL;
    if (ptr) {
        memcpy(b, ptr, old < nsize ? old : nsize);
        if (oc) pool_give(p, ptr, oc); else free(ptr);
    }
    return b;
}

static void pool_release(struct cellar_pool *p) {
    for (void *c = p->chunks; c; ) {
        void *next = *(void **)c;
        free(c);
        c = next;
    }
    memset(p, 0, sizeof *p);
}

// ---- The per-state record ----------------------------------------------------------

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

static cellar_lua *extra(lua_State *L) { return *(cellar_lua **)lua_getextraspace(L); }

lua_State *cellar_state(cellar_lua *x) { return x->L; }
void cellar_set_owner(cellar_lua *x, void *owner) { x->owner = owner; }
void cellar_set_memory_limit(cellar_lua *x, size_t limit) { x->limit = limit; }
size_t cellar_memory_limit(cellar_lua *x) { return x->limit; }
size_t cellar_memory_used(cellar_lua *x) { return x->used; }
void cellar_set_time_budget(cellar_lua *x, long long ns) { atomic_store(&x->budget_ns, ns); }
long long cellar_time_budget(cellar_lua *x) { return atomic_load(&x->budget_ns); }
void cellar_set_pattern_cost_limit(cellar_lua *x, double limit) { x->pattern_cost_limit = limit; }
double cellar_work_limit(lua_State *L) { return extra(L)->pattern_cost_limit; }
size_t cellar_heap_limit(lua_State *L) { return extra(L)->limit; }

/// Records the innermost Lua frame with a line (level >= `from`) as the
/// failure's location. Reads debug info only; allocates nothing.
static void record_where(cellar_lua *x, lua_State *L, int from) {
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

// ---- Memory cap ------------------------------------------------------------------------

static void *cellar_alloc(void *ud, void *ptr, size_t osize, size_t nsize) {
    cellar_lua *x = ud;
    size_t old = ptr ? osize : 0;  // for new blocks osize is a type tag
    if (nsize == 0) {
        pool_realloc(&x->pool, ptr, old, 0);
        x->used -= old;
        return NULL;
    }
    if (nsize > old && x->enforce && x->used - old + nsize > x->limit) {
        x->memory_hit = 1;
        x->memory_hit_deep = 0;
        x->where[0] = 0;
        x->where_line = 0;
        if (x->L) {
#if LUA_VERSION_RELEASE_NUM <= 50404
            // Safe up to 5.4.4: a stack reallocation there allocates a new
            // block while the frames still point into the old one. From
            // 5.4.5 frames hold offsets during it, so the location is skipped.
            record_where(x, x->L, 0);
            // Frames count against the cap, so runaway recursion ends here
            // (before Lua's own stack limit): say so rather than "memory".
            lua_Debug deep;
            x->memory_hit_deep = lua_getstack(x->L, CELLAR_DEEP_RECURSION, &deep);
#endif
        }
        return NULL;
    }
    void *p = pool_realloc(&x->pool, ptr, old, nsize);
    if (p) x->used = x->used - old + nsize;
    return p;
}

// ---- Watchdog: one thread for all states --------------------------------------------

#include <pthread.h>
#include <time.h>

static pthread_mutex_t wd_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t wd_cond = PTHREAD_COND_INITIALIZER;
static cellar_lua *wd_list;
static int wd_started;
static const long WD_TICK_NS = 5 * 1000 * 1000;

static void timeout_hook(lua_State *L, lua_Debug *ar) {
    cellar_lua *x = extra(L);
    if (atomic_load(&x->depth) == 0 ||
        atomic_load(&x->fired_generation) != atomic_load(&x->generation)) {
        atomic_store(&x->hook_armed, 0);
        lua_sethook(L, NULL, 0, 0);  // armed for a call that already ended
        return;
    }
    // The hook stays armed: a script's own pcall may catch this error, and
    // the next instruction raises it again until the outermost call ends.
    x->timed_out = 1;
    lua_getinfo(L, "Sl", ar);
    const char *src = (ar->source[0] == '@' || ar->source[0] == '=') ? ar->source + 1 : ar->short_src;
    long long ms = atomic_load(&x->budget_ns) / 1000000;
    lua_pushfstring(L, "%s:%d: time budget of %I ms exceeded (endless loop?)", src, ar->currentline,
                    (lua_Integer)ms);
    lua_error(L);
}

static long long elapsed_ns(struct timespec a, struct timespec b) {
    return (long long)(b.tv_sec - a.tv_sec) * 1000000000LL + (b.tv_nsec - a.tv_nsec);
}

static void *watchdog_main(void *unused) {
    (void)unused;
    pthread_mutex_lock(&wd_lock);
    for (;;) {
        while (wd_list == NULL) pthread_cond_wait(&wd_cond, &wd_lock);
        struct timespec now;
        clock_gettime(CLOCK_MONOTONIC, &now);
        for (cellar_lua *x = wd_list; x; x = x->next) {
            unsigned long g = atomic_load(&x->generation);
            if (atomic_load(&x->depth) == 0) { x->watching = 0; continue; }
            if (!x->watching || x->seen_generation != g) {
                // First sight of this call: it started within the last tick.
                x->watching = 1;
                x->seen_generation = g;
                x->seen_at = now;
                continue;
            }
            if (elapsed_ns(x->seen_at, now) >= atomic_load(&x->budget_ns) &&
                atomic_load(&x->fired_generation) != g) {
                atomic_store(&x->fired_generation, g);
                atomic_store(&x->hook_armed, 1);
                lua_sethook(x->L, timeout_hook, LUA_MASKCOUNT, 1);  // async-safe per Lua's manual
            }
        }
        pthread_mutex_unlock(&wd_lock);
        struct timespec tick = {0, WD_TICK_NS};
        nanosleep(&tick, NULL);
        pthread_mutex_lock(&wd_lock);
    }
    return NULL;
}

static void watchdog_add(cellar_lua *x) {
    pthread_mutex_lock(&wd_lock);
    x->next = wd_list;
    wd_list = x;
    if (!wd_started) {
        pthread_t t;
        pthread_attr_t attr;
        pthread_attr_init(&attr);
        pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
        if (pthread_create(&t, &attr, watchdog_main, NULL) == 0) wd_started = 1;
        pthread_attr_destroy(&attr);
    }
    pthread_cond_signal(&wd_cond);
    pthread_mutex_unlock(&wd_lock);
}

static void watchdog_remove(cellar_lua *x) {
    pthread_mutex_lock(&wd_lock);
    for (cellar_lua **p = &wd_list; *p; p = &(*p)->next) {
        if (*p == x) { *p = x->next; break; }
    }
    pthread_mutex_unlock(&wd_lock);
}

// ---- Message handler and protected calls ------------------------------------------

static int message_handler(lua_State *L) {
    cellar_lua *x = extra(L);
    int prev = x->enforce;
    x->enforce = 0;  // recording the failure must not fail for lack of memory
    if (lua_type(L, 1) != LUA_TSTRING) {
        lua_pushfstring(L, "(error object is a %s value)", luaL_typename(L, 1));
        lua_replace(L, 1);
    }
    x->where[0] = 0;
    x->where_line = 0;
    record_where(x, L, 1);
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
    if (fn <= 1 || lua_tocfunction(L, 1) != message_handler) {
        lua_pushcfunction(L, message_handler);
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
    cellar_lua *x = extra(L);
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
    extra(L)->row_writes++;
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

static int safe_rawset(lua_State *L) {
    luaL_checktype(L, 1, LUA_TTABLE);
    luaL_checkany(L, 2);
    luaL_checkany(L, 3);
    if (is_protected(L, 1)) return luaL_error(L, "rawset: the shared tables (libraries, ctx, state) are read-only");
    if (is_row_table(L, 1)) extra(L)->row_writes++;
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
    cellar_lua *x = extra(L);
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
static int build_base(lua_State *L) {
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
    lua_createtable(L, 0, 4);
    lua_pushvalue(L, -1);
    lua_setfield(L, -2, "_G");
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
    if (!L) { pool_release(&x->pool); free(x); return NULL; }
    x->L = L;
    *(cellar_lua **)lua_getextraspace(L) = x;
    lua_pushcfunction(L, build_base);
    if (lua_pcall(L, 0, 0, 0) != LUA_OK) {
        lua_close(L);
        pool_release(&x->pool);
        free(x);
        return NULL;
    }
    lua_settop(L, 0);
    // Styles make short-lived tables per row and keep little: generational
    // collection suits that, as most objects die young and are reclaimed by
    // minor collections without traversing the long-lived ones.
    lua_gc(L, LUA_GCGEN, 0, 0);
    lua_pushcfunction(L, message_handler);            // slot 1, for cellar_pcall
    watchdog_add(x);
    return x;
}

void cellar_close(cellar_lua *x) {
    if (!x) return;
    watchdog_remove(x);
    lua_close(x->L);
    pool_release(&x->pool);
    free(x->traceback);
    free(x);
}
