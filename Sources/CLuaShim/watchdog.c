#include "CLuaShim.h"
#include "sandbox_internal.h"

#include <stdatomic.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>

// ---- Watchdog: one thread for all states --------------------------------------------

#include <pthread.h>
#include <time.h>

static pthread_mutex_t wd_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t wd_cond = PTHREAD_COND_INITIALIZER;
static cellar_lua *wd_list;
static int wd_started;
static const long WD_TICK_NS = 5 * 1000 * 1000;

static void timeout_hook(lua_State *L, lua_Debug *ar) {
    cellar_lua *x = cellar_extra(L);
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

void cellar_watchdog_add(cellar_lua *x) {
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

void cellar_watchdog_remove(cellar_lua *x) {
    pthread_mutex_lock(&wd_lock);
    for (cellar_lua **p = &wd_list; *p; p = &(*p)->next) {
        if (*p == x) { *p = x->next; break; }
    }
    pthread_mutex_unlock(&wd_lock);
}
