// Copyright (c) obkvlite authors.
#include "hbase/stats/request_counting.h"

#include <algorithm>
#include <limits>
#include <optional>
#include <string_view>

namespace obkvlite {
namespace {

int RankOf(const TableSchema& schema, const FamilyInfo* family) {
  return static_cast<int>(family - schema.families().data());
}

// The partition `family` stores a cell of `row` at `ts` in; `fallback` when
// it cannot be routed (it was read or written, so it can).
int PartitionOf(const FamilyInfo& family, std::string_view row, int64_t ts,
                int fallback) {
  if (family.router.partition_count() == 1) return 0;
  Result<int> p = family.router.Route(row, ts);
  return p.ok() ? *p : fallback;
}

// Adds (rank, partition) to `seen` unless there; true when added.
bool Insert(std::vector<std::pair<int, int>>* seen, int rank, int partition) {
  const std::pair<int, int> key(rank, partition);
  if (std::find(seen->begin(), seen->end(), key) != seen->end()) return false;
  seen->push_back(key);
  return true;
}

// Rows, cells and bytes of cells written to one family of a row: one write
// request per partition.
void CountFamilyCells(TableCounters* counters, const TableSchema& schema,
                      std::string_view row,
                      const std::vector<const Cell*>& cells) {
  std::vector<std::pair<int, int>> seen;
  for (const Cell* cell : cells) {
    const int rank = schema.Rank(cell->family);
    if (rank < 0) continue;
    const FamilyInfo& family = schema.families()[static_cast<size_t>(rank)];
    const int p = PartitionOf(family, row, cell->timestamp, 0);
    if (Insert(&seen, rank, p)) counters->Add(rank, p, kReqWrites, 1);
    counters->Add(rank, p, kReqCellsWritten, 1);
    counters->Add(rank, p, kReqBytesWritten,
                  static_cast<int64_t>(row.size() + cell->qualifier.size() +
                                       cell->value.size()));
  }
}

void CountPut(TableCounters* counters, const TableSchema& schema,
              const Put& put, int64_t now_ms) {
  if (!put.cells.empty()) counters->AddKey(HotKeyType::kInsert, put.row);
  std::vector<std::pair<int, int>> seen;
  for (const PutCell& cell : put.cells) {
    const int rank = schema.Rank(cell.family);
    if (rank < 0) continue;
    const FamilyInfo& family = schema.families()[static_cast<size_t>(rank)];
    const int p =
        PartitionOf(family, put.row, cell.timestamp.value_or(now_ms), 0);
    if (Insert(&seen, rank, p)) counters->Add(rank, p, kReqWrites, 1);
    counters->Add(rank, p, kReqCellsWritten, 1);
    counters->Add(rank, p, kReqBytesWritten,
                  static_cast<int64_t>(put.row.size() + cell.qualifier.size() +
                                       cell.value.size()));
  }
}

// The times a delete affects (for pruning its partitions).
TimeRange DeleteTimes(const Delete& del) {
  if (!del.timestamp.has_value()) return TimeRange::All();
  const int64_t ts = *del.timestamp;
  if (del.type == DeleteType::kColumn ||
      del.type == DeleteType::kFamilyVersion) {
    return TimeRange::Exactly(ts);
  }
  TimeRange upto;
  if (ts < std::numeric_limits<int64_t>::max()) upto.max_ms = ts + 1;
  return upto;
}

}  // namespace

void CountReadRequests(TableCounters* counters, const TableSchema& schema,
                       const std::vector<FamilyRead>& families,
                       int64_t now_ms) {
  if (counters == nullptr) return;
  counters->Enter(now_ms);
  for (const FamilyRead& read : families) {
    const int rank = RankOf(schema, read.family);
    for (int p : read.partitions) counters->Add(rank, p, kReqReads, 1);
  }
}

void CountKeyRead(TableCounters* counters, std::string_view row) {
  if (counters != nullptr) counters->AddKey(HotKeyType::kQuery, row);
}

RowReadCounter::RowReadCounter(TableCounters* counters,
                               const TableSchema& schema,
                               const std::vector<FamilyRead>& families)
    : counters_(counters),
      schema_(schema),
      families_(families),
      one_target_(OneTarget(families)) {
  if (one_target_) {
    one_rank_ = RankOf(schema, families[0].family);
    one_partition_ = families[0].partitions[0];
  }
}

void RowReadCounter::BeginRow(bool count_rows) {
  count_rows_ = count_rows;
  fi_ = 0;
  run_rank_ = one_target_ ? one_rank_ : -1;
  run_partition_ = one_target_ ? one_partition_ : 0;
  run_cells_ = 0;
  n_seen_ = 0;
  more_seen_.clear();
}

void RowReadCounter::EndRun() {
  if (run_cells_ == 0) return;
  if (one_target_) {
    held_cells_ += run_cells_;
    run_cells_ = 0;
    held_rows_ += count_rows_ ? 1 : 0;
    if (held_rows_ >= kFlushRows) Flush();
    return;
  }
  counters_->Add(run_rank_, run_partition_, kReqCellsRead, run_cells_);
  run_cells_ = 0;
  if (!count_rows_) return;
  const std::pair<int, int> key(run_rank_, run_partition_);
  if (std::find(seen_, seen_ + n_seen_, key) != seen_ + n_seen_) return;
  if (n_seen_ < kSeenInline) {
    seen_[n_seen_++] = key;
  } else if (!Insert(&more_seen_, run_rank_, run_partition_)) {
    return;
  }
  counters_->Add(run_rank_, run_partition_, kReqRowsRead, 1);
}

void RowReadCounter::Flush() {
  if (held_cells_ > 0) {
    counters_->Add(one_rank_, one_partition_, kReqCellsRead, held_cells_);
  }
  if (held_rows_ > 0) {
    counters_->Add(one_rank_, one_partition_, kReqRowsRead, held_rows_);
  }
  held_cells_ = 0;
  held_rows_ = 0;
}

void RowReadCounter::RouteCell(std::string_view row, std::string_view family,
                               int64_t timestamp) {
  // A cell of the run's family, given by the same name (a scanner's views of
  // the schema's names), whose partition does not depend on its timestamp:
  // the run goes on.
  if (run_cells_ > 0 && run_fixed_ && family.data() == run_family_.data() &&
      family.size() == run_family_.size()) {
    ++run_cells_;
    return;
  }
  // Cells come in family rank order, as `families_`; a run of cells of one
  // (rank, partition) is added at once.
  while (fi_ < families_.size() && families_[fi_].family->name() != family) {
    ++fi_;
  }
  if (fi_ == families_.size()) return;  // not in the plan: cannot be
  const FamilyRead& read = families_[fi_];
  const int rank = RankOf(schema_, read.family);
  const bool fixed = read.partitions.size() == 1 ||
                     !read.family->router.spec().NeedsTimestamp();
  int p;
  if (read.partitions.size() == 1) {
    p = read.partitions[0];
  } else if (rank == run_rank_ && fixed) {
    p = run_partition_;  // the row's partition in this family, as before
  } else {
    p = PartitionOf(*read.family, row, timestamp,
                    read.partitions.empty() ? 0 : read.partitions[0]);
  }
  if (rank != run_rank_ || p != run_partition_) {
    EndRun();
    run_rank_ = rank;
    run_partition_ = p;
  }
  run_family_ = family;
  run_fixed_ = fixed;
  ++run_cells_;
}

void CountRowRead(TableCounters* counters, const TableSchema& schema,
                  const std::vector<FamilyRead>& families, const RowResult& row,
                  bool count_rows) {
  if (counters == nullptr || row.cells.empty()) return;
  RowReadCounter counter(counters, schema, families);
  counter.BeginRow(count_rows);
  for (const Cell& cell : row.cells) {
    counter.AddCell(row.row, cell.family, cell.timestamp);
  }
  counter.EndRow();
}

void AddWriteTargets(const TableSchema& schema,
                     const std::vector<RoutedCell>& cells, size_t from,
                     WriteTargets* targets) {
  const size_t start = targets->size();
  for (size_t i = from; i < cells.size(); ++i) {
    const std::pair<int, int> key(RankOf(schema, cells[i].family),
                                  cells[i].partition);
    if (std::find(targets->begin() + static_cast<std::ptrdiff_t>(start),
                  targets->end(), key) == targets->end()) {
      targets->push_back(key);
    }
  }
}

void CountPutKeys(TableCounters* counters, const Put* puts, size_t n) {
  if (counters == nullptr) return;
  for (size_t i = 0; i < n; ++i) {
    if (!puts[i].cells.empty()) {
      counters->AddKey(HotKeyType::kInsert, puts[i].row);
    }
  }
}

void CountWrites(TableCounters* counters, const TableSchema& schema,
                 const WriteTargets& targets,
                 const std::vector<RoutedCell>& cells, int64_t now_ms) {
  if (counters == nullptr) return;
  counters->Enter(now_ms);
  for (const auto& [rank, p] : targets) counters->Add(rank, p, kReqWrites, 1);
  for (const RoutedCell& cell : cells) {
    const int rank = RankOf(schema, cell.family);
    counters->Add(rank, cell.partition, kReqCellsWritten, 1);
    counters->Add(rank, cell.partition, kReqBytesWritten,
                  static_cast<int64_t>(cell.row.size() + cell.qualifier.size() +
                                       cell.value.size()));
  }
}

void CountCellsWritten(TableCounters* counters, const TableSchema& schema,
                       const RowResult& written, int64_t now_ms) {
  if (counters == nullptr) return;
  counters->Enter(now_ms);
  counters->AddKey(HotKeyType::kUpdate, written.row);
  std::vector<const Cell*> cells;
  for (const Cell& cell : written.cells) cells.push_back(&cell);
  CountFamilyCells(counters, schema, written.row, cells);
}

void CountDelete(TableCounters* counters, const TableSchema& schema,
                 const Delete& del, int64_t now_ms) {
  if (counters == nullptr) return;
  counters->Enter(now_ms);
  counters->AddKey(HotKeyType::kDelete, del.row);
  const TimeRange times = DeleteTimes(del);
  for (const FamilyInfo& family : schema.families()) {
    if (del.type != DeleteType::kRow && family.name() != del.family) continue;
    const int rank = RankOf(schema, &family);
    for (int p : family.router.PruneGet(del.row, times)) {
      counters->Add(rank, p, kReqDeletes, 1);
    }
  }
}

void CountMutation(TableCounters* counters, const TableSchema& schema,
                   const Mutation& mutation, const MutationResult* result,
                   int64_t now_ms) {
  if (counters == nullptr) return;
  counters->Enter(now_ms);
  if (const auto* put = std::get_if<Put>(&mutation)) {
    CountPut(counters, schema, *put, now_ms);
  } else if (const auto* del = std::get_if<Delete>(&mutation)) {
    CountDelete(counters, schema, *del, now_ms);
  } else if (const auto* cam = std::get_if<CheckAndMutate>(&mutation)) {
    if (result != nullptr && !result->success) return;
    for (const auto& m : cam->mutations) {
      if (const auto* p = std::get_if<Put>(&m)) {
        CountPut(counters, schema, *p, now_ms);
      } else if (const auto* d = std::get_if<Delete>(&m)) {
        CountDelete(counters, schema, *d, now_ms);
      }
    }
  } else if (result != nullptr) {  // Increment, Append: the new cells
    const std::string_view row = std::holds_alternative<Increment>(mutation)
                                     ? std::get<Increment>(mutation).row
                                     : std::get<Append>(mutation).row;
    counters->AddKey(HotKeyType::kUpdate, row);
    std::vector<const Cell*> cells;
    for (const Cell& cell : result->cells) cells.push_back(&cell);
    CountFamilyCells(counters, schema, row, cells);
  }
}

}  // namespace obkvlite
