// Copyright (c) obkvlite authors.
//
// GuardApi: runs the body of a public API function and turns any C++
// exception (std::bad_alloc, a std::length_error from a container...) into
// a Status, so no exception crosses the public API.
//
// Thread safety: stateless.

#ifndef OBKVLITE_HBASE_API_GUARD_H_
#define OBKVLITE_HBASE_API_GUARD_H_

#include <exception>
#include <new>
#include <string>

#include "obkvlite/status.h"

namespace obkvlite {

// The IOError of the exception being handled; `what` names the operation.
// REQUIRED: called inside a catch block.
inline Status CurrentExceptionStatus(const char* what) {
  try {
    throw;
  } catch (const std::bad_alloc&) {
    return Status::IOError(std::string(what) + ": out of memory");
  } catch (const std::exception& e) {
    return Status::IOError(std::string(what) + ": " + e.what());
  } catch (...) {
    return Status::IOError(std::string(what) + ": unknown exception");
  }
}

// `body` returns a Status or a Result<T>; `what` names the operation.
template <typename Body>
auto GuardApi(const char* what, Body&& body) -> decltype(body()) {
  try {
    return body();
  } catch (...) {
    return CurrentExceptionStatus(what);
  }
}

}  // namespace obkvlite

#endif  // OBKVLITE_HBASE_API_GUARD_H_
