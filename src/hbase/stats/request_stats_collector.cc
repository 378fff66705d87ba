// Copyright (c) obkvlite authors.
#include "hbase/stats/request_stats_collector.h"

#include <algorithm>
#include <array>
#include <chrono>

#include "hbase/context/own_tables.h"
#include "hbase/context/store_context.h"
#include "hbase/stats/operation_stats_table.h"
#include "layout/request_stats_sql.h"
#include "storage/transaction.h"

namespace obkvlite {
namespace {

int64_t* Field(RequestCounts* c, int field) {
  int64_t* fields[kReqFields] = {
      &c->reads,         &c->rows_read,     &c->cells_read, &c->writes,
      &c->cells_written, &c->bytes_written, &c->deletes};
  return fields[field];
}

}  // namespace

RequestStatsCollector::RequestStatsCollector(StoreContext* ctx)
    : ctx_(ctx),
      enabled_(ctx->options().request_stats),
      writable_(!ctx->read_only()),
      ops_(ctx->options().operation_stats
               ? std::make_unique<OperationRecorder>()
               : nullptr),
      flusher_(std::chrono::milliseconds(
                   std::max(10, ctx->options().request_stats_flush_ms)),
               [this] {
                 // A failed flush keeps its buckets for the next one.
                 (void)Flush();
               }) {
  if ((enabled_ || ops_ != nullptr) && writable_) flusher_.Start();
}

RequestStatsCollector::~RequestStatsCollector() { Stop(); }

void RequestStatsCollector::Stop() {
  if (!flusher_.Stop()) return;
  // Best effort: the store is closing.
  if (enabled_ || ops_ != nullptr) (void)Flush();
}

std::shared_ptr<TableCounters> RequestStatsCollector::ForTable(
    const TableSchema& schema) {
  if (!enabled_) return nullptr;
  int64_t bucket_ms = ctx_->options().request_stats_bucket_ms;
  if (bucket_ms < 1000) bucket_ms = 1000;
  auto counters = std::make_shared<TableCounters>(schema, bucket_ms, this,
                                                  ctx_->options().hot_keys);
  util::MutexLock lock(&mu_);
  counters_.push_back(counters);
  return counters;
}

void RequestStatsCollector::Rotate(TableCounters* counters, int64_t bucket) {
  util::MutexLock lock(&mu_);
  if (bucket <= counters->bucket_.load(std::memory_order_relaxed)) return;
  Harvest(counters);
  counters->bucket_.store(bucket, std::memory_order_relaxed);
}

void RequestStatsCollector::Harvest(TableCounters* counters) {
  const int64_t bucket = counters->bucket_.load(std::memory_order_relaxed);
  for (TableCounters::Family& f : counters->families_) {
    for (int p = 0; p < f.partitions; ++p) {
      std::atomic<int64_t>* slots =
          &f.slots[static_cast<size_t>(p) * TableCounters::kSlots];
      RequestCounts* target = nullptr;
      for (int field = 0; field < kReqFields; ++field) {
        if (slots[field].load(std::memory_order_relaxed) == 0) continue;
        const int64_t n = slots[field].exchange(0, std::memory_order_relaxed);
        if (target == nullptr) {
          target = &pending_[Key(counters->table_, f.name, p, bucket)];
        }
        *Field(target, field) += n;
      }
    }
  }
}

void RequestStatsCollector::HarvestHotKeys(TableCounters* counters) {
  std::array<HotKeySummary, kHotKeyTypes> harvested;
  counters->hot_keys_.Harvest(&harvested);
  for (int t = 0; t < kHotKeyTypes; ++t) {
    HotKeySummary& h = harvested[static_cast<size_t>(t)];
    if (!h.empty()) hot_pending_[{counters->table_, t}].Merge(h);
  }
}

void RequestStatsCollector::HarvestAll() {
  for (const std::shared_ptr<TableCounters>& c : counters_) {
    Harvest(c.get());
    HarvestHotKeys(c.get());
  }
  // Counters no table object holds any more have nothing left to count.
  counters_.erase(std::remove_if(counters_.begin(), counters_.end(),
                                 [](const std::shared_ptr<TableCounters>& c) {
                                   return c.use_count() == 1;
                                 }),
                  counters_.end());
}

Status RequestStatsCollector::Flush() {
  if ((!enabled_ && ops_ == nullptr) || !writable_) return Status::OK();
  util::MutexLock flush_lock(&flush_mu_);
  Buckets batch;
  OperationBuckets ops;
  HotKeyBuckets hot;
  {
    util::MutexLock lock(&mu_);
    HarvestAll();
    batch.swap(pending_);
    hot.swap(hot_pending_);
    if (ops_ != nullptr) ops_->Harvest(&ops_pending_);
    ops.swap(ops_pending_);
  }
  Status st;
  if (!batch.empty()) {
    st = Write(batch);
    if (!st.ok()) {
      util::MutexLock lock(&mu_);
      for (const auto& [key, counts] : batch) pending_[key] += counts;
    }
  }
  if (!hot.empty()) {
    Status hot_st = WriteHotKeys(ctx_, hot, &hot_table_created_);
    if (!hot_st.ok()) {
      util::MutexLock lock(&mu_);
      for (const auto& [key, summary] : hot) hot_pending_[key].Merge(summary);
      if (st.ok()) st = hot_st;
    }
  }
  if (!ops.empty()) {
    Status ops_st = WriteOperationStats(ctx_, ops, &ops_table_created_);
    if (!ops_st.ok()) {
      util::MutexLock lock(&mu_);
      for (const auto& [key, counts] : ops) ops_pending_[key] += counts;
      if (st.ok()) st = ops_st;
    }
  }
  return st;
}

Result<std::vector<OperationStatsLine>>
RequestStatsCollector::ReadOperations() {
  util::MutexLock flush_lock(&flush_mu_);
  OperationBuckets merged;
  {
    util::MutexLock lock(&mu_);
    if (ops_ != nullptr) ops_->Harvest(&ops_pending_);
    merged = ops_pending_;
  }
  {
    OBKV_ASSIGN_OR_RETURN(StoreContext::Snapshot snap, ctx_->ReadSnapshot());
    OBKV_RETURN_IF_ERROR(ReadOperationStats(snap.lease.get(), &merged));
    OBKV_RETURN_IF_ERROR(snap.txn.Commit());
  }
  std::vector<OperationStatsLine> out;
  for (const auto& [key, counts] : merged) {
    const auto& [surface, op, bucket] = key;
    if (out.empty() || out.back().surface != OperationSurfaceName(surface) ||
        out.back().operation != OperationName(static_cast<Operation>(op))) {
      OperationStatsLine line;
      line.surface = OperationSurfaceName(surface);
      line.operation = OperationName(static_cast<Operation>(op));
      out.push_back(std::move(line));
    }
    OperationStatsLine& line = out.back();
    line.count += counts.count;
    line.sum_ns += counts.sum_ns;
    line.buckets[static_cast<size_t>(bucket)] += counts.count;
  }
  out.erase(
      std::remove_if(out.begin(), out.end(),
                     [](const OperationStatsLine& l) { return l.count == 0; }),
      out.end());
  return out;
}

Status RequestStatsCollector::ResetOperations() {
  OBKV_RETURN_IF_ERROR(ctx_->CheckWritable("reset operation stats"));
  util::MutexLock flush_lock(&flush_mu_);
  {
    util::MutexLock lock(&mu_);
    if (ops_ != nullptr) ops_->Harvest(&ops_pending_);
    ops_pending_.clear();
  }
  return DeleteOperationStats(ctx_, &ops_table_created_);
}

Status RequestStatsCollector::EnsureTable() {
  if (table_created_) return Status::OK();
  OBKV_RETURN_IF_ERROR(CreateOwnTableIfMissing(
      ctx_, "request stats", kStatsTable, &layout::StatsCreateSql));
  table_created_ = true;
  return Status::OK();
}

Status RequestStatsCollector::Write(const Buckets& buckets) {
  OBKV_RETURN_IF_ERROR(EnsureTable());
  return ctx_->RunShardWrites(
      "request stats", {0}, [&](int, storage::Connection* writer) -> Status {
        OBKV_ASSIGN_OR_RETURN(
            std::unique_ptr<storage::Statement> stmt,
            writer->Prepare(layout::StatsUpsertSql(writer->dialect())));
        for (const auto& [key, counts] : buckets) {
          RequestCounts c = counts;
          stmt->BindText(1, std::get<0>(key));
          stmt->BindText(2, std::get<1>(key));
          stmt->BindInt(3, std::get<2>(key));
          stmt->BindInt(4, std::get<3>(key));
          for (int field = 0; field < kReqFields; ++field) {
            stmt->BindInt(5 + field, *Field(&c, field));
          }
          OBKV_RETURN_IF_ERROR(stmt->Run());
        }
        return Status::OK();
      });
}

Result<std::vector<RequestStatsBucket>> RequestStatsCollector::Read(
    const std::string& table, const std::set<std::string>& families,
    int64_t since_ms, int64_t until_ms) {
  util::MutexLock flush_lock(&flush_mu_);
  // (family, partition, bucket) -> counts
  std::map<std::tuple<std::string, int, int64_t>, RequestCounts> merged;
  auto wanted = [&](const std::string& family, int64_t bucket) {
    return (families.empty() || families.count(family) > 0) &&
           bucket >= since_ms && bucket < until_ms;
  };
  {
    util::MutexLock lock(&mu_);
    HarvestAll();
    for (const auto& [key, counts] : pending_) {
      const auto& [t, family, partition, bucket] = key;
      if (t == table && wanted(family, bucket)) {
        merged[{family, partition, bucket}] += counts;
      }
    }
  }
  OBKV_ASSIGN_OR_RETURN(StoreContext::Snapshot snap, ctx_->ReadSnapshot());
  storage::Connection* conn = snap.lease.get();
  OBKV_ASSIGN_OR_RETURN(bool exists, OwnTableExists(conn, kStatsTable));
  if (exists) {
    const bool one_family = families.size() == 1;
    OBKV_ASSIGN_OR_RETURN(
        std::unique_ptr<storage::Statement> stmt,
        conn->Prepare(layout::StatsSelectSql(conn->dialect(), one_family)));
    stmt->BindText(1, table);
    stmt->BindInt(2, since_ms);
    stmt->BindInt(3, until_ms);
    if (one_family) stmt->BindText(4, *families.begin());
    while (true) {
      OBKV_ASSIGN_OR_RETURN(bool more, stmt->Step());
      if (!more) break;
      const std::string family(stmt->ColumnText(0));
      const int partition = static_cast<int>(stmt->ColumnInt(1));
      const int64_t bucket = stmt->ColumnInt(2);
      if (!wanted(family, bucket)) continue;
      RequestCounts& c = merged[{family, partition, bucket}];
      for (int field = 0; field < kReqFields; ++field) {
        *Field(&c, field) += stmt->ColumnInt(3 + field);
      }
    }
  }
  OBKV_RETURN_IF_ERROR(snap.txn.Commit());
  std::vector<RequestStatsBucket> out;
  out.reserve(merged.size());
  for (const auto& [key, counts] : merged) {
    if (counts.empty()) continue;
    RequestStatsBucket b;
    b.family = std::get<0>(key);
    b.partition = std::get<1>(key);
    b.bucket_start_ms = std::get<2>(key);
    b.counts = counts;
    out.push_back(std::move(b));
  }
  return out;
}

Result<std::vector<HotKeyStats>> RequestStatsCollector::HotKeys(
    const std::string& table, int top) {
  util::MutexLock flush_lock(&flush_mu_);
  std::array<HotKeySummary, kHotKeyTypes> merged;
  {
    util::MutexLock lock(&mu_);
    HarvestAll();
    for (int t = 0; t < kHotKeyTypes; ++t) {
      auto it = hot_pending_.find({table, t});
      if (it != hot_pending_.end()) merged[static_cast<size_t>(t)] = it->second;
    }
  }
  OBKV_ASSIGN_OR_RETURN(StoreContext::Snapshot snap, ctx_->ReadSnapshot());
  OBKV_RETURN_IF_ERROR(ReadHotKeys(snap.lease.get(), table, &merged));
  OBKV_RETURN_IF_ERROR(snap.txn.Commit());
  std::vector<HotKeyStats> out;
  for (int t = 0; t < kHotKeyTypes; ++t) {
    const HotKeySummary& summary = merged[static_cast<size_t>(t)];
    if (!summary.empty()) {
      out.push_back(summary.Report(static_cast<HotKeyType>(t), top));
    }
  }
  return out;
}

Status RequestStatsCollector::Reset(const std::string& table,
                                    const std::string& family) {
  OBKV_RETURN_IF_ERROR(ctx_->CheckWritable("reset request stats"));
  util::MutexLock flush_lock(&flush_mu_);
  {
    util::MutexLock lock(&mu_);
    HarvestAll();
    if (family.empty()) {
      for (int t = 0; t < kHotKeyTypes; ++t) hot_pending_.erase({table, t});
    }
    for (auto it = pending_.begin(); it != pending_.end();) {
      const bool match = std::get<0>(it->first) == table &&
                         (family.empty() || std::get<1>(it->first) == family);
      it = match ? pending_.erase(it) : std::next(it);
    }
  }
  if (family.empty()) {
    OBKV_RETURN_IF_ERROR(DeleteHotKeys(ctx_, table, &hot_table_created_));
  }
  OBKV_RETURN_IF_ERROR(EnsureTable());
  return ctx_->RunShardWrites("reset request stats", {0},
                              [&](int, storage::Connection* writer) -> Status {
                                OBKV_ASSIGN_OR_RETURN(
                                    std::unique_ptr<storage::Statement> stmt,
                                    writer->Prepare(layout::StatsDeleteSql(
                                        writer->dialect(), !family.empty())));
                                stmt->BindText(1, table);
                                if (!family.empty()) stmt->BindText(2, family);
                                return stmt->Run();
                              });
}

}  // namespace obkvlite
