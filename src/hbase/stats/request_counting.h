// Copyright (c) obkvlite authors.
//
// Request counting: turns what an operation did into TableCounters counts
// (obkvlite/request_stats.h lists what each count means), and the row keys
// of the requests that address one into the table's hot keys
// (obkvlite/hot_keys.h: gets, puts, deletes, increments and appends). Every
// function takes the table's counters, null when counting is off (then it does
// nothing), and is called once the operation succeeded.
//
// Partitions are the router's: a read counts the partitions its plan was
// pruned to, a returned cell the partition the router puts it in (known
// without routing when the family's read touched one partition).
//
// Thread safety: as TableCounters (any thread).

#ifndef OBKVLITE_HBASE_STATS_REQUEST_COUNTING_H_
#define OBKVLITE_HBASE_STATS_REQUEST_COUNTING_H_

#include <cstddef>
#include <cstdint>
#include <string_view>
#include <utility>
#include <vector>

#include "hbase/family_read.h"
#include "hbase/routed_cell.h"
#include "hbase/stats/table_counters.h"
#include "hbase/table_schema.h"
#include "obkvlite/cell.h"
#include "obkvlite/mutation.h"

namespace obkvlite {

// One read request per pruned partition of each family of a read.
void CountReadRequests(TableCounters* counters, const TableSchema& schema,
                       const std::vector<FamilyRead>& families, int64_t now_ms);

// One query of row `row` for the table's hot keys: a Get or Exists,
// whether or not the row has cells.
void CountKeyRead(TableCounters* counters, std::string_view row);

// The rows and cells of one returned row of a read of `families` (a
// plan's); with !count_rows (the next chunk of a row a scan's batch split)
// only its cells. REQUIRED: CountReadRequests ran for this operation.
void CountRowRead(TableCounters* counters, const TableSchema& schema,
                  const std::vector<FamilyRead>& families, const RowResult& row,
                  bool count_rows = true);

// The same, a cell at a time (a scanner read by NextCell): BeginRow, each
// of the row's cells in order, EndRow. A read of one (family, partition)
// adds its rows and cells to `counters` every kFlushRows rows and when the
// counter is destroyed, not at every row: the table's counters are shared
// by every thread, and a scan's row is far cheaper than an atomic add on a
// line another core holds. REQUIRED: `counters` is not null; `schema` and
// `families` outlive the counter.
class RowReadCounter {
 public:
  // Rows of one (family, partition) held before they are added.
  static constexpr int64_t kFlushRows = 256;

  RowReadCounter(TableCounters* counters, const TableSchema& schema,
                 const std::vector<FamilyRead>& families);
  ~RowReadCounter() { Flush(); }
  RowReadCounter(const RowReadCounter&) = delete;
  RowReadCounter& operator=(const RowReadCounter&) = delete;
  // Whether every cell of a read of `families` counts in one (family,
  // partition): one family read in one partition.
  static bool OneTarget(const std::vector<FamilyRead>& families) {
    return families.size() == 1 && families[0].partitions.size() == 1;
  }

  void BeginRow(bool count_rows = true);
  // Inline for a read of one (family, partition), whose cells all count
  // there (a scan of an unpartitioned table: per cell).
  void AddCell(std::string_view row, std::string_view family,
               int64_t timestamp) {
    if (one_target_) {
      ++run_cells_;
      return;
    }
    RouteCell(row, family, timestamp);
  }
  void EndRow() { EndRun(); }

 private:
  static constexpr size_t kSeenInline = 8;
  // AddCell for a read of several (family, partition).
  void RouteCell(std::string_view row, std::string_view family,
                 int64_t timestamp);
  // Adds the current run of one (rank, partition).
  void EndRun();
  // Adds the held rows and cells of a read of one (family, partition).
  void Flush();

  TableCounters* const counters_;
  const TableSchema& schema_;
  const std::vector<FamilyRead>& families_;
  bool count_rows_ = true;
  // One family read in one partition: every run is (one_rank_,
  // one_partition_).
  bool one_target_ = false;
  int one_rank_ = 0;
  int one_partition_ = 0;
  size_t fi_ = 0;  // the family of the last cell
  int run_rank_ = -1;
  int run_partition_ = 0;
  int64_t run_cells_ = 0;
  std::string_view run_family_;  // as the run's last cell named it
  bool run_fixed_ = false;       // the run's partition is the row's
  // The (rank, partition) pairs the row has cells of: one row read each.
  std::pair<int, int> seen_[kSeenInline];
  size_t n_seen_ = 0;
  std::vector<std::pair<int, int>> more_seen_;  // beyond kSeenInline: rare
  // one_target_: what is not added yet.
  int64_t held_cells_ = 0;
  int64_t held_rows_ = 0;
};

// (family rank, partition) pairs of write requests.
using WriteTargets = std::vector<std::pair<int, int>>;

// Appends the distinct (rank, partition) pairs of cells[from..] to
// `targets`: the write requests of one Put.
void AddWriteTargets(const TableSchema& schema,
                     const std::vector<RoutedCell>& cells, size_t from,
                     WriteTargets* targets);

// The rows of `n` puts (each with cells) for the table's hot keys: one
// insert each. Called with CountWrites, which sees cells, not puts.
void CountPutKeys(TableCounters* counters, const Put* puts, size_t n);

// One write request per target; cells and K+Q+V bytes per cell.
void CountWrites(TableCounters* counters, const TableSchema& schema,
                 const WriteTargets& targets,
                 const std::vector<RoutedCell>& cells, int64_t now_ms);

// The cells an Increment or Append wrote (its result row): one write
// request per partition, cells and bytes.
void CountCellsWritten(TableCounters* counters, const TableSchema& schema,
                       const RowResult& written, int64_t now_ms);

// One delete request per partition the delete visits (PruneGet of its
// row over the times it affects) of each family it names.
void CountDelete(TableCounters* counters, const TableSchema& schema,
                 const Delete& del, int64_t now_ms);

// A put, delete, increment or append of a batch or CheckAndMutate, routed
// at `now_ms` (a cell without timestamp).
void CountMutation(TableCounters* counters, const TableSchema& schema,
                   const Mutation& mutation, const MutationResult* result,
                   int64_t now_ms);

}  // namespace obkvlite

#endif  // OBKVLITE_HBASE_STATS_REQUEST_COUNTING_H_
