// Guards for the library functions a style can reach.
//
// The time budget is enforced by a count hook, and hooks never run inside a
// C function: one call of string.rep, table.move or string.find could run
// for minutes. So every library function whose work is not bounded by the
// size of its arguments and result (both under the memory cap) estimates its
// work in "steps" before it starts and is refused above the work limit
// (`cellar_set_pattern_cost_limit`). One step is about one backtracking step
// of the pattern matcher; an element read or written through the table API
// (which may call a metamethod) counts ELEMENT_STEPS. The limit bounds every
// single call to a fraction of a second; between calls the hook stops loops.
//
// Every wrapper calls the original C function directly in its own frame
// (not through lua_call), so argument errors and locations read as before.
// Functions whose original would read `#t` a second time (a hostile __len
// may answer differently each time) are given the length explicitly or are
// reimplemented here.

#include "sandbox_internal.h"
#include <limits.h>
#include <stdio.h>
#include <string.h>

/// Steps charged per element read or written through lua_geti/lua_seti.
#define ELEMENT_STEPS 100.0
/// Steps charged per source byte load compiles (dense code compiles at
/// about the pace of this many matcher steps per byte).
#define COMPILE_STEPS 100.0
/// Steps charged per repetition string.rep makes, even of nothing.
#define REPEAT_STEPS 10.0

static int refuse(lua_State *L, const char *what, double steps) {
    char msg[200];
    snprintf(msg, sizeof msg, "refused: %s would take about %.3g steps (limit %.3g per library call)",
             what, steps, cellar_work_limit(L));
    return luaL_error(L, "%s", msg);
}

static void charge(lua_State *L, const char *what, double steps) {
    if (steps > cellar_work_limit(L)) refuse(L, what, steps);
}

/// Calls the original library function (upvalue 1) in this frame.
static int original(lua_State *L) {
    lua_CFunction f = lua_tocfunction(L, lua_upvalueindex(1));
    return f(L);
}

/// Elements in first...last (0 when empty), as a double so nothing overflows.
static double span(lua_Integer first, lua_Integer last) {
    return last < first ? 0 : (double)last - (double)first + 1;
}

// ---- Patterns -----------------------------------------------------------------------
//
// An upper bound on the matcher's steps: every start position (one when
// anchored) may walk the whole pattern, and every unbounded item (x*, x+,
// x-, %b, a back-reference) may be retried once per subject byte it can
// match, '?' twice. Plain search compares up to the needle's length at every
// start.

struct subject {
    const unsigned char *s;
    size_t n;
    size_t histogram[256];
    int counted;
};

static size_t class_count(struct subject *sub, int cls, int single) {
    if (!sub->counted) {
        memset(sub->histogram, 0, sizeof sub->histogram);
        for (size_t i = 0; i < sub->n; i++) sub->histogram[sub->s[i]]++;
        sub->counted = 1;
    }
    if (single) return sub->histogram[(unsigned char)cls];
    size_t count = 0;
    for (int c = 0; c < 256; c++) {
        int m;
        switch (cls | 0x20) {
            case 'a': m = (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z'); break;
            case 'd': m = c >= '0' && c <= '9'; break;
            case 's': m = c == ' ' || (c >= '\t' && c <= '\r'); break;
            case 'l': m = c >= 'a' && c <= 'z'; break;
            case 'u': m = c >= 'A' && c <= 'Z'; break;
            case 'w': m = (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9'); break;
            default: return sub->n;  // other classes: assume every byte
        }
        if (cls >= 'A' && cls <= 'Z') m = !m;
        if (m) count += sub->histogram[c];
    }
    return count;
}

static size_t skip_set(const char *p, size_t plen, size_t i) {  // i just after '['
    if (i < plen && p[i] == '^') i++;
    if (i < plen && p[i] == ']') i++;
    while (i < plen && p[i] != ']') i += (p[i] == '%') ? 2 : 1;
    return i + 1;
}

/// The estimate, or a value above `limit` as soon as it exceeds it (the
/// estimate itself then never costs more than the limit).
static double pattern_cost(struct subject *sub, const char *p, size_t plen, int may_anchor, double limit) {
    size_t n = sub->n, i = 0;
    double cost = (double)plen + 1;
    if (may_anchor && plen > 0 && p[0] == '^') i = 1;
    else cost *= (double)n + 1;
    while (i < plen && cost <= limit) {
        char c = p[i];
        int single = 1, cls = c;
        size_t unbounded = 0;  // an item whose retries do not depend on a class
        if (c == '(' || c == ')') { i++; continue; }
        if (c == '%' && i + 1 < plen) {
            char d = p[i + 1];
            if (d == 'b') { cost *= (double)n + 1; i += 4; continue; }
            if (d == 'f') { i += 2; if (i < plen && p[i] == '[') i = skip_set(p, plen, i + 1); continue; }
            if (d >= '0' && d <= '9') { cost *= (double)n + 1; i += 2; continue; }
            single = !(((d | 0x20) >= 'a' && (d | 0x20) <= 'z'));
            cls = (unsigned char)d;
            i += 2;
        } else if (c == '[') {
            i = skip_set(p, plen, i + 1);
            unbounded = 1;
        } else {
            unbounded = c == '.';
            i++;
        }
        if (i < plen) {
            char q = p[i];
            if (q == '*' || q == '+' || q == '-') {
                size_t matches = unbounded ? n : class_count(sub, cls, single);
                cost *= (double)matches + 1;
                i++;
            } else if (q == '?') {
                cost *= 2;
                i++;
            }
        }
    }
    return cost;
}

/// find/match/gmatch/gsub. Upvalues: the original, may_anchor, has_plain.
static int guarded_pattern(lua_State *L) {
    if (lua_type(L, 1) == LUA_TSTRING && lua_type(L, 2) == LUA_TSTRING) {
        int may_anchor = (int)lua_tointeger(L, lua_upvalueindex(2));
        int plain_arg = (int)lua_tointeger(L, lua_upvalueindex(3)) && lua_toboolean(L, 4);
        size_t n, plen;
        const char *s = lua_tolstring(L, 1, &n);
        const char *p = lua_tolstring(L, 2, &plen);
        double limit = cellar_work_limit(L), cost;
        if (plain_arg) {
            cost = ((double)n + 1) * ((double)plen + 1);
        } else {
            struct subject sub = { (const unsigned char *)s, n, {0}, 0 };
            cost = pattern_cost(&sub, p, plen, may_anchor, limit);
        }
        if (cost > limit) {
            char what[160];
            snprintf(what, sizeof what, "pattern '%.40s%s' (%zu bytes) over a subject of %zu bytes",
                     p, plen > 40 ? "..." : "", plen, n);
            return refuse(L, what, cost);
        }
    }
    return original(L);
}

// ---- string.gsub ----------------------------------------------------------------------
//
// Past its pattern, gsub's work grows with its replacement, once per match:
// a string is copied (its `%` items expanded), a function or a table's
// __index is called. Lua code called so is stopped by the time budget as any
// Lua code is; a C function (string.rep, or table.concat as __index) never
// reaches the hook, each call priced alone and their sum not at all, so it
// is refused as the replacement. A string is priced at a step per byte per
// possible match (every start position, or the call's limit `n`).

/// Whether reading a key of the table at `idx` may call a C function: an
/// __index chain (read raw, as Lua reads it) that ends in one, or one too long to follow.
static int index_calls_c(lua_State *L, int idx) {
    lua_pushvalue(L, idx);
    for (int depth = 0; depth < 100; depth++) {
        if (!lua_getmetatable(L, -1)) {
            lua_pop(L, 1);
            return 0;
        }
        lua_pushliteral(L, "__index");
        lua_rawget(L, -2);                             // t, mt, __index
        lua_replace(L, -3);                            // __index, mt
        lua_pop(L, 1);
        if (lua_iscfunction(L, -1)) {
            lua_pop(L, 1);
            return 1;
        }
        if (!lua_istable(L, -1)) {
            lua_pop(L, 1);
            return 0;
        }
    }
    lua_pop(L, 1);
    return 1;
}

/// gsub. Upvalues as guarded_pattern's, which it calls when the replacement passes.
static int guarded_gsub(lua_State *L) {
    int kind = lua_type(L, 3);
    if (kind == LUA_TFUNCTION && lua_iscfunction(L, 3))
        return luaL_error(L, "refused: string.gsub with a library function as the replacement (it would run once per "
                             "match outside the time budget); pass a Lua function that calls it");
    if (kind == LUA_TTABLE && index_calls_c(L, 3))
        return luaL_error(L, "refused: string.gsub with a table whose __index is a library function as the "
                             "replacement (it would run once per match outside the time budget)");
    if (kind == LUA_TSTRING && lua_type(L, 1) == LUA_TSTRING) {
        size_t n, length;
        lua_tolstring(L, 1, &n);
        lua_tolstring(L, 3, &length);
        double matches = (double)n + 1;
        if (lua_isinteger(L, 4) && (double)lua_tointeger(L, 4) < matches)
            matches = lua_tointeger(L, 4) < 0 ? 0 : (double)lua_tointeger(L, 4);
        charge(L, "string.gsub's replacement", matches * ((double)length + 1));
    }
    return guarded_pattern(L);
}

// ---- string.rep -----------------------------------------------------------------------

static int guarded_rep(lua_State *L) {
    size_t len, seplen = 0;
    luaL_checklstring(L, 1, &len);
    lua_Integer count = luaL_checkinteger(L, 2);
    luaL_optlstring(L, 3, "", &seplen);
    if (count > 0) {
        double bytes = (double)len * (double)count + (double)seplen * (double)(count - 1);
        if (bytes > (double)cellar_heap_limit(L)) {
            char msg[160];
            snprintf(msg, sizeof msg, "string.rep: result of %.0f bytes exceeds the memory limit of %zu bytes",
                     bytes, cellar_heap_limit(L));
            return luaL_error(L, "%s", msg);
        }
        // Each repetition is a step even when it copies nothing (rep("", huge)).
        charge(L, "string.rep", (double)count * REPEAT_STEPS + bytes / 16);
    }
    return original(L);
}

// ---- load ------------------------------------------------------------------------------

void cellar_charge_compile(lua_State *L, size_t bytes) {
    charge(L, "load", (double)bytes * COMPILE_STEPS);
}

// ---- table --------------------------------------------------------------------------------

/// table.concat(t [, sep [, i [, j]]]) with j read once.
static int guarded_concat(lua_State *L) {
    luaL_checktype(L, 1, LUA_TTABLE);
    luaL_optlstring(L, 2, "", NULL);
    lua_Integer first = luaL_optinteger(L, 3, 1);
    lua_Integer last = luaL_opt(L, luaL_checkinteger, 4, luaL_len(L, 1));
    charge(L, "table.concat", span(first, last) * ELEMENT_STEPS);
    lua_settop(L, 2);
    lua_pushinteger(L, first);
    lua_pushinteger(L, last);
    return original(L);
}

/// table.unpack(t [, i [, j]]) with j read once.
static int guarded_unpack(lua_State *L) {
    lua_Integer first = luaL_optinteger(L, 2, 1);
    lua_Integer last = luaL_opt(L, luaL_checkinteger, 3, luaL_len(L, 1));
    charge(L, "table.unpack", span(first, last) * ELEMENT_STEPS);
    lua_settop(L, 1);
    lua_pushinteger(L, first);
    lua_pushinteger(L, last);
    return original(L);
}

/// table.move(a1, f, e, t [, a2]): every argument is explicit.
static int guarded_move(lua_State *L) {
    lua_Integer f = luaL_checkinteger(L, 2), e = luaL_checkinteger(L, 3);
    charge(L, "table.move", span(f, e) * ELEMENT_STEPS);
    return original(L);
}

/// table.insert, as Lua's, with the shift charged first.
static int guarded_insert(lua_State *L) {
    luaL_checktype(L, 1, LUA_TTABLE);
    lua_Integer e = luaL_len(L, 1);
    e = (lua_Integer)((lua_Unsigned)e + 1u);
    lua_Integer pos;
    switch (lua_gettop(L)) {
        case 2: pos = e; break;
        case 3:
            pos = luaL_checkinteger(L, 2);
            luaL_argcheck(L, (lua_Unsigned)pos - 1u < (lua_Unsigned)e, 2, "position out of bounds");
            charge(L, "table.insert", span(pos, e) * ELEMENT_STEPS);
            for (lua_Integer i = e; i > pos; i--) {
                lua_geti(L, 1, i - 1);
                lua_seti(L, 1, i);
            }
            break;
        default: return luaL_error(L, "wrong number of arguments to 'insert'");
    }
    lua_seti(L, 1, pos);
    return 0;
}

/// table.remove, as Lua's, with the shift charged first.
static int guarded_remove(lua_State *L) {
    luaL_checktype(L, 1, LUA_TTABLE);
    lua_Integer size = luaL_len(L, 1);
    lua_Integer pos = luaL_optinteger(L, 2, size);
    if (pos != size)
        luaL_argcheck(L, (lua_Unsigned)pos - 1u <= (lua_Unsigned)size, 2, "position out of bounds");
    charge(L, "table.remove", span(pos, size) * ELEMENT_STEPS);
    lua_geti(L, 1, pos);
    for (; pos < size; pos++) {
        lua_geti(L, 1, pos + 1);
        lua_seti(L, 1, pos);
    }
    lua_pushnil(L);
    lua_seti(L, 1, pos);
    return 1;
}

/// table.sort: Lua's reads `#t` itself, so a table with __len (which could
/// answer small here and huge there) is refused; n log n comparisons charged.
static int guarded_sort(lua_State *L) {
    luaL_checktype(L, 1, LUA_TTABLE);
    if (luaL_getmetafield(L, 1, "__len") != LUA_TNIL)
        return luaL_error(L, "refused: table.sort on a table with a __len metamethod");
    double n = (double)lua_rawlen(L, 1), levels = 1;
    for (double m = n; m > 1; m /= 2) levels++;
    charge(L, "table.sort", n * levels * ELEMENT_STEPS);
    return original(L);
}

// ---- Installing -----------------------------------------------------------------------

static void wrap(lua_State *L, int lib, const char *name, lua_CFunction guard, int a, int b) {
    lua_getfield(L, lib, name);
    lua_pushinteger(L, a);
    lua_pushinteger(L, b);
    lua_pushcclosure(L, guard, 3);
    lua_setfield(L, lib, name);
}

void cellar_guard_string_library(lua_State *L, int str) {
    str = lua_absindex(L, str);
    wrap(L, str, "find", guarded_pattern, 1, 1);
    wrap(L, str, "match", guarded_pattern, 1, 0);
    wrap(L, str, "gmatch", guarded_pattern, 0, 0);
    wrap(L, str, "gsub", guarded_gsub, 1, 0);
    wrap(L, str, "rep", guarded_rep, 0, 0);
}

void cellar_guard_table_library(lua_State *L, int tab) {
    tab = lua_absindex(L, tab);
    wrap(L, tab, "concat", guarded_concat, 0, 0);
    wrap(L, tab, "unpack", guarded_unpack, 0, 0);
    wrap(L, tab, "move", guarded_move, 0, 0);
    wrap(L, tab, "sort", guarded_sort, 0, 0);
    lua_pushcfunction(L, guarded_insert);
    lua_setfield(L, tab, "insert");
    lua_pushcfunction(L, guarded_remove);
    lua_setfield(L, tab, "remove");
}
