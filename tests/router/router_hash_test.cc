// Copyright (c) obkvlite authors.
//
// Tests of the KEY-partition hashes (DESIGN §3; src/router/ob_murmur_hash.cc,
// src/router/hash.h): ObMurmurHash64A, Murmur3Hash64 and KeyPartitionIndex.
//
// Hash vectors come from obkv-table-client-java's tests or were computed with
// an independent Python MurmurHash64A / MurmurHash3_x64_128 (which reproduce
// the Java client's hash("partitionKey") and mmh3's hash("hello")).

#include <doctest/doctest.h>

#include <cstdint>
#include <string>
#include <string_view>

#include "obkvlite/bytes.h"
#include "obkvlite/router.h"
#include "router/hash.h"
#include "router_test_support.h"

namespace obkvlite {
namespace testing {
namespace {

using namespace std::string_literals;

// ---- Hashes ----

TEST_CASE("ObMurmurHash64A: obkv-table-client-java vector") {
  CHECK(ObMurmurHash64A("partitionKey") == -6632533813747801170LL);
  CHECK(ObMurmurHash64A("partitionKey", 0) == -6632533813747801170LL);
}

TEST_CASE("ObMurmurHash64A: every tail length and binary bytes") {
  struct Vector {
    std::string bytes;
    int64_t hash;
  };
  const Vector vectors[] = {
      {"", 0},
      {"a", 510903276987443985LL},
      {"ab", 7115271465109541368LL},
      {"abc", -7148968302806999301LL},
      {"abcd", -1436572670970492550LL},
      {"abcde", 1261737182030650295LL},
      {"abcdef", -5220177580319479943LL},
      {"abcdefg", 2601573339036254301LL},
      {"abcdefgh", -5775019520204625256LL},
      {"abcdefghi", -3910857017675978046LL},
      {"abcdefghijklmnop", -3163206607986093126LL},
      {"abcdefghijklmnopq", 1124046681825084455LL},
      {"\x00"s, 6351753276682545529LL},
      {"\xff"s, 3866667633532608802LL},
      {"\x00\xff\x00\xff"s, 2749498070918130433LL},
      {"\xff\xff\xff\xff\xff\xff\xff\xff\x00"s, 2268834886548011103LL},
  };
  for (const Vector& v : vectors) {
    CAPTURE(ToStringBinary(v.bytes));
    CHECK(ObMurmurHash64A(v.bytes) == v.hash);
  }
  CHECK(ObMurmurHash64A("partitionKey", 1) == -3041776076915886603LL);
}

TEST_CASE("ObMurmurHash64A: hashes a view without reading past it") {
  const std::string backing = "partitionKeyXYZ";
  CHECK(ObMurmurHash64A(std::string_view(backing).substr(0, 12)) ==
        -6632533813747801170LL);
}

TEST_CASE("KeyPartitionIndex: |h| % n with |INT64_MIN| = 2^63") {
  CHECK(KeyPartitionIndex(0, 97) == 0);
  CHECK(KeyPartitionIndex(5, 3) == 2);
  CHECK(KeyPartitionIndex(-5, 3) == 2);
  CHECK(KeyPartitionIndex(-6632533813747801170LL, 97) == 80);
  CHECK(KeyPartitionIndex(kInt64Min, 97) == 79);  // 2^63 % 97
  CHECK(KeyPartitionIndex(kInt64Min, 3) == 2);
  CHECK(KeyPartitionIndex(kInt64Min, 16) == 0);
  CHECK(KeyPartitionIndex(kInt64Max, 97) == 78);
  CHECK(KeyPartitionIndex(kInt64Min, 1) == 0);
  CHECK(KeyPartitionIndex(123456789, 1) == 0);
}

TEST_CASE("Murmur3Hash64: first word of MurmurHash3_x64_128, seed 0") {
  struct Vector {
    std::string bytes;
    int64_t hash;
  };
  const Vector vectors[] = {
      {"", 0},
      {"hello", -3758069500696749310LL},  // mmh3.hash64("hello")[0]
      {"partitionKey", -7786573446275553535LL},
      {"abcdefghijklmnop", -4266531025627334877LL},
      {"abcdefghijklmnopq", 8459014091212432983LL},
      {"\x00\xff"s, -2476662096183316416LL},
      {"The quick brown fox jumps over t", -2347790358364300593LL},
  };
  for (const Vector& v : vectors) {
    CAPTURE(ToStringBinary(v.bytes));
    CHECK(router_internal::Murmur3Hash64(v.bytes) == v.hash);
  }
}

}  // namespace
}  // namespace testing
}  // namespace obkvlite
