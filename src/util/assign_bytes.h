// Copyright (c) obkvlite authors.
//
// AssignBytes: `*s` = `bytes`, in place when the sizes already match (a
// reused cell slot or column name of a row of the same shape), which is
// cheaper than std::string::assign's general replace, and without a call
// of memcpy up to 16 bytes (a qualifier, most row keys). The hot read
// paths copy every cell's row, qualifier and value with it.
//
// REQUIRED: `bytes` does not point into `*s`.
// Thread safety: a plain function.

#ifndef OBKVLITE_UTIL_ASSIGN_BYTES_H_
#define OBKVLITE_UTIL_ASSIGN_BYTES_H_

#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>

namespace obkvlite {
namespace assign_bytes_internal {

// to[0, n) = from[0, n) for sizeof(Word) <= n <= 2 * sizeof(Word): the
// first and the last word, both loaded before either is stored.
template <typename Word>
inline void CopyEnds(char* to, const char* from, size_t n) {
  Word head, tail;
  std::memcpy(&head, from, sizeof(Word));
  std::memcpy(&tail, from + n - sizeof(Word), sizeof(Word));
  std::memcpy(to, &head, sizeof(Word));
  std::memcpy(to + n - sizeof(Word), &tail, sizeof(Word));
}

}  // namespace assign_bytes_internal

inline void AssignBytes(std::string* s, std::string_view bytes) {
  using namespace assign_bytes_internal;
  const size_t n = bytes.size();
  if (s->size() == n) {
    char* to = &(*s)[0];
    const char* from = bytes.data();
    if (n > 16) {
      std::memcpy(to, from, n);
    } else if (n >= 8) {
      CopyEnds<uint64_t>(to, from, n);
    } else if (n >= 4) {
      CopyEnds<uint32_t>(to, from, n);
    } else {
      for (size_t i = 0; i < n; ++i) to[i] = from[i];
    }
  } else {
    s->assign(bytes.data(), bytes.size());
  }
}

}  // namespace obkvlite

#endif  // OBKVLITE_UTIL_ASSIGN_BYTES_H_
