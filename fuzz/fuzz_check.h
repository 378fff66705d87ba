// Copyright (c) obkvlite authors.
//
// OBKV_FUZZ_CHECK(cond): a property a fuzz target asserts; a violation
// prints the condition and aborts, so libFuzzer saves the input as a crash.

#ifndef OBKVLITE_FUZZ_FUZZ_CHECK_H_
#define OBKVLITE_FUZZ_FUZZ_CHECK_H_

#include <cstdio>
#include <cstdlib>

#define OBKV_FUZZ_CHECK(cond)                                               \
  do {                                                                      \
    if (!(cond)) {                                                          \
      std::fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, \
                   #cond);                                                  \
      std::abort();                                                         \
    }                                                                       \
  } while (0)

#endif  // OBKVLITE_FUZZ_FUZZ_CHECK_H_
