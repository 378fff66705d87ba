// Copyright (c) obkvlite authors.
//
// The KEY level's scan pruning. A KEY level can skip buckets only when
// every key a scan may return hashes the same bytes: the scan covers one
// key, or (K_PREFIX) it lies inside [P, PrefixSuccessor(P)) for the
// n-byte prefix P of its smallest key.

#include "obkvlite/bytes.h"
#include "router/hash.h"
#include "router/levels.h"

namespace obkvlite {
namespace router_internal {

IndexInterval KeyIntervalOfKeys(const PartitionSpec& spec,
                                const KeyRange& keys) {
  if (KeyRangeIsEmpty(keys)) return IndexInterval::None();
  const std::string smallest = KeyRangeSmallestKey(keys);
  if (KeyRangeIsSingleKey(keys, smallest)) {
    return IndexInterval::One(KeyLevelIndex(spec, smallest));
  }
  const size_t n =
      spec.prefix_length > 0 ? static_cast<size_t>(spec.prefix_length) : 0;
  if (n > 0 && smallest.size() >= n) {
    const std::string_view prefix = std::string_view(smallest).substr(0, n);
    const std::string successor = PrefixSuccessor(prefix);
    // Every key >= prefix starts with it when the successor is empty
    // (prefix all 0xFF); otherwise the scan must stop by the successor.
    bool inside = successor.empty();
    if (!inside && !keys.hi_unbounded) {
      const int c = std::string_view(keys.hi).compare(successor);
      inside = keys.hi_inclusive ? c < 0 : c <= 0;
    }
    if (inside) return IndexInterval::One(KeyLevelIndex(spec, prefix));
  }
  return IndexInterval{0, spec.key_partitions - 1};
}

}  // namespace router_internal
}  // namespace obkvlite
