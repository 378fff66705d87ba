// Copyright (c) obkvlite authors.
//
// RoutedCell: one cell of a write with its family and partition, as the
// write path (hbase/write/write_path.h) routes it. Below the write path,
// so that request counting (hbase/stats/) can count writes without
// depending on it.
//
// Thread safety: a value of views; see the lifetime below.

#ifndef OBKVLITE_HBASE_ROUTED_CELL_H_
#define OBKVLITE_HBASE_ROUTED_CELL_H_

#include <cstdint>
#include <string_view>
#include <vector>

#include "hbase/table_schema.h"

namespace obkvlite {

// A RoutedCell's ttl_ms when the cell has no cell TTL (stored NULL).
inline constexpr int64_t kNoCellTtl = -1;

// One cell on its way to a partition table. The views point into the
// operation being applied and must outlive WriteCells.
struct RoutedCell {
  const FamilyInfo* family;
  int partition;
  std::string_view row;
  std::string_view qualifier;
  int64_t ts;
  std::string_view value;
  // Its cell TTL in ms (the family keeps them), or kNoCellTtl.
  int64_t ttl_ms = kNoCellTtl;
};

// The bytes `cells` carry (rows, qualifiers and values): a write's size
// for StoreOptions::group_commit.max_bytes.
inline int64_t CellBytes(const std::vector<RoutedCell>& cells) {
  int64_t bytes = 0;
  for (const RoutedCell& cell : cells) {
    bytes += static_cast<int64_t>(cell.row.size() + cell.qualifier.size() +
                                  cell.value.size());
  }
  return bytes;
}

}  // namespace obkvlite

#endif  // OBKVLITE_HBASE_ROUTED_CELL_H_
