// Copyright (c) obkvlite authors.
#include "hbase/table/normal_table.h"

#include <algorithm>
#include <string>
#include <variant>

#include "hbase/index/index_check.h"
#include "hbase/index/index_rebuild.h"
#include "hbase/index/index_scanner.h"
#include "hbase/index/index_sync.h"
#include "hbase/limits.h"
#include "hbase/read/get_path.h"
#include "hbase/read/get_plan_scratch.h"
#include "hbase/read/normal_scanner.h"
#include "hbase/read/read_plan.h"
#include "hbase/stats/request_counting.h"
#include "hbase/stats/scan_counter.h"
#include "hbase/write/batch.h"
#include "hbase/write/check_and_mutate.h"
#include "hbase/write/delete_ops.h"
#include "hbase/write/increment_append.h"
#include "hbase/write/purge.h"
#include "hbase/write/write_path.h"

namespace obkvlite {

using storage::Connection;

namespace {

// Deleting a column's newest version reads which one that is.
bool DeletesNewest(const obkvlite::Delete& del) {
  return del.type == DeleteType::kColumn && !del.timestamp.has_value();
}

// Increment, append, check-and-mutate and deleting a column's newest
// version read before they write.
bool IsReadModifyWrite(const Mutation& m) {
  if (const auto* del = std::get_if<obkvlite::Delete>(&m)) {
    return DeletesNewest(*del);
  }
  return !std::holds_alternative<obkvlite::Put>(m);
}

// Makes the read-modify-writes among `mutations` conflict with every other
// one on their rows wherever it runs (Connection::LockRowForUpdate), rows
// in ascending order.
Status LockReadModifyWrites(Connection* writer, const TableSchema& schema,
                            const std::vector<Mutation>& mutations) {
  std::vector<std::string_view> rows;
  for (const Mutation& m : mutations) {
    if (IsReadModifyWrite(m)) rows.push_back(MutationRow(m));
  }
  std::sort(rows.begin(), rows.end());
  rows.erase(std::unique(rows.begin(), rows.end()), rows.end());
  for (std::string_view row : rows) {
    OBKV_RETURN_IF_ERROR(writer->LockRowForUpdate(schema.spec().name, row));
  }
  return Status::OK();
}

// Where a batch may run (WritePlacement): any session when it only
// writes, else the session of its one row, else the first writer.
WritePlacement BatchPlacement(const std::vector<Mutation>& mutations,
                              const std::vector<std::string_view>& rows) {
  if (!std::any_of(mutations.begin(), mutations.end(), IsReadModifyWrite)) {
    return WritePlacement::Any();
  }
  const bool one_row =
      std::all_of(rows.begin(), rows.end(),
                  [&rows](std::string_view row) { return row == rows[0]; });
  return one_row ? WritePlacement::Row(rows[0]) : WritePlacement::First();
}

// Keeps row `row`'s clock at or past the timestamps an increment or append
// assigned to `cells` (max(now, old + 1)), so that a write of the row
// acknowledged after them is not hidden behind them.
void AdvanceRowClockPast(StoreContext* ctx, const TableSchema& schema,
                         std::string_view row, int64_t now,
                         const std::vector<Cell>& cells) {
  for (const Cell& cell : cells) {
    ctx->AdvanceRowClock(schema.spec().name, row, now, cell.timestamp);
  }
}

}  // namespace

Status NormalTable::Put(const obkvlite::Put& put) {
  OBKV_RETURN_IF_ERROR(ctx_->CheckWritable("put"));
  std::vector<RoutedCell> cells;
  cells.reserve(put.cells.size());
  const int64_t now = ctx_->WriteNowMs(spec().name, put.row);
  OBKV_RETURN_IF_ERROR(RoutePut(*schema_, put, now, &cells));
  WriteTargets targets;
  if (counters_ != nullptr) AddWriteTargets(*schema_, cells, 0, &targets);
  OBKV_RETURN_IF_ERROR(WriteRouted(&cells));
  CountWrites(counters_.get(), *schema_, targets, cells, now);
  CountPutKeys(counters_.get(), &put, 1);
  return Status::OK();
}

Status NormalTable::ValidatePut(const obkvlite::Put& put, int64_t now_ms) {
  thread_local std::vector<RoutedCell> routed;
  routed.clear();
  return RoutePut(*schema_, put, now_ms, &routed);
}

Status NormalTable::Put(const std::vector<obkvlite::Put>& puts) {
  OBKV_RETURN_IF_ERROR(ctx_->CheckWritable("put"));
  std::vector<std::string_view> put_rows;
  put_rows.reserve(puts.size());
  for (const obkvlite::Put& put : puts) put_rows.push_back(put.row);
  const int64_t now = ctx_->WriteNowMs(spec().name, put_rows);
  size_t total = 0;
  for (const obkvlite::Put& put : puts) total += put.cells.size();
  // Reused by the thread's next batch: a fresh buffer of a large batch is
  // mapped anew each time, and its page faults cost more than the copy.
  // A buffer beyond kMaxRetainedCells is released after use.
  constexpr size_t kMaxRetainedCells = 1 << 16;
  thread_local std::vector<RoutedCell> cells;
  thread_local WriteTargets targets;
  cells.clear();
  cells.reserve(total);
  targets.clear();
  for (size_t i = 0; i < puts.size(); ++i) {
    const size_t from = cells.size();
    Status st = RoutePut(*schema_, puts[i], now, &cells);
    if (!st.ok()) {
      return PrefixStatus(st, "puts[" + std::to_string(i) + "].");
    }
    if (counters_ != nullptr) AddWriteTargets(*schema_, cells, from, &targets);
  }
  if (cells.empty()) return Status::OK();
  Status st = WriteRouted(&cells);
  if (st.ok()) {
    CountWrites(counters_.get(), *schema_, targets, cells, now);
    CountPutKeys(counters_.get(), puts.data(), puts.size());
  }
  if (cells.capacity() > kMaxRetainedCells) {
    std::vector<RoutedCell>().swap(cells);
  }
  return st;
}

Status NormalTable::RunIndexedWrite(
    const char* what, const std::vector<std::string_view>& rows,
    const std::function<Status(Connection*)>& body, WritePlacement placement,
    bool idempotent, int64_t bytes) {
  const auto names = [&rows] { return StoreContext::NameRows(rows); };
  if (schema_->indexes().empty()) {
    return ctx_->RunWrite(what, body, names, idempotent, bytes, placement);
  }
  return ctx_->RunWrite(
      what,
      [&](Connection* writer) -> Status {
        IndexSync sync(schema_.get());
        for (std::string_view row : rows) {
          OBKV_RETURN_IF_ERROR(sync.Before(writer, row));
        }
        OBKV_RETURN_IF_ERROR(body(writer));
        return sync.Apply(writer);
      },
      names, idempotent, bytes, WritePlacement::First());
}

Status NormalTable::WriteRouted(std::vector<RoutedCell>* cells) {
  const int shards = ctx_->shards();
  const int64_t bytes = CellBytes(*cells);
  if (!schema_->indexes().empty()) {
    // One transaction spanning the main and the index tables.
    std::vector<std::string_view> rows;
    for (const RoutedCell& cell : *cells) rows.push_back(cell.row);
    return RunIndexedWrite(
        "put", rows,
        [&](Connection* writer) { return WriteCells(writer, cells); },
        WritePlacement::Any(), /*idempotent=*/true, bytes);
  }
  // Named only in an UnknownOutcome error.
  const auto names = [cells] {
    std::vector<std::string_view> rows;
    for (const RoutedCell& cell : *cells) {
      if (rows.empty() || rows.back() != cell.row) rows.push_back(cell.row);
    }
    return StoreContext::NameRows(rows);
  };
  if (shards == 1) {
    return ctx_->RunWrite(
        "put", [&](Connection* writer) { return WriteCells(writer, cells); },
        names, /*idempotent=*/true, bytes);
  }
  // Bucket by shard, keeping the order within each (a later duplicate of a
  // cell is in the same partition, hence the same shard, and still wins).
  // Named through a reference: with group commit another thread may run
  // the body below, and a thread_local named there would be its own.
  thread_local std::vector<std::vector<RoutedCell>> thread_buckets;
  thread_local std::vector<int> shard_of_partition;
  std::vector<std::vector<RoutedCell>>& buckets = thread_buckets;
  buckets.resize(shards);
  for (auto& bucket : buckets) bucket.clear();
  shard_of_partition.clear();
  for (const RoutedCell& cell : *cells) {
    const size_t p = static_cast<size_t>(cell.partition);
    if (p >= shard_of_partition.size()) {
      const size_t from = shard_of_partition.size();
      shard_of_partition.resize(p + 1);
      for (size_t i = from; i <= p; ++i) {
        shard_of_partition[i] =
            ShardOfPartition(schema_->spec().name, static_cast<int>(i), shards);
      }
    }
    buckets[shard_of_partition[p]].push_back(cell);
  }
  return ctx_->RunShardWrites(
      "put", ShardsWithWork(buckets),
      [&](int k, Connection* writer) {
        return WriteCells(writer, &buckets[k]);
      },
      names, /*idempotent=*/true, bytes);
}

Status NormalTable::ReadGet(const obkvlite::Get& get, RowResult* out) {
  const int64_t now = ctx_->NowMs();
  GetPlanScratch scratch;
  ReadPlan* plan = scratch.plan();
  Status planned =
      scratch.Plan(schema_, get, now, compat::FilterOptionsOf(gate_));
  if (!planned.ok()) {
    *out = RowResult();
    return planned;
  }
  OBKV_RETURN_IF_ERROR(ReadRowInto(ctx_, *plan, out));
  CountReadRequests(counters_.get(), *schema_, plan->families, now);
  CountKeyRead(counters_.get(), get.row);
  CountRowRead(counters_.get(), *schema_, plan->families, *out);
  return Status::OK();
}

Result<RowResult> NormalTable::Get(const obkvlite::Get& get) {
  RowResult row;
  OBKV_RETURN_IF_ERROR(ReadGet(get, &row));
  return row;
}

Status NormalTable::Get(const obkvlite::Get& get, RowResult* out) {
  return ReadGet(get, out);
}

namespace {

// Forwards a Get's cells to the caller's visitor, keeping each cell's
// family and timestamp for counting once the Get succeeded. Only a Get
// whose cells may count in several (family, partition) needs it (routes());
// the others count the number of cells VisitRow reports.
class CountingVisitor final : public CellVisitor {
 public:
  CountingVisitor(CellVisitor* inner, const ReadPlan& plan, bool counting)
      : inner_(inner),
        plan_(plan),
        route_cells_(counting && !RowReadCounter::OneTarget(plan.families)) {}

  // Whether the Get's cells must pass through this visitor.
  bool routes() const { return route_cells_; }

  void Visit(const CellView& cell) override {
    cells_of_.emplace_back(SchemaName(cell.family), cell.timestamp);
    inner_->Visit(cell);
  }

  // Counts the row read, of `cells` cells, as CountRowRead. REQUIRED:
  // `counting` was true; the cells passed through this visitor when
  // routes().
  void CountRow(TableCounters* counters, const TableSchema& schema,
                const ReadPlan& plan, int64_t cells) const {
    if (cells == 0) return;
    RowReadCounter counter(counters, schema, plan.families);
    counter.BeginRow();
    if (route_cells_) {
      for (const auto& [family, timestamp] : cells_of_) {
        counter.AddCell(plan.keys.lo, family, timestamp);
      }
    } else {
      for (int64_t i = 0; i < cells; ++i) counter.AddCell({}, {}, 0);
    }
    counter.EndRow();
  }

 private:
  // The schema's own copy of `family`: the cell's view lives only as long
  // as the call (a filtered Get's row is gone before the counting).
  std::string_view SchemaName(std::string_view family) const {
    for (const FamilyRead& read : plan_.families) {
      if (read.family->spec.name == family) return read.family->spec.name;
    }
    return std::string_view();
  }

  CellVisitor* const inner_;
  const ReadPlan& plan_;
  const bool route_cells_;
  // The cells' families (views of the schema's names) and timestamps.
  std::vector<std::pair<std::string_view, int64_t>> cells_of_;
};

// A visitor that keeps nothing (Exists counts the cells).
class NullVisitor final : public CellVisitor {
 public:
  void Visit(const CellView&) override {}
};

}  // namespace

Status NormalTable::VisitGet(const obkvlite::Get& get, bool values,
                             CellVisitor* visitor, int64_t* cells) {
  const int64_t now = ctx_->NowMs();
  GetPlanScratch scratch;
  ReadPlan* plan = scratch.plan();
  OBKV_RETURN_IF_ERROR(
      scratch.Plan(schema_, get, now, compat::FilterOptionsOf(gate_)));
  if (!values) SkipValuesUnlessRead(plan);
  CountingVisitor counting(visitor, *plan, counters_ != nullptr);
  int64_t visited = 0;
  OBKV_RETURN_IF_ERROR(
      VisitRow(ctx_, *plan, counting.routes() ? &counting : visitor, &visited));
  CountReadRequests(counters_.get(), *schema_, plan->families, now);
  CountKeyRead(counters_.get(), get.row);
  if (counters_ != nullptr) {
    counting.CountRow(counters_.get(), *schema_, *plan, visited);
  }
  if (cells != nullptr) *cells = visited;
  return Status::OK();
}

Status NormalTable::Get(const obkvlite::Get& get, CellVisitor* visitor) {
  return VisitGet(get, /*values=*/true, visitor, nullptr);
}

Result<bool> NormalTable::Exists(const obkvlite::Get& get) {
  NullVisitor none;
  int64_t cells = 0;
  OBKV_RETURN_IF_ERROR(VisitGet(get, /*values=*/false, &none, &cells));
  return cells > 0;
}

Result<std::unique_ptr<Scanner>> NormalTable::GetScanner(
    const obkvlite::Scan& scan) {
  const int64_t now = ctx_->NowMs();
  OBKV_ASSIGN_OR_RETURN(
      ReadPlan plan,
      PlanScan(schema_, scan, now, compat::FilterOptionsOf(gate_)));
  compat::Hits hits;
  compat::CheckScanOrder(ReadsPartitionsOutOfKeyOrder(plan), &hits);
  // The scanner counts itself (no CountingScanner around it).
  std::unique_ptr<ScanCounter> counter =
      ScanCounter::For(counters_, plan.schema, plan.families, plan.batch > 0);
  Result<std::unique_ptr<Scanner>> scanner =
      NormalScanner::Open(ctx_, std::move(plan), std::move(counter), now);
  if (scanner.ok() && gate_ != nullptr) gate_->Note(spec().name, "scan", hits);
  return scanner;
}

Status NormalTable::Delete(const obkvlite::Delete& del) {
  OBKV_RETURN_IF_ERROR(ctx_->CheckWritable("delete"));
  OBKV_RETURN_IF_ERROR(ValidateDelete(*schema_, del));
  const int64_t now = ctx_->NowMs();
  OBKV_RETURN_IF_ERROR(RunIndexedWrite(
      "delete", {del.row},
      [&](Connection* writer) {
        if (DeletesNewest(del)) {
          OBKV_RETURN_IF_ERROR(
              writer->LockRowForUpdate(schema_->spec().name, del.row));
        }
        return ApplyDelete(writer, *schema_, del);
      },
      DeletesNewest(del) ? WritePlacement::Row(del.row)
                         : WritePlacement::Any()));
  CountDelete(counters_.get(), *schema_, del, now);
  return Status::OK();
}

Result<RowResult> NormalTable::Increment(const obkvlite::Increment& inc) {
  OBKV_RETURN_IF_ERROR(ctx_->CheckWritable("increment"));
  OBKV_RETURN_IF_ERROR(ValidateIncrement(*schema_, inc));
  const int64_t now = ctx_->WriteNowMs(spec().name, inc.row);
  RowResult out;
  OBKV_RETURN_IF_ERROR(RunIndexedWrite(
      "increment", {inc.row},
      [&](Connection* writer) -> Status {
        OBKV_RETURN_IF_ERROR(
            writer->LockRowForUpdate(schema_->spec().name, inc.row));
        OBKV_ASSIGN_OR_RETURN(out, ApplyIncrement(writer, schema_, inc, now));
        return Status::OK();
      },
      WritePlacement::Row(inc.row)));
  AdvanceRowClockPast(ctx_, *schema_, inc.row, now, out.cells);
  CountCellsWritten(counters_.get(), *schema_, out, now);
  return out;
}

Result<RowResult> NormalTable::Append(const obkvlite::Append& app) {
  OBKV_RETURN_IF_ERROR(ctx_->CheckWritable("append"));
  OBKV_RETURN_IF_ERROR(ValidateAppend(*schema_, app));
  const int64_t now = ctx_->WriteNowMs(spec().name, app.row);
  RowResult out;
  OBKV_RETURN_IF_ERROR(RunIndexedWrite(
      "append", {app.row},
      [&](Connection* writer) -> Status {
        OBKV_RETURN_IF_ERROR(
            writer->LockRowForUpdate(schema_->spec().name, app.row));
        OBKV_ASSIGN_OR_RETURN(out, ApplyAppend(writer, schema_, app, now));
        return Status::OK();
      },
      WritePlacement::Row(app.row)));
  AdvanceRowClockPast(ctx_, *schema_, app.row, now, out.cells);
  CountCellsWritten(counters_.get(), *schema_, out, now);
  return out;
}

Result<bool> NormalTable::CheckAndMutate(const obkvlite::CheckAndMutate& cam) {
  OBKV_RETURN_IF_ERROR(ctx_->CheckWritable("check_and_mutate"));
  const int64_t now = ctx_->WriteNowMs(spec().name, cam.row);
  OBKV_RETURN_IF_ERROR(ValidateCheckAndMutate(*schema_, cam, now));
  const EmptyCheckValue empty_value =
      ctx_->options().compat == CompatProfile::kObkv ? EmptyCheckValue::kBytes
                                                     : EmptyCheckValue::kNull;
  bool success = false;
  OBKV_RETURN_IF_ERROR(RunIndexedWrite(
      "check_and_mutate", {cam.row},
      [&](Connection* writer) -> Status {
        OBKV_RETURN_IF_ERROR(
            writer->LockRowForUpdate(schema_->spec().name, cam.row));
        OBKV_ASSIGN_OR_RETURN(success, ApplyCheckAndMutate(writer, schema_, cam,
                                                           now, empty_value));
        return Status::OK();
      },
      WritePlacement::Row(cam.row)));
  if (success) CountMutation(counters_.get(), *schema_, cam, nullptr, now);
  return success;
}

Result<std::vector<MutationResult>> NormalTable::Batch(
    const std::vector<Mutation>& mutations) {
  OBKV_RETURN_IF_ERROR(ctx_->CheckWritable("batch"));
  std::vector<std::string_view> rows;
  rows.reserve(mutations.size());
  for (const Mutation& m : mutations) rows.push_back(MutationRow(m));
  const int64_t now = ctx_->WriteNowMs(spec().name, rows);
  OBKV_ASSIGN_OR_RETURN(const RoutedBatch routed,
                        ValidateBatch(*schema_, mutations, now));
  std::vector<MutationResult> results;
  OBKV_RETURN_IF_ERROR(RunIndexedWrite(
      "batch", rows,
      [&](Connection* writer) -> Status {
        OBKV_RETURN_IF_ERROR(LockReadModifyWrites(writer, *schema_, mutations));
        OBKV_ASSIGN_OR_RETURN(
            results, ApplyBatch(writer, schema_, mutations, routed, now));
        return Status::OK();
      },
      BatchPlacement(mutations, rows), /*idempotent=*/false,
      CellBytes(routed.put_cells)));
  for (size_t i = 0; i < results.size() && i < rows.size(); ++i) {
    AdvanceRowClockPast(ctx_, *schema_, rows[i], now, results[i].cells);
  }
  for (size_t i = 0; i < mutations.size() && counters_ != nullptr; ++i) {
    CountMutation(counters_.get(), *schema_, mutations[i],
                  i < results.size() ? &results[i] : nullptr, now);
  }
  return results;
}

Result<PurgeStats> NormalTable::Purge() {
  const int64_t now = ctx_->NowMs();
  PurgeStats stats;
  OBKV_RETURN_IF_ERROR(
      ctx_->RunWrite("purge", [&](Connection* writer) -> Status {
        IndexSync sync(schema_.get());
        if (sync.active()) {
          OBKV_RETURN_IF_ERROR(
              NoteExpiredEntries(writer, *schema_, now, &sync));
        }
        OBKV_ASSIGN_OR_RETURN(
            stats, ApplyPurge(writer, &ctx_->readers(), *schema_, now));
        return sync.Apply(writer);
      }));
  return stats;
}

Result<std::unique_ptr<Scanner>> NormalTable::GetIndexScanner(
    const obkvlite::IndexScan& scan) {
  return OpenIndexScanner(ctx_, schema_, scan, ctx_->NowMs(),
                          [this](const obkvlite::Get& get, RowResult* out) {
                            return Get(get, out);
                          });
}

Result<IndexCheckReport> NormalTable::CheckIndex(const std::string& index) {
  return CheckIndexes(ctx_, *schema_, index);
}

Result<int64_t> NormalTable::RebuildIndex(const std::string& index,
                                          const IndexRebuildOptions& options) {
  OBKV_RETURN_IF_ERROR(ctx_->CheckWritable("index rebuild"));
  return RebuildIndexes(ctx_, *schema_, index, options);
}

}  // namespace obkvlite
