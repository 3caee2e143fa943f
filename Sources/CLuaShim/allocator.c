#include "CLuaShim.h"
#include "sandbox_internal.h"

#include <stdatomic.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>

// The allocator of every Lua state: a small-block pool under the memory cap.
// Kept in one file so the pool inlines into the allocator.

// ---- Small-block pool ----------------------------------------------------------------
//
// A style call makes and drops a handful of small objects per row (tables,
// their hash parts, strings). glibc's malloc/free keep per-block headers and
// general bookkeeping; Lua tells the allocator every block's size, so a
// header-less pool with one free list per 16-byte class serves each with a
// list pop or push. Freed blocks stay in their class until the state closes (bounded by
// the state's peak, which the memory cap already bounds).

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
static void *cellar_pool_realloc(struct cellar_pool *p, void *ptr, size_t old, size_t nsize) {
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

void cellar_pool_release(struct cellar_pool *p) {
    for (void *c = p->chunks; c; ) {
        void *next = *(void **)c;
        free(c);
        c = next;
    }
    memset(p, 0, sizeof *p);
}

// ---- Memory cap ------------------------------------------------------------------------

void *cellar_alloc(void *ud, void *ptr, size_t osize, size_t nsize) {
    cellar_lua *x = ud;
    size_t old = ptr ? osize : 0;  // for new blocks osize is a type tag
    if (nsize == 0) {
        cellar_pool_realloc(&x->pool, ptr, old, 0);
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
            cellar_record_where(x, x->L, 0);
            // Frames count against the cap, so runaway recursion ends here
            // (before Lua's own stack limit): say so rather than "memory".
            lua_Debug deep;
            x->memory_hit_deep = lua_getstack(x->L, CELLAR_DEEP_RECURSION, &deep);
#endif
        }
        return NULL;
    }
    void *p = cellar_pool_realloc(&x->pool, ptr, old, nsize);
    if (p) x->used = x->used - old + nsize;
    return p;
}
