// Copyright (c) obkvlite authors.
//
// One arm of obkv-bench: a way of storing the benchmark's rows (raw SQLite,
// or an obkvlite table with some partitioning). Every arm runs the same
// workload on the same data.
//
// Thread safety: an arm is driven by one thread, except that Load may run
// on LoadThreads() threads at once.

#ifndef OBKVLITE_TOOLS_BENCH_BENCH_ARM_H_
#define OBKVLITE_TOOLS_BENCH_BENCH_ARM_H_

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "layout/timeseries_value.h"
#include "obkvlite/cell_visitor.h"
#include "obkvlite/options.h"
#include "obkvlite/status.h"

namespace obkvlite {
namespace bench {

inline constexpr int kQualifiers = 10;
inline constexpr int kDefaultValueBytes = 100;
inline constexpr int kRowsPerBatch = 1000;

// The rows of one batch: keys and, per key, kQualifiers values.
struct RowBatch {
  std::vector<std::string> keys;
  std::vector<std::string> qualifiers;  // kQualifiers names, "field0".."field9"
  std::vector<std::string> values;      // keys.size() * kQualifiers values
  int64_t ts = 1;
};

// Counts the cells with a value, as the raw arms' gets do: the obkvlite
// arms read a row through it (Table::Get with a CellVisitor), zero-copy, as
// the raw arms read SQLite's column views.
struct ValueCounter final : CellVisitor {
  void Visit(const CellView& cell) override {
    cells += cell.value.empty() ? 0 : 1;
  }
  int cells = 0;
};

class BenchArm {
 public:
  virtual ~BenchArm() = default;
  virtual const std::string& name() const = 0;
  // Creates the arm's storage in `dir`, with the page size, page cache and
  // durability of `options` (raw SQLite uses them too).
  virtual Status Open(const std::string& dir, const StoreOptions& options) = 0;
  // Writes one batch in one transaction (per shard in a sharded store).
  virtual Status Load(const RowBatch& batch) = 0;
  // How many threads load batches at once (each its own batches).
  virtual int LoadThreads() const { return 1; }
  // Reads a whole row; returns the number of cells.
  virtual Result<int> GetRow(const std::string& key) = 0;
  // Reads `rows` rows from `start`; returns the number of cells.
  virtual Result<int64_t> ScanRows(const std::string& start, int64_t rows) = 0;
  // Overwrites one cell (a YCSB update).
  virtual Status Update(const std::string& key, const std::string& qualifier,
                        const std::string& value, int64_t ts) = 0;
};

// Appends to `doc` row `r` of `batch` as the timeseries layout's JSON
// document of its kQualifiers cells; `members` is scratch space.
void AppendRowDocument(const RowBatch& batch, size_t r,
                       std::vector<layout::TimeseriesMember>* members,
                       std::string* doc);

std::unique_ptr<BenchArm> NewRawSqliteArm();
// Arm "rawcells": raw whose gets also copy each cell into one reused
// owning RowResult (row, family, qualifier, timestamp, value), the work
// Table::Get(get, &row) cannot avoid: the floor of an owning get.
std::unique_ptr<BenchArm> NewRawCellsArm();
// Arm "rawreader": raw whose scans run on a second connection of the same
// file, as a store's (its own page cache and mapping); gets and writes on
// the first.
std::unique_ptr<BenchArm> NewRawReaderArm();
// The same by hand over the 97 KEY partition tables of arm key97, merged
// by a heap on scans (raw97_arm.cc).
std::unique_ptr<BenchArm> NewRaw97Arm();
// Arm "rawts": the timeseries arm's documents by hand, the floor of its
// puts (raw_sqlite_ts_arm.cc).
std::unique_ptr<BenchArm> NewRawSqliteTsArm();
// `strategy`: "normal", "key97", "prefix", "timeseries", "key97x2" (KEY
// 97 over 2 shards, loaded by 2 threads), "mariadb" (normal on the
// benchmark's MariaDB server) or "mariadbts" (timeseries on it).
std::unique_ptr<BenchArm> NewObkvArm(const std::string& strategy);

// Removes `suffix` from the end of `*name` (an arm's name, which must keep
// at least one character); false when it does not end so.
bool StripSuffix(const std::string& suffix, std::string* name);

// Suffix of an obkvlite arm with request counting off: "key97-nostats".
inline constexpr const char* kNoStatsSuffix = "-nostats";
// Suffix of an obkvlite arm with operation statistics off
// (StoreOptions::operation_stats; obkv-bench --ops-overhead): "normal-noops".
inline constexpr const char* kNoOpsSuffix = "-noops";
// Suffix of an obkvlite arm whose table has one secondary index, on
// f:field0 (obkv-bench --index-overhead): "normal-indexed".
inline constexpr const char* kIndexedSuffix = "-indexed";
// Suffix of an obkvlite arm that never retries a rolled-back write
// (RetryOptions::max_attempts 1; obkv-bench --retry-overhead):
// "mariadb-noretry".
inline constexpr const char* kNoRetrySuffix = "-noretry";
// Suffix of an obkvlite arm whose Gets release their read lock at the end
// of each read (SqliteOptions::linger_read_locks off): "normal-nolinger".
inline constexpr const char* kNoLingerSuffix = "-nolinger";
// Hand-written SQL over MariaDB Connector/C on the mariadb arm's table
// ("rawmariadb"), or with `timeseries` on the mariadbts arm's
// ("rawmariadbts").
std::unique_ptr<BenchArm> NewRawMariadbArm(bool timeseries);

// The spec of an obkvlite arm's table "t" (family "f") for `strategy`.
std::string BenchSpecJson(const std::string& strategy);

// The server of the mariadb arms (obkv-bench --mysql-socket): its Unix
// socket, the login it authenticates by that socket, and a database name
// of its own for an arm run in `dir`.
void SetBenchServerSocket(const std::string& socket);
const std::string& BenchServerSocket();
std::string BenchServerUser();
std::string BenchServerDatabase(const std::string& arm, const std::string& dir);
void DropBenchServerDatabase(const std::string& database);

}  // namespace bench
}  // namespace obkvlite

#endif  // OBKVLITE_TOOLS_BENCH_BENCH_ARM_H_
