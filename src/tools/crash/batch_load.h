// Copyright (c) obkvlite authors.
//
// The batch workload shared by the crash writer (obkv-crash-writer), the
// crash test and the concurrency tests: batch N of writer W is one
// Table::Put of kRowsPerBatch rows, each with one cell in family f and one
// in g, spread over the 7 KEY partitions of table "crash". A batch is
// atomic, so a reader or a store reopened after a crash must see either all
// kCellsPerBatch cells of a batch or none. The families keep one version:
// a batch written with two versions per cell reads the same, and leaves
// Table::Purge the older versions to remove (the soak's mixed workload).
//
//   BatchTally tally;
//   for (const Cell& c : cells) tally.Add(c);
//   std::string partial = tally.FirstDefect();  // "" when every batch is whole
//   Result<BatchTally> all = TallyBatches(table);  // one Scan of the table
//
// Thread safety: pure functions; a BatchTally belongs to one thread; one
// table may be tallied from several threads.

#ifndef OBKVLITE_TOOLS_CRASH_BATCH_LOAD_H_
#define OBKVLITE_TOOLS_CRASH_BATCH_LOAD_H_

#include <cstdint>
#include <cstdio>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "obkvlite/cell.h"
#include "obkvlite/mutation.h"
#include "obkvlite/query.h"
#include "obkvlite/status.h"
#include "obkvlite/table.h"

namespace obkvlite {
namespace crash {

inline constexpr const char* kTableName = "crash";
inline constexpr const char* kSpecJson =
    R"({"table": "crash", "families": [{"name": "f", "max_versions": 1},)"
    R"( {"name": "g", "max_versions": 1}],)"
    R"( "partition": {"strategy": "key", "partitions": 7}})";
inline constexpr int kRowsPerBatch = 16;
inline constexpr int kCellsPerBatch = kRowsPerBatch * 2;  // families f, g

// "W/00000012/03": writer, batch, row within the batch.
inline std::string RowKey(const std::string& writer, int64_t batch, int row) {
  char digits[32];
  std::snprintf(digits, sizeof(digits), "/%08lld/%02d",
                static_cast<long long>(batch), row);
  return writer + digits;
}

// The value of a cell: its own coordinates, so a torn or misplaced value
// is detected, padded to 100 bytes so a batch spans several pages.
inline std::string CellValue(const std::string& row,
                             const std::string& family) {
  std::string value = row + ":" + family + ":";
  value.resize(100, '.');
  return value;
}

// The puts of batch `batch` of `writer`: each cell at timestamps 1 to
// `versions`, all with the same value.
inline std::vector<Put> BatchPuts(const std::string& writer, int64_t batch,
                                  int versions = 1) {
  std::vector<Put> puts;
  for (int i = 0; i < kRowsPerBatch; ++i) {
    Put put(RowKey(writer, batch, i));
    for (const char* family : {"f", "g"}) {
      for (int ts = 1; ts <= versions; ++ts) {
        put.Add(family, "q", ts, CellValue(put.row, family));
      }
    }
    puts.push_back(std::move(put));
  }
  return puts;
}

// Counts the cells of each (writer, batch) seen and checks their values.
class BatchTally {
 public:
  void Add(const Cell& cell) {
    const size_t slash = cell.row.find('/');
    if (slash == std::string::npos || cell.row.size() != slash + 12) {
      Defect("unexpected row '" + cell.row + "'");
      return;
    }
    const std::string writer = cell.row.substr(0, slash);
    const int64_t batch = std::stoll(cell.row.substr(slash + 1, 8));
    if (cell.value != CellValue(cell.row, cell.family)) {
      Defect("wrong value in " + cell.row + " " + cell.family);
    }
    ++cells_[{writer, batch}];
  }

  // "" when every batch seen has all its cells and every value was right;
  // otherwise the first defect, e.g. "batch w/12 has 20 of 32 cells".
  // Batches in `torn` may be partial (a sharded store commits a batch once
  // per shard file, so a kill can keep part of an unacknowledged one).
  std::string FirstDefect(
      const std::set<std::pair<std::string, int64_t>>& torn = {}) const {
    if (!defect_.empty()) return defect_;
    for (const auto& [key, count] : cells_) {
      if (count != kCellsPerBatch && torn.count(key) == 0) {
        return "batch " + key.first + "/" + std::to_string(key.second) +
               " has " + std::to_string(count) + " of " +
               std::to_string(kCellsPerBatch) + " cells";
      }
    }
    return "";
  }

  bool Has(const std::string& writer, int64_t batch) const {
    return cells_.count({writer, batch}) != 0;
  }

  // True when the batch has all its cells.
  bool Whole(const std::string& writer, int64_t batch) const {
    auto it = cells_.find({writer, batch});
    return it != cells_.end() && it->second == kCellsPerBatch;
  }

  // Number of batches seen of `writer`.
  int64_t Batches(const std::string& writer) const {
    int64_t n = 0;
    for (const auto& entry : cells_) n += entry.first.first == writer;
    return n;
  }

  // Highest batch of `writer` seen, or -1.
  int64_t MaxBatch(const std::string& writer) const {
    int64_t max = -1;
    for (const auto& entry : cells_) {
      if (entry.first.first == writer && entry.first.second > max) {
        max = entry.first.second;
      }
    }
    return max;
  }

 private:
  void Defect(std::string what) {
    if (defect_.empty()) defect_ = std::move(what);
  }

  std::map<std::pair<std::string, int64_t>, int> cells_;
  std::string defect_;
};

// Tallies every cell of one Scan of `table` (one snapshot); an error
// status if the scan fails.
inline Result<BatchTally> TallyBatches(Table* table) {
  Result<std::unique_ptr<Scanner>> scanner = table->GetScanner(Scan());
  if (!scanner.ok()) return scanner.status();
  BatchTally tally;
  RowResult row;
  while ((*scanner)->Next(&row)) {
    for (const Cell& cell : row.cells) tally.Add(cell);
  }
  if (!(*scanner)->status().ok()) return (*scanner)->status();
  return tally;
}

}  // namespace crash
}  // namespace obkvlite

#endif  // OBKVLITE_TOOLS_CRASH_BATCH_LOAD_H_
