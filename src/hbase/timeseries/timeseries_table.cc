// Copyright (c) obkvlite authors.
#include "hbase/timeseries/timeseries_table.h"

#include <variant>

#include "hbase/layout_statements.h"
#include "hbase/limits.h"
#include "hbase/read/read_plan.h"
#include "hbase/stats/counting_scanner.h"
#include "hbase/stats/request_counting.h"
#include "hbase/timeseries/timeseries_delete.h"
#include "hbase/timeseries/timeseries_request.h"
#include "hbase/timeseries/timeseries_scanner.h"
#include "hbase/timeseries/timeseries_write.h"
#include "layout/timeseries_layout.h"
#include "layout/timestamp_codec.h"

namespace obkvlite {
namespace {

std::string OpPrefix(size_t i) { return "ops[" + std::to_string(i) + "]."; }

}  // namespace

Status TimeseriesTable::Put(const obkvlite::Put& put) {
  return WritePuts(&put, 1);
}

Status TimeseriesTable::Put(const std::vector<obkvlite::Put>& puts) {
  return WritePuts(puts.data(), puts.size());
}

Status TimeseriesTable::ValidatePut(const obkvlite::Put& put, int64_t now_ms) {
  TimeseriesPlan& plan = ThreadPutBuffers().plan;
  plan.Clear();
  return plan.AddPut(*schema_, put, now_ms);
}

Status TimeseriesTable::WritePuts(const obkvlite::Put* puts, size_t n) {
  const int64_t now = ctx_->NowMs();
  PutBuffers& buffers = ThreadPutBuffers();
  TimeseriesPlan& plan = buffers.plan;
  plan.Clear();
  buffers.targets.clear();
  for (size_t i = 0; i < n; ++i) {
    const size_t from = plan.cells().size();
    Status st = plan.AddPut(*schema_, puts[i], now);
    if (!st.ok()) return n == 1 ? st : PrefixStatus(st, OpPrefix(i));
    if (counters_ != nullptr) {
      AddWriteTargets(*schema_, plan.cells(), from, &buffers.targets);
    }
  }
  plan.AssignWriteTimes();
  TimeseriesWriter writer(ctx_->path(), now, plan);
  std::vector<std::vector<size_t>>& by_shard = buffers.by_shard;
  Status st;
  if (!PutsByShard(plan, &by_shard)) {
    st = ctx_->RunWrite("put", [&](storage::Connection* conn) {
      writer.BeginAttempt();
      return writer.WriteAll(conn);
    });
  } else {
    st = ctx_->RunShardWrites(
        "put", ShardsWithWork(by_shard), [&](int k, storage::Connection* conn) {
          writer.BeginAttempt();
          return writer.WritePuts(conn, by_shard[k].data(), by_shard[k].size());
        });
  }
  if (st.ok()) {
    CountWrites(counters_.get(), *schema_, buffers.targets, plan.cells(), now);
    CountPutKeys(counters_.get(), puts, n);
  }
  return st;
}

Result<RowResult> TimeseriesTable::Get(const obkvlite::Get& get) {
  OBKV_RETURN_IF_ERROR(CheckTimeseriesRead(*schema_, get.families, get.columns,
                                           get.filter, false, 0));
  const int64_t now = ctx_->NowMs();
  OBKV_ASSIGN_OR_RETURN(ReadPlan plan, PlanGet(schema_, get, now,
                                               compat::FilterOptionsOf(gate_)));
  const std::vector<FamilyRead> families =
      counters_ != nullptr ? plan.families : std::vector<FamilyRead>();
  OBKV_ASSIGN_OR_RETURN(RowResult row,
                        ReadTimeseriesRow(ctx_, std::move(plan)));
  CountReadRequests(counters_.get(), *schema_, families, now);
  CountKeyRead(counters_.get(), get.row);
  CountRowRead(counters_.get(), *schema_, families, row);
  return row;
}

Result<bool> TimeseriesTable::Exists(const obkvlite::Get& get) {
  OBKV_ASSIGN_OR_RETURN(RowResult row, Get(get));
  return !row.empty();
}

Result<std::unique_ptr<Scanner>> TimeseriesTable::GetScanner(
    const obkvlite::Scan& scan) {
  OBKV_RETURN_IF_ERROR(CheckTimeseriesRead(*schema_, scan.families,
                                           scan.columns, scan.filter,
                                           scan.reversed, scan.batch));
  const int64_t now = ctx_->NowMs();
  OBKV_ASSIGN_OR_RETURN(
      ReadPlan plan,
      PlanScan(schema_, scan, now, compat::FilterOptionsOf(gate_)));
  compat::Hits hits;
  compat::CheckScanOrder(ReadsPartitionsOutOfKeyOrder(plan), &hits);
  std::unique_ptr<ScanCounter> counter =
      ScanCounter::For(counters_, plan.schema, plan.families, plan.batch > 0);
  OBKV_ASSIGN_OR_RETURN(std::unique_ptr<Scanner> scanner,
                        OpenTimeseriesScanner(ctx_, std::move(plan)));
  if (gate_ != nullptr) gate_->Note(spec().name, "scan", hits);
  return CountingScanner(std::move(counter), now, std::move(scanner));
}

Status TimeseriesTable::Delete(const obkvlite::Delete& del) {
  OBKV_RETURN_IF_ERROR(ValidateTimeseriesDelete(*schema_, del));
  const int64_t now = ctx_->NowMs();
  OBKV_RETURN_IF_ERROR(
      ctx_->RunWrite("delete", [&](storage::Connection* writer) {
        return ApplyTimeseriesDelete(writer, *schema_, del);
      }));
  CountDelete(counters_.get(), *schema_, del, now);
  return Status::OK();
}

Result<RowResult> TimeseriesTable::Increment(const obkvlite::Increment&) {
  return TimeseriesUnsupported("increment");
}
Result<RowResult> TimeseriesTable::Append(const obkvlite::Append&) {
  return TimeseriesUnsupported("append");
}
Result<bool> TimeseriesTable::CheckAndMutate(const obkvlite::CheckAndMutate&) {
  return TimeseriesUnsupported("check_and_mutate");
}

Result<std::vector<MutationResult>> TimeseriesTable::Batch(
    const std::vector<Mutation>& mutations) {
  const int64_t now = ctx_->NowMs();
  TimeseriesPlan& plan = ThreadPutBuffers().plan;
  plan.Clear();
  for (size_t i = 0; i < mutations.size(); ++i) {
    Status st;
    if (const auto* put = std::get_if<obkvlite::Put>(&mutations[i])) {
      st = plan.AddPut(*schema_, *put, now);
    } else if (const auto* del = std::get_if<obkvlite::Delete>(&mutations[i])) {
      st = ValidateTimeseriesDelete(*schema_, *del);
      plan.AddNone();
    } else if (std::holds_alternative<obkvlite::Increment>(mutations[i])) {
      st = TimeseriesUnsupported("increment");
    } else if (std::holds_alternative<obkvlite::Append>(mutations[i])) {
      st = TimeseriesUnsupported("append");
    } else {
      st = TimeseriesUnsupported("check_and_mutate");
    }
    if (!st.ok()) return PrefixStatus(st, OpPrefix(i));
  }
  plan.AssignWriteTimes();
  TimeseriesWriter writer(ctx_->path(), now, plan);
  // The puts between two deletes go together, in order with the deletes.
  std::vector<size_t> run;
  OBKV_RETURN_IF_ERROR(ctx_->RunWrite("batch", [&](storage::Connection* conn) {
    writer.BeginAttempt();
    run.clear();
    for (size_t i = 0; i <= mutations.size(); ++i) {
      const auto* del = i < mutations.size()
                            ? std::get_if<obkvlite::Delete>(&mutations[i])
                            : nullptr;
      if (i < mutations.size() && del == nullptr) {
        run.push_back(i);
        continue;
      }
      OBKV_RETURN_IF_ERROR(writer.WritePuts(conn, run.data(), run.size()));
      run.clear();
      if (del != nullptr) {
        OBKV_RETURN_IF_ERROR(ApplyTimeseriesDelete(conn, *schema_, *del));
      }
    }
    return Status::OK();
  }));
  for (const Mutation& mutation : mutations) {
    CountMutation(counters_.get(), *schema_, mutation, nullptr, now);
  }
  return std::vector<MutationResult>(mutations.size());
}

Result<PurgeStats> TimeseriesTable::Purge() {
  PurgeStats stats;
  const int64_t now = ctx_->NowMs();
  OBKV_RETURN_IF_ERROR(
      ctx_->RunWrite("purge", [&](storage::Connection* writer) {
        stats = PurgeStats();  // only the last attempt counts
        for (const FamilyInfo& family : schema_->families()) {
          if (family.ttl_ms == 0) continue;
          const int64_t cutoff =
              layout::EncodeTimestamp(family.OldestVisible(now));
          for (int p : family.AllTables()) {
            OBKV_ASSIGN_OR_RETURN(
                storage::Statement * stmt,
                TimeseriesStatement(writer, family.partition_tables[p],
                                    layout::kTsDeleteOlder));
            stmt->BindInt(1, cutoff);
            OBKV_RETURN_IF_ERROR(stmt->Run());
            stats.expired_cells += stmt->changes();
          }
        }
        return Status::OK();
      }));
  return stats;
}

TimeseriesTable::PutBuffers& TimeseriesTable::ThreadPutBuffers() {
  thread_local PutBuffers buffers;
  return buffers;
}

bool TimeseriesTable::PutsByShard(
    const TimeseriesPlan& plan,
    std::vector<std::vector<size_t>>* by_shard) const {
  const int shards = ctx_->shards();
  if (shards == 1) return false;
  by_shard->resize(static_cast<size_t>(shards));
  for (std::vector<size_t>& puts : *by_shard) puts.clear();
  for (size_t i = 0; i < plan.puts(); ++i) {
    int shard = -1;
    for (size_t d = plan.docs_begin(i); d < plan.docs_end(i); ++d) {
      const int k =
          ShardOfPartition(spec().name, plan.docs()[d].partition, shards);
      if (shard >= 0 && k != shard) return false;
      shard = k;
    }
    if (shard >= 0) (*by_shard)[static_cast<size_t>(shard)].push_back(i);
  }
  return true;
}

}  // namespace obkvlite
