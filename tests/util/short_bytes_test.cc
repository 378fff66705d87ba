// Copyright (c) obkvlite authors.
//
// The inline byte helpers of the per-cell read paths: SameBytes
// (util/same_bytes.h) agrees with std::string_view's == and AssignBytes
// (util/assign_bytes.h) copies exactly, at every length across their word
// paths (0-3, 4-7, 8-16, 17-32, longer) and for a difference at every
// position.

#include <doctest/doctest.h>

#include <string>
#include <string_view>

#include "util/assign_bytes.h"
#include "util/same_bytes.h"

namespace obkvlite {
namespace {

// n bytes that differ from one length to the next, zero bytes included.
std::string Bytes(size_t n, char seed) {
  std::string s(n, '\0');
  for (size_t i = 0; i < n; ++i) s[i] = static_cast<char>(seed + 7 * i);
  return s;
}

TEST_CASE("SameBytes is == at every length and every differing position") {
  for (size_t n = 0; n <= 40; ++n) {
    CAPTURE(n);
    const std::string a = Bytes(n, 'a');
    std::string b = a;  // another buffer, the same bytes
    CHECK(SameBytes(a, b));
    for (size_t i = 0; i < n; ++i) {
      CAPTURE(i);
      std::string c = a;
      c[i] = static_cast<char>(c[i] ^ 0x5a);
      CHECK_FALSE(SameBytes(a, c));
      CHECK_FALSE(SameBytes(c, a));
    }
    // A prefix, or one byte more, is never the same.
    if (n > 0) CHECK_FALSE(SameBytes(a, std::string_view(a).substr(0, n - 1)));
    CHECK_FALSE(SameBytes(a, a + "x"));
  }
  CHECK(SameBytes(std::string_view(), std::string_view("", 0)));
}

TEST_CASE("SameBytes compares views into the middle of a buffer") {
  // Unaligned starts: the word loads must not assume alignment.
  const std::string buf = Bytes(80, 'k');
  for (size_t off = 0; off < 8; ++off) {
    for (size_t n : {3, 5, 9, 15, 16, 17, 23, 31, 32, 33}) {
      const std::string_view a(buf.data() + off, n);
      const std::string copy(a);
      CHECK(SameBytes(a, copy));
      const std::string_view b(buf.data() + off + 1, n);  // other bytes
      CHECK(SameBytes(a, b) == (a == b));
    }
  }
}

TEST_CASE("AssignBytes copies exactly into a string of the same size or not") {
  for (size_t n = 0; n <= 40; ++n) {
    CAPTURE(n);
    const std::string from = Bytes(n, 'q');
    std::string same(n, '#');  // in place
    AssignBytes(&same, from);
    CHECK(same == from);
    std::string other = "prior contents of another size";
    if (other.size() == n) other += "!";
    AssignBytes(&other, from);
    CHECK(other == from);
    CHECK(other.size() == n);
  }
}

}  // namespace
}  // namespace obkvlite
