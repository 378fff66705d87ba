// Copyright (c) obkvlite authors.
//
// TimeseriesTable: the Table of a timeseries-layout HBase table (K, T, S,
// V-json; DESIGN §2, doc/timeseries.md). Puts and deletes validate all of
// their input, then run one write transaction (StoreContext::RunWrite);
// gets and scans plan with PlanGet / PlanScan (validation, TimeToLive,
// partition pruning) after the OBKV limitations are checked, and read with
// a TimeseriesScanner. Increment, append and check_and_mutate are refused
// ("not supported for timeseries families"); max_versions is ignored.

#include <variant>

#include "hbase/counting_scanner.h"
#include "hbase/layout_dispatch.h"
#include "hbase/layout_statements.h"
#include "hbase/limits.h"
#include "hbase/read_plan.h"
#include "hbase/request_counting.h"
#include "hbase/timeseries_delete.h"
#include "hbase/timeseries_request.h"
#include "hbase/timeseries_scanner.h"
#include "hbase/timeseries_write.h"
#include "layout/timeseries_layout.h"
#include "layout/timestamp_codec.h"

namespace obkvlite {
namespace {

std::string OpPrefix(size_t i) { return "ops[" + std::to_string(i) + "]."; }

class TimeseriesTable final : public Table {
 public:
  TimeseriesTable(StoreContext* ctx, std::shared_ptr<const TableSchema> schema)
      : ctx_(ctx),
        schema_(std::move(schema)),
        counters_(ctx->request_stats()->ForTable(*schema_)) {}

  const TableSpec& spec() const override { return schema_->spec(); }

  using Table::Get;  // Get into a RowResult: the default

  Status Put(const obkvlite::Put& put) override { return WritePuts(&put, 1); }

  Status Put(const std::vector<obkvlite::Put>& puts) override {
    return WritePuts(puts.data(), puts.size());
  }

  // Plans puts[0, n) (every check first), writes them in one transaction
  // (or one per shard, each put's documents in one) and counts them.
  Status WritePuts(const obkvlite::Put* puts, size_t n) {
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
        for (size_t i = 0; i < plan.puts(); ++i) {
          OBKV_RETURN_IF_ERROR(writer.WritePut(conn, i));
        }
        return Status::OK();
      });
    } else {
      st = ctx_->RunShardWrites(
          "put", ShardsWithWork(by_shard),
          [&](int k, storage::Connection* conn) {
            writer.BeginAttempt();
            for (size_t i : by_shard[k]) {
              OBKV_RETURN_IF_ERROR(writer.WritePut(conn, i));
            }
            return Status::OK();
          });
    }
    if (st.ok()) {
      CountWrites(counters_.get(), *schema_, buffers.targets, plan.cells(),
                  now);
    }
    return st;
  }

  Result<RowResult> Get(const obkvlite::Get& get) override {
    OBKV_RETURN_IF_ERROR(CheckTimeseriesRead(
        *schema_, get.families, get.columns, get.filter, false, 0));
    const int64_t now = ctx_->NowMs();
    OBKV_ASSIGN_OR_RETURN(ReadPlan plan, PlanGet(schema_, get, now));
    const std::vector<FamilyRead> families =
        counters_ != nullptr ? plan.families : std::vector<FamilyRead>();
    OBKV_ASSIGN_OR_RETURN(RowResult row,
                          ReadTimeseriesRow(ctx_, std::move(plan)));
    CountReadRequests(counters_.get(), *schema_, families, now);
    CountRowRead(counters_.get(), *schema_, families, row);
    return row;
  }

  Result<bool> Exists(const obkvlite::Get& get) override {
    OBKV_ASSIGN_OR_RETURN(RowResult row, Get(get));
    return !row.empty();
  }

  Result<std::unique_ptr<Scanner>> GetScanner(
      const obkvlite::Scan& scan) override {
    OBKV_RETURN_IF_ERROR(CheckTimeseriesRead(*schema_, scan.families,
                                             scan.columns, scan.filter,
                                             scan.reversed, scan.batch));
    const int64_t now = ctx_->NowMs();
    OBKV_ASSIGN_OR_RETURN(ReadPlan plan, PlanScan(schema_, scan, now));
    return CountingScanner(counters_, std::move(plan), now, [&](ReadPlan p) {
      return OpenTimeseriesScanner(ctx_, std::move(p));
    });
  }

  Status Delete(const obkvlite::Delete& del) override {
    OBKV_RETURN_IF_ERROR(ValidateTimeseriesDelete(*schema_, del));
    const int64_t now = ctx_->NowMs();
    OBKV_RETURN_IF_ERROR(
        ctx_->RunWrite("delete", [&](storage::Connection* writer) {
          return ApplyTimeseriesDelete(writer, *schema_, del);
        }));
    CountDelete(counters_.get(), *schema_, del, now);
    return Status::OK();
  }

  Result<RowResult> Increment(const obkvlite::Increment&) override {
    return TimeseriesUnsupported("increment");
  }
  Result<RowResult> Append(const obkvlite::Append&) override {
    return TimeseriesUnsupported("append");
  }
  Result<bool> CheckAndMutate(const obkvlite::CheckAndMutate&) override {
    return TimeseriesUnsupported("check_and_mutate");
  }

  // Puts and deletes only, in one transaction, in order.
  Result<std::vector<MutationResult>> Batch(
      const std::vector<Mutation>& mutations) override {
    const int64_t now = ctx_->NowMs();
    TimeseriesPlan& plan = ThreadPutBuffers().plan;
    plan.Clear();
    for (size_t i = 0; i < mutations.size(); ++i) {
      Status st;
      if (const auto* put = std::get_if<obkvlite::Put>(&mutations[i])) {
        st = plan.AddPut(*schema_, *put, now);
      } else if (const auto* del =
                     std::get_if<obkvlite::Delete>(&mutations[i])) {
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
    OBKV_RETURN_IF_ERROR(
        ctx_->RunWrite("batch", [&](storage::Connection* conn) {
          writer.BeginAttempt();
          for (size_t i = 0; i < mutations.size(); ++i) {
            if (const auto* del =
                    std::get_if<obkvlite::Delete>(&mutations[i])) {
              OBKV_RETURN_IF_ERROR(ApplyTimeseriesDelete(conn, *schema_, *del));
            } else {
              OBKV_RETURN_IF_ERROR(writer.WritePut(conn, i));
            }
          }
          return Status::OK();
        }));
    for (const Mutation& mutation : mutations) {
      CountMutation(counters_.get(), *schema_, mutation, nullptr, now);
    }
    return std::vector<MutationResult>(mutations.size());
  }

  // Removes documents older than each family's TimeToLive; versions are
  // never excess (max_versions does not apply to timeseries families).
  Result<PurgeStats> Purge() override {
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

 private:
  // The buffers of a thread's puts, reused by its next batch.
  struct PutBuffers {
    TimeseriesPlan plan;
    WriteTargets targets;
    std::vector<std::vector<size_t>> by_shard;
  };
  static PutBuffers& ThreadPutBuffers() {
    thread_local PutBuffers buffers;
    return buffers;
  }

  // In a sharded store, fills (*by_shard)[k] with the indexes of the puts
  // shard k holds and returns true, when every put's documents lie in one
  // shard (one put shares one S, so its documents are written in one
  // transaction); false otherwise, and for a store of one file.
  bool PutsByShard(const TimeseriesPlan& plan,
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

  StoreContext* ctx_;
  const std::shared_ptr<const TableSchema> schema_;
  const std::shared_ptr<TableCounters> counters_;  // null: not counted
};

}  // namespace

std::unique_ptr<Table> MakeTimeseriesTable(
    StoreContext* ctx, std::shared_ptr<const TableSchema> schema) {
  return std::make_unique<TimeseriesTable>(ctx, std::move(schema));
}

}  // namespace obkvlite
