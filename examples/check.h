// Copyright (c) obkvlite authors.
//
// The examples' error handling: print what failed and why.

#ifndef OBKVLITE_EXAMPLES_CHECK_H_
#define OBKVLITE_EXAMPLES_CHECK_H_

#include <obkvlite/status.h>

#include <cstdio>

// Prints "<what>: <message>" and returns 1 when `status` is not OK, else 0.
inline int Check(const obkvlite::Status& status, const char* what) {
  if (status.ok()) return 0;
  std::fprintf(stderr, "%s: %s\n", what, status.message().c_str());
  return 1;
}

#endif  // OBKVLITE_EXAMPLES_CHECK_H_
