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

  Status Put(const obkvlite::Put& put) override {
    return Put(std::vector<obkvlite::Put>{put});
  }

  Status Put(const std::vector<obkvlite::Put>& puts) override {
    const int64_t now = ctx_->NowMs();
    OBKV_RETURN_IF_ERROR(WritePuts(puts, now));
    for (const obkvlite::Put& put : puts) {
      CountMutation(counters_.get(), *schema_, put, nullptr, now);
    }
    return Status::OK();
  }

  Status WritePuts(const std::vector<obkvlite::Put>& puts, int64_t now) {
    std::vector<std::vector<TimeseriesDoc>> docs(puts.size());
    for (size_t i = 0; i < puts.size(); ++i) {
      Status st = PlanTimeseriesPut(*schema_, puts[i], now, &docs[i]);
      if (!st.ok())
        return puts.size() == 1 ? st : PrefixStatus(st, OpPrefix(i));
    }
    std::vector<std::vector<size_t>> by_shard = PutsByShard(docs);
    if (by_shard.empty()) {
      return ctx_->RunWrite("put", [&](storage::Connection* writer) {
        for (const auto& put_docs : docs) {
          OBKV_RETURN_IF_ERROR(
              WriteTimeseriesPut(writer, ctx_->path(), now, put_docs));
        }
        return Status::OK();
      });
    }
    return ctx_->RunShardWrites("put", ShardsWithWork(by_shard),
                                [&](int k, storage::Connection* writer) {
                                  for (size_t i : by_shard[k]) {
                                    OBKV_RETURN_IF_ERROR(WriteTimeseriesPut(
                                        writer, ctx_->path(), now, docs[i]));
                                  }
                                  return Status::OK();
                                });
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
    std::vector<std::vector<TimeseriesDoc>> docs(mutations.size());
    for (size_t i = 0; i < mutations.size(); ++i) {
      Status st;
      if (const auto* put = std::get_if<obkvlite::Put>(&mutations[i])) {
        st = PlanTimeseriesPut(*schema_, *put, now, &docs[i]);
      } else if (const auto* del =
                     std::get_if<obkvlite::Delete>(&mutations[i])) {
        st = ValidateTimeseriesDelete(*schema_, *del);
      } else if (std::holds_alternative<obkvlite::Increment>(mutations[i])) {
        st = TimeseriesUnsupported("increment");
      } else if (std::holds_alternative<obkvlite::Append>(mutations[i])) {
        st = TimeseriesUnsupported("append");
      } else {
        st = TimeseriesUnsupported("check_and_mutate");
      }
      if (!st.ok()) return PrefixStatus(st, OpPrefix(i));
    }
    OBKV_RETURN_IF_ERROR(
        ctx_->RunWrite("batch", [&](storage::Connection* writer) {
          for (size_t i = 0; i < mutations.size(); ++i) {
            if (const auto* del =
                    std::get_if<obkvlite::Delete>(&mutations[i])) {
              OBKV_RETURN_IF_ERROR(
                  ApplyTimeseriesDelete(writer, *schema_, *del));
            } else {
              OBKV_RETURN_IF_ERROR(
                  WriteTimeseriesPut(writer, ctx_->path(), now, docs[i]));
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
  // In a sharded store, the indexes of the puts each shard holds, when
  // every put's documents lie in one shard (one put shares one S, so its
  // documents are written in one transaction); empty otherwise, and for a
  // store of one file.
  std::vector<std::vector<size_t>> PutsByShard(
      const std::vector<std::vector<TimeseriesDoc>>& docs) const {
    const int shards = ctx_->shards();
    std::vector<std::vector<size_t>> out;
    if (shards == 1) return out;
    out.resize(shards);
    for (size_t i = 0; i < docs.size(); ++i) {
      int shard = -1;
      for (const TimeseriesDoc& doc : docs[i]) {
        const int k = ShardOfPartition(spec().name, doc.partition, shards);
        if (shard >= 0 && k != shard) return {};
        shard = k;
      }
      if (shard >= 0) out[shard].push_back(i);
    }
    return out;
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
