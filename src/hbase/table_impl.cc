// Copyright (c) obkvlite authors.
#include "hbase/table_impl.h"

#include <algorithm>
#include <string>
#include <variant>

#include "hbase/api_guard.h"
#include "hbase/batch.h"
#include "hbase/check_and_mutate.h"
#include "hbase/counting_scanner.h"
#include "hbase/delete_ops.h"
#include "hbase/increment_append.h"
#include "hbase/index_check.h"
#include "hbase/index_rebuild.h"
#include "hbase/index_scanner.h"
#include "hbase/index_sync.h"
#include "hbase/limits.h"
#include "hbase/merging_scanner.h"
#include "hbase/purge.h"
#include "hbase/read_path.h"
#include "hbase/read_plan.h"
#include "hbase/request_counting.h"
#include "hbase/write_path.h"

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

}  // namespace

Status NormalTable::Put(const obkvlite::Put& put) {
  return GuardApi("put", [&]() -> Status {
    OBKV_RETURN_IF_ERROR(ctx_->CheckWritable("put"));
    std::vector<RoutedCell> cells;
    cells.reserve(put.cells.size());
    const int64_t now = ctx_->NowMs();
    OBKV_RETURN_IF_ERROR(RoutePut(*schema_, put, now, &cells));
    WriteTargets targets;
    if (counters_ != nullptr) AddWriteTargets(*schema_, cells, 0, &targets);
    OBKV_RETURN_IF_ERROR(WriteRouted(&cells));
    CountWrites(counters_.get(), *schema_, targets, cells, now);
    return Status::OK();
  });
}

Status NormalTable::Put(const std::vector<obkvlite::Put>& puts) {
  return GuardApi("put", [&]() -> Status {
    OBKV_RETURN_IF_ERROR(ctx_->CheckWritable("put"));
    const int64_t now = ctx_->NowMs();
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
      if (counters_ != nullptr)
        AddWriteTargets(*schema_, cells, from, &targets);
    }
    if (cells.empty()) return Status::OK();
    Status st = WriteRouted(&cells);
    if (st.ok()) CountWrites(counters_.get(), *schema_, targets, cells, now);
    if (cells.capacity() > kMaxRetainedCells) {
      std::vector<RoutedCell>().swap(cells);
    }
    return st;
  });
}

Status NormalTable::RunIndexedWrite(
    const char* what, const std::vector<std::string_view>& rows,
    const std::function<Status(Connection*)>& body, bool idempotent) {
  const auto names = [&rows] { return StoreContext::NameRows(rows); };
  if (schema_->indexes().empty()) {
    return ctx_->RunWrite(what, body, names, idempotent);
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
      names, idempotent);
}

Status NormalTable::WriteRouted(std::vector<RoutedCell>* cells) {
  const int shards = ctx_->shards();
  if (!schema_->indexes().empty()) {
    // One transaction spanning the main and the index tables.
    std::vector<std::string_view> rows;
    for (const RoutedCell& cell : *cells) rows.push_back(cell.row);
    return RunIndexedWrite(
        "put", rows,
        [&](Connection* writer) { return WriteCells(writer, cells); },
        /*idempotent=*/true);
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
        names, /*idempotent=*/true);
  }
  // Bucket by shard, keeping the order within each (a later duplicate of a
  // cell is in the same partition, hence the same shard, and still wins).
  thread_local std::vector<std::vector<RoutedCell>> buckets;
  thread_local std::vector<int> shard_of_partition;
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
      names, /*idempotent=*/true);
}

namespace {

// The thread's scratch plan for Gets (its memory reused from one Get to the
// next); a Get that starts while another one on the thread holds it (none
// does today) plans into its own. The scratch keeps no schema or filter
// after its Get.
class GetPlanScratch {
 public:
  GetPlanScratch() : plan_(in_use_ ? &own_ : &scratch_) {
    if (plan_ == &scratch_) in_use_ = true;
  }
  ~GetPlanScratch() {
    plan_->schema.reset();
    plan_->filter.reset();
    if (plan_ == &scratch_) in_use_ = false;
  }
  GetPlanScratch(const GetPlanScratch&) = delete;
  GetPlanScratch& operator=(const GetPlanScratch&) = delete;

  ReadPlan* plan() { return plan_; }

 private:
  static thread_local ReadPlan scratch_;
  static thread_local bool in_use_;
  ReadPlan own_;
  ReadPlan* const plan_;
};

thread_local ReadPlan GetPlanScratch::scratch_;
thread_local bool GetPlanScratch::in_use_ = false;

}  // namespace

Status NormalTable::ReadGet(const obkvlite::Get& get, bool values,
                            RowResult* out) {
  const int64_t now = ctx_->NowMs();
  GetPlanScratch scratch;
  ReadPlan* plan = scratch.plan();
  Status planned = PlanGetInto(schema_, get, now, plan);
  if (!planned.ok()) {
    *out = RowResult();
    return planned;
  }
  if (!values) SkipValuesUnlessRead(plan);
  OBKV_RETURN_IF_ERROR(ReadRowInto(ctx_, *plan, out));
  CountReadRequests(counters_.get(), *schema_, plan->families, now);
  CountRowRead(counters_.get(), *schema_, plan->families, *out);
  return Status::OK();
}

Result<RowResult> NormalTable::Get(const obkvlite::Get& get) {
  return GuardApi("get", [&]() -> Result<RowResult> {
    RowResult row;
    OBKV_RETURN_IF_ERROR(ReadGet(get, /*values=*/true, &row));
    return row;
  });
}

Status NormalTable::Get(const obkvlite::Get& get, RowResult* out) {
  return GuardApi("get",
                  [&]() -> Status { return ReadGet(get, true, out); });
}

Result<bool> NormalTable::Exists(const obkvlite::Get& get) {
  return GuardApi("exists", [&]() -> Result<bool> {
    RowResult row;
    OBKV_RETURN_IF_ERROR(ReadGet(get, /*values=*/false, &row));
    return !row.empty();
  });
}

Result<std::unique_ptr<Scanner>> NormalTable::GetScanner(
    const obkvlite::Scan& scan) {
  return GuardApi("scan", [&]() -> Result<std::unique_ptr<Scanner>> {
    const int64_t now = ctx_->NowMs();
    OBKV_ASSIGN_OR_RETURN(ReadPlan plan, PlanScan(schema_, scan, now));
    return CountingScanner(counters_, std::move(plan), now, [&](ReadPlan p) {
      return MergingScanner::Open(ctx_, std::move(p));
    });
  });
}

Status NormalTable::Delete(const obkvlite::Delete& del) {
  return GuardApi("delete", [&]() -> Status {
    OBKV_RETURN_IF_ERROR(ctx_->CheckWritable("delete"));
    OBKV_RETURN_IF_ERROR(ValidateDelete(*schema_, del));
    const int64_t now = ctx_->NowMs();
    OBKV_RETURN_IF_ERROR(
        RunIndexedWrite("delete", {del.row}, [&](Connection* writer) {
          if (DeletesNewest(del)) {
            OBKV_RETURN_IF_ERROR(
                writer->LockRowForUpdate(schema_->spec().name, del.row));
          }
          return ApplyDelete(writer, *schema_, del);
        }));
    CountDelete(counters_.get(), *schema_, del, now);
    return Status::OK();
  });
}

Result<RowResult> NormalTable::Increment(const obkvlite::Increment& inc) {
  return GuardApi("increment", [&]() -> Result<RowResult> {
    OBKV_RETURN_IF_ERROR(ctx_->CheckWritable("increment"));
    OBKV_RETURN_IF_ERROR(ValidateIncrement(*schema_, inc));
    const int64_t now = ctx_->NowMs();
    RowResult out;
    OBKV_RETURN_IF_ERROR(RunIndexedWrite(
        "increment", {inc.row}, [&](Connection* writer) -> Status {
          OBKV_RETURN_IF_ERROR(
              writer->LockRowForUpdate(schema_->spec().name, inc.row));
          OBKV_ASSIGN_OR_RETURN(out, ApplyIncrement(writer, schema_, inc, now));
          return Status::OK();
        }));
    CountCellsWritten(counters_.get(), *schema_, out, now);
    return out;
  });
}

Result<RowResult> NormalTable::Append(const obkvlite::Append& app) {
  return GuardApi("append", [&]() -> Result<RowResult> {
    OBKV_RETURN_IF_ERROR(ctx_->CheckWritable("append"));
    OBKV_RETURN_IF_ERROR(ValidateAppend(*schema_, app));
    const int64_t now = ctx_->NowMs();
    RowResult out;
    OBKV_RETURN_IF_ERROR(
        RunIndexedWrite("append", {app.row}, [&](Connection* writer) -> Status {
          OBKV_RETURN_IF_ERROR(
              writer->LockRowForUpdate(schema_->spec().name, app.row));
          OBKV_ASSIGN_OR_RETURN(out, ApplyAppend(writer, schema_, app, now));
          return Status::OK();
        }));
    CountCellsWritten(counters_.get(), *schema_, out, now);
    return out;
  });
}

Result<bool> NormalTable::CheckAndMutate(const obkvlite::CheckAndMutate& cam) {
  return GuardApi("check_and_mutate", [&]() -> Result<bool> {
    OBKV_RETURN_IF_ERROR(ctx_->CheckWritable("check_and_mutate"));
    const int64_t now = ctx_->NowMs();
    OBKV_RETURN_IF_ERROR(ValidateCheckAndMutate(*schema_, cam, now));
    bool success = false;
    OBKV_RETURN_IF_ERROR(RunIndexedWrite(
        "check_and_mutate", {cam.row}, [&](Connection* writer) -> Status {
          OBKV_RETURN_IF_ERROR(
              writer->LockRowForUpdate(schema_->spec().name, cam.row));
          OBKV_ASSIGN_OR_RETURN(success,
                                ApplyCheckAndMutate(writer, schema_, cam, now));
          return Status::OK();
        }));
    if (success) CountMutation(counters_.get(), *schema_, cam, nullptr, now);
    return success;
  });
}

Result<std::vector<MutationResult>> NormalTable::Batch(
    const std::vector<Mutation>& mutations) {
  return GuardApi("batch", [&]() -> Result<std::vector<MutationResult>> {
    OBKV_RETURN_IF_ERROR(ctx_->CheckWritable("batch"));
    const int64_t now = ctx_->NowMs();
    OBKV_RETURN_IF_ERROR(ValidateBatch(*schema_, mutations, now));
    std::vector<MutationResult> results;
    std::vector<std::string_view> rows;
    for (const Mutation& m : mutations) rows.push_back(MutationRow(m));
    OBKV_RETURN_IF_ERROR(
        RunIndexedWrite("batch", rows, [&](Connection* writer) -> Status {
          OBKV_RETURN_IF_ERROR(
              LockReadModifyWrites(writer, *schema_, mutations));
          OBKV_ASSIGN_OR_RETURN(results,
                                ApplyBatch(writer, schema_, mutations, now));
          return Status::OK();
        }));
    for (size_t i = 0; i < mutations.size() && counters_ != nullptr; ++i) {
      CountMutation(counters_.get(), *schema_, mutations[i],
                    i < results.size() ? &results[i] : nullptr, now);
    }
    return results;
  });
}

Result<PurgeStats> NormalTable::Purge() {
  return GuardApi("purge", [&]() -> Result<PurgeStats> {
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
  });
}

Result<std::unique_ptr<Scanner>> NormalTable::GetIndexScanner(
    const obkvlite::IndexScan& scan) {
  return GuardApi("index_scan", [&]() -> Result<std::unique_ptr<Scanner>> {
    return OpenIndexScanner(
        ctx_, schema_, scan, ctx_->NowMs(),
        [this](const obkvlite::Get& get, RowResult* out) {
          return Get(get, out);
        });
  });
}

Result<IndexCheckReport> NormalTable::CheckIndex(const std::string& index) {
  return GuardApi("index check", [&]() -> Result<IndexCheckReport> {
    return CheckIndexes(ctx_, *schema_, index);
  });
}

Result<int64_t> NormalTable::RebuildIndex(const std::string& index,
                                          const IndexRebuildOptions& options) {
  return GuardApi("index rebuild", [&]() -> Result<int64_t> {
    OBKV_RETURN_IF_ERROR(ctx_->CheckWritable("index rebuild"));
    return RebuildIndexes(ctx_, *schema_, index, options);
  });
}

}  // namespace obkvlite
