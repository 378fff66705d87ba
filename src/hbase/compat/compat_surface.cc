// Copyright (c) obkvlite authors.
//
// The thread's compatibility surface (obkvlite/compat.h).

#include "obkvlite/compat.h"

namespace obkvlite {
namespace {

thread_local const char* current_surface = nullptr;

}  // namespace

const char* CurrentCompatSurface() {
  return current_surface != nullptr ? current_surface : "library";
}

ScopedCompatSurface::ScopedCompatSurface(const char* name)
    : previous_(current_surface) {
  current_surface = name;
}

ScopedCompatSurface::~ScopedCompatSurface() { current_surface = previous_; }

}  // namespace obkvlite
