// Copyright (c) obkvlite authors.
#include "hbase/stats/scan_counter.h"

#include <utility>

namespace obkvlite {

std::unique_ptr<ScanCounter> ScanCounter::For(
    std::shared_ptr<TableCounters> counters,
    std::shared_ptr<const TableSchema> schema,
    const std::vector<FamilyRead>& families, bool batched) {
  if (counters == nullptr) return nullptr;
  return std::make_unique<ScanCounter>(std::move(counters), std::move(schema),
                                       families, batched);
}

ScanCounter::ScanCounter(std::shared_ptr<TableCounters> counters,
                         std::shared_ptr<const TableSchema> schema,
                         std::vector<FamilyRead> families, bool batched)
    : batched_(batched),
      counters_(std::move(counters)),
      schema_(std::move(schema)),
      families_(std::move(families)),
      row_counter_(counters_.get(), *schema_, families_),
      cell_counter_(counters_.get(), *schema_, families_) {}

void ScanCounter::CountRequests(int64_t now_ms) {
  CountReadRequests(counters_.get(), *schema_, families_, now_ms);
}

void ScanCounter::CountRow(const RowResult& row) {
  // A scan's batch splits a row into chunks of one row each: one row.
  const bool new_row = !batched_ || !started_ || row.row != last_row_;
  if (!row.cells.empty()) {
    row_counter_.BeginRow(new_row);
    for (const Cell& cell : row.cells) {
      row_counter_.AddCell(row.row, cell.family, cell.timestamp);
    }
    row_counter_.EndRow();
  }
  if (batched_ && new_row) {
    last_row_ = row.row;
    started_ = true;
  }
}

}  // namespace obkvlite
