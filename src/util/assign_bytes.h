// Copyright (c) obkvlite authors.
//
// AssignBytes: `*s` = `bytes`, in place when the sizes already match (a
// reused cell slot or column name of a row of the same shape), which is
// cheaper than std::string::assign's general replace. The hot read paths
// copy every cell's row, qualifier and value with it.
//
// REQUIRED: `bytes` does not point into `*s`.
// Thread safety: a plain function.

#ifndef OBKVLITE_UTIL_ASSIGN_BYTES_H_
#define OBKVLITE_UTIL_ASSIGN_BYTES_H_

#include <cstring>
#include <string>
#include <string_view>

namespace obkvlite {

inline void AssignBytes(std::string* s, std::string_view bytes) {
  if (s->size() == bytes.size()) {
    if (!bytes.empty()) std::memcpy(&(*s)[0], bytes.data(), bytes.size());
  } else {
    s->assign(bytes.data(), bytes.size());
  }
}

}  // namespace obkvlite

#endif  // OBKVLITE_UTIL_ASSIGN_BYTES_H_
