// Copyright (c) obkvlite authors.
//
// ScanCounter: counts what one scan reads and returns
// (hbase/stats/request_counting.h): its read requests once it opened, then
// the rows and cells Next and NextCell return. A batched Next's chunks of
// one row count as one row, as do a row's cells read by NextCell (also
// when NextCell goes on with a row a batched Next began). A row read by
// NextCell is counted when it ends (its last cell, the scan's end, or the
// counter's destruction).
//
// CountingScanner wraps any scanner with one; a scanner that streams cells
// on its own hot path (NormalScanner) holds one instead of being wrapped.
//
// Thread safety: as the scanner it counts (one thread at a time).

#ifndef OBKVLITE_HBASE_STATS_SCAN_COUNTER_H_
#define OBKVLITE_HBASE_STATS_SCAN_COUNTER_H_

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "hbase/family_read.h"
#include "hbase/stats/request_counting.h"
#include "hbase/stats/table_counters.h"
#include "obkvlite/cell.h"

namespace obkvlite {

class ScanCounter {
 public:
  // The counter of a scan of `families` of `schema` into `counters` (a
  // ReadPlan's schema and families; `batched`: the plan has a batch); null
  // when `counters` is null (counting off).
  static std::unique_ptr<ScanCounter> For(
      std::shared_ptr<TableCounters> counters,
      std::shared_ptr<const TableSchema> schema,
      const std::vector<FamilyRead>& families, bool batched);

  ScanCounter(std::shared_ptr<TableCounters> counters,
              std::shared_ptr<const TableSchema> schema,
              std::vector<FamilyRead> families, bool batched);
  ~ScanCounter() { EndCellRow(); }
  ScanCounter(const ScanCounter&) = delete;
  ScanCounter& operator=(const ScanCounter&) = delete;

  // The scan's read requests, once it opened.
  void CountRequests(int64_t now_ms);
  // A cell NextCell returned; inline, as it runs per cell.
  void CountCell(const CellView& cell) {
    // A batched Next's row may go on in NextCell: counted as the same row.
    if (!in_cell_row_ || cell.first_in_row) {
      EndCellRow();
      in_cell_row_ = true;
      cell_counter_.BeginRow(cell.first_in_row);
    }
    cell_counter_.AddCell(cell.row, cell.family, cell.timestamp);
  }
  // Counts the row NextCell was returning, if any: at the scan's end and
  // before a Next.
  void EndCellRow() {
    if (!in_cell_row_) return;
    cell_counter_.EndRow();
    in_cell_row_ = false;
  }
  // A row (or a batch's chunk of one) Next returned.
  void CountRow(const RowResult& row);

 private:
  const bool batched_;  // the scan has a batch: rows come in chunks
  const std::shared_ptr<TableCounters> counters_;
  const std::shared_ptr<const TableSchema> schema_;  // families_ point here
  const std::vector<FamilyRead> families_;
  std::string last_row_;  // the row of the last chunk returned
  bool started_ = false;
  // Next: the rows returned (RowReadCounter holds them a while).
  RowReadCounter row_counter_;
  // NextCell: the row being returned, counted when it ends.
  RowReadCounter cell_counter_;
  bool in_cell_row_ = false;
};

}  // namespace obkvlite

#endif  // OBKVLITE_HBASE_STATS_SCAN_COUNTER_H_
