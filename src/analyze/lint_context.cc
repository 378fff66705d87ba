// Copyright (c) obkvlite authors.
//
// What the lint rules ask about a family's design: whether its partitioning
// places keys in byte order, and whether its rowkey declares a fan-out
// prefix.

#include "analyze/analyze_internal.h"

namespace obkvlite {
namespace analyze_internal {

bool PlacesKeysInOrder(const PartitionSpec& p) {
  return p.strategy == PartitionStrategy::kRange &&
         p.range_column == RangeColumn::kK;
}

bool DeclaresFanOut(const RowkeySpec* rowkey) {
  if (rowkey == nullptr) return false;
  if (rowkey->salted()) return true;
  return !rowkey->fields.empty() &&
         rowkey->fields.front().transform == RowkeyTransform::kModulo;
}

}  // namespace analyze_internal
}  // namespace obkvlite
