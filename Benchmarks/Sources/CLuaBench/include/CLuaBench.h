#ifndef CLUABENCH_H
#define CLUABENCH_H
#include <lua.h>

// Raw C API baselines for cellar-bench: the same work the Swift bridge does,
// written directly against lua.h, on the same lua_State. `msgh` is the stack
// index of a message handler (0 for none).

/// Calls the function in registry slot `fn` with no arguments `n` times.
/// Returns the number of failed calls.
long cellar_bench_c_empty(lua_State *L, int fn, int msgh, long n);

/// `n` times: calls registry function `fn` with {title=title, detail=detail}
/// and reads fields `text` (string) and `width` (integer) of the table it
/// returns. Returns the sum of widths plus text lengths (so the reads count).
long cellar_bench_c_roundtrip(lua_State *L, int fn, int msgh, long n,
                              const char *title, const char *detail);
#endif
