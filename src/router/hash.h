// Copyright (c) obkvlite authors.
//
// Internal: the KEY-partition hashes. The public ObMurmurHash64A and
// KeyPartitionIndex are declared in obkvlite/router.h; this header adds the
// murmur3 option and the spec-driven dispatch the router uses. All of them
// are defined in ob_murmur_hash.cc, the one place the hashes live.
//
// Thread safety: pure functions, safe from any thread.

#ifndef OBKVLITE_ROUTER_HASH_H_
#define OBKVLITE_ROUTER_HASH_H_

#include <cstdint>
#include <string_view>

#include "obkvlite/router.h"
#include "obkvlite/spec.h"

namespace obkvlite {
namespace router_internal {

// MurmurHash3_x64_128 (libmurmurhash, seed 0); the first 64-bit word of the
// digest as a signed integer. hash("hello") is -3758069500696749310.
int64_t Murmur3Hash64(std::string_view bytes);

// The hash `fn` of `bytes`.
inline int64_t HashBytes(HashFunction fn, std::string_view bytes) {
  return fn == HashFunction::kMurmur3 ? Murmur3Hash64(bytes)
                                      : ObMurmurHash64A(bytes);
}

// The bytes a KEY level hashes: K, or K_PREFIX = the first `prefix_length`
// bytes of K (all of K when it is shorter). Does not copy.
inline std::string_view HashedKeyPart(std::string_view rowkey,
                                      int prefix_length) {
  if (prefix_length > 0 && rowkey.size() > static_cast<size_t>(prefix_length)) {
    return rowkey.substr(0, static_cast<size_t>(prefix_length));
  }
  return rowkey;
}

// The KEY-level index of `rowkey` under `spec` (hash, prefix_length and
// key_partitions). REQUIRED: spec.key_partitions >= 1.
inline int KeyLevelIndex(const PartitionSpec& spec, std::string_view rowkey) {
  return KeyPartitionIndex(
      HashBytes(spec.hash, HashedKeyPart(rowkey, spec.prefix_length)),
      spec.key_partitions);
}

}  // namespace router_internal
}  // namespace obkvlite

#endif  // OBKVLITE_ROUTER_HASH_H_
