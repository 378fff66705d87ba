// Copyright (c) obkvlite authors.
//
// CellsPerRowHint: how many cells a row of one family held in the reads
// seen so far, so that a server scan limited to n rows asks for about the
// cells of n rows in its first page (hbase/read/partition_cursor.h), not a
// guess many times that. A hint only sizes a page: a wrong one costs a
// second page or a larger one, never a wrong result.
//
// It starts at kInitial, follows the cells per row a full first page
// showed (Observe), and doubles where a first page held too few rows
// (Grow), within [1, kMax].
// Thread safety: safe from many threads (a relaxed atomic; concurrent
// readers may overwrite each other's observation, which only sizes pages).

#ifndef OBKVLITE_HBASE_CELLS_PER_ROW_HINT_H_
#define OBKVLITE_HBASE_CELLS_PER_ROW_HINT_H_

#include <algorithm>
#include <atomic>
#include <cstdint>

namespace obkvlite {

class CellsPerRowHint {
 public:
  static constexpr int32_t kInitial = 16;
  static constexpr int32_t kMax = 1 << 16;

  CellsPerRowHint() = default;
  // Copies carry the value (a FamilyInfo is built in a vector).
  CellsPerRowHint(const CellsPerRowHint& other) : value_(other.get()) {}
  CellsPerRowHint& operator=(const CellsPerRowHint& other) {
    value_.store(other.get(), std::memory_order_relaxed);
    return *this;
  }

  int32_t get() const { return value_.load(std::memory_order_relaxed); }
  // `rows` whole rows held `cells` cells: the hint becomes their mean,
  // rounded up. REQUIRED: rows > 0.
  void Observe(int64_t cells, int64_t rows) {
    const int64_t mean = (cells + rows - 1) / rows;
    value_.store(static_cast<int32_t>(std::clamp<int64_t>(mean, 1, kMax)),
                 std::memory_order_relaxed);
  }
  // A page sized by the hint held fewer rows than asked: rows are larger.
  void Grow() {
    value_.store(std::min(get() * 2, kMax), std::memory_order_relaxed);
  }

 private:
  std::atomic<int32_t> value_{kInitial};
};

}  // namespace obkvlite

#endif  // OBKVLITE_HBASE_CELLS_PER_ROW_HINT_H_
