// Copyright (c) obkvlite authors.
//
// OBKV_ALWAYS_INLINE: inlines a small function of a per-cell read path
// into its callers even where the compiler's size heuristics would not
// (each call there costs a tenth of a cell's own work). For functions
// defined in a header, with few callers.
//
// Thread safety: a macro.

#ifndef OBKVLITE_UTIL_ALWAYS_INLINE_H_
#define OBKVLITE_UTIL_ALWAYS_INLINE_H_

#if defined(__GNUC__)
#define OBKV_ALWAYS_INLINE __attribute__((always_inline)) inline
#else
#define OBKV_ALWAYS_INLINE inline
#endif

#endif  // OBKVLITE_UTIL_ALWAYS_INLINE_H_
