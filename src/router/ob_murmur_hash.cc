// Copyright (c) obkvlite authors.
//
// The KEY-partition hashes: OceanBase's MurmurHash64A (as in ob_murmur_hash
// and obkv-table-client-java's MurmurHash.hash64a) and the murmur3 option
// from libmurmurhash. This is the one place the hashes live.

#include <murmurhash.h>

#include <cstring>

#include "obkvlite/router.h"
#include "router/hash.h"

namespace obkvlite {
namespace {

// Reads 8 bytes as a little-endian word, as OceanBase does on x86.
inline uint64_t LoadLittleEndian64(const unsigned char* p) {
  uint64_t v;
  std::memcpy(&v, p, sizeof(v));
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
  v = __builtin_bswap64(v);
#endif
  return v;
}

}  // namespace

int64_t ObMurmurHash64A(std::string_view bytes, uint64_t seed) {
  constexpr uint64_t kM = 0xc6a4a7935bd1e995ULL;
  constexpr int kR = 47;
  const size_t len = bytes.size();
  const auto* data = reinterpret_cast<const unsigned char*>(bytes.data());
  const unsigned char* const end = data + (len & ~static_cast<size_t>(7));

  uint64_t h = seed ^ (static_cast<uint64_t>(len) * kM);
  for (; data != end; data += 8) {
    uint64_t k = LoadLittleEndian64(data);
    k *= kM;
    k ^= k >> kR;
    k *= kM;
    h ^= k;
    h *= kM;
  }
  switch (len & 7) {
    case 7:
      h ^= static_cast<uint64_t>(data[6]) << 48;
      [[fallthrough]];
    case 6:
      h ^= static_cast<uint64_t>(data[5]) << 40;
      [[fallthrough]];
    case 5:
      h ^= static_cast<uint64_t>(data[4]) << 32;
      [[fallthrough]];
    case 4:
      h ^= static_cast<uint64_t>(data[3]) << 24;
      [[fallthrough]];
    case 3:
      h ^= static_cast<uint64_t>(data[2]) << 16;
      [[fallthrough]];
    case 2:
      h ^= static_cast<uint64_t>(data[1]) << 8;
      [[fallthrough]];
    case 1:
      h ^= static_cast<uint64_t>(data[0]);
      h *= kM;
  }
  h ^= h >> kR;
  h *= kM;
  h ^= h >> kR;
  return static_cast<int64_t>(h);
}

int KeyPartitionIndex(int64_t h, int n) {
  // Negate in unsigned arithmetic so that |INT64_MIN| is 2^63.
  const uint64_t magnitude =
      h < 0 ? 0 - static_cast<uint64_t>(h) : static_cast<uint64_t>(h);
  return static_cast<int>(magnitude % static_cast<uint64_t>(n));
}

namespace router_internal {

int64_t Murmur3Hash64(std::string_view bytes) {
  uint64_t out[2] = {0, 0};
  lmmh_x64_128(bytes.data(), static_cast<unsigned int>(bytes.size()), 0, out);
  return static_cast<int64_t>(out[0]);
}

}  // namespace router_internal
}  // namespace obkvlite
