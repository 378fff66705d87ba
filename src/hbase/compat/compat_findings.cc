// Copyright (c) obkvlite authors.
#include "hbase/compat/compat_findings.h"

#include <algorithm>
#include <chrono>

#include "hbase/context/own_tables.h"
#include "hbase/context/store_context.h"
#include "layout/compat_findings_sql.h"
#include "storage/transaction.h"

namespace obkvlite {
void FindingsCollector::Seen::Add(const Seen& o) {
  if (o.count == 0) return;
  first_ms = count == 0 ? o.first_ms : std::min(first_ms, o.first_ms);
  last_ms = count == 0 ? o.last_ms : std::max(last_ms, o.last_ms);
  count += o.count;
}

FindingsCollector::FindingsCollector(StoreContext* ctx)
    : ctx_(ctx),
      writable_(!ctx->read_only()),
      flusher_(std::chrono::milliseconds(
                   std::max(10, ctx->options().request_stats_flush_ms)),
               [this] {
                 // A failed flush keeps its findings for the next one.
                 (void)Flush();
               }) {}

FindingsCollector::~FindingsCollector() { Stop(); }

void FindingsCollector::Record(const std::string& table,
                               const std::string& operation,
                               const std::string& surface,
                               const std::string& rule, int64_t now_ms) {
  {
    util::MutexLock lock(&mu_);
    pending_[Key(table, operation, surface, rule)].Add({1, now_ms, now_ms});
  }
  if (writable_) flusher_.Start();
}

void FindingsCollector::Stop() {
  if (flusher_.Stop()) (void)Flush();  // best effort: the store is closing
}

Status FindingsCollector::Flush() {
  if (!writable_) return Status::OK();
  util::MutexLock flush_lock(&flush_mu_);
  Findings batch;
  {
    util::MutexLock lock(&mu_);
    batch.swap(pending_);
  }
  if (batch.empty()) return Status::OK();
  Status st = Write(batch);
  if (!st.ok()) {
    util::MutexLock lock(&mu_);
    for (const auto& [key, seen] : batch) pending_[key].Add(seen);
  }
  return st;
}

Status FindingsCollector::EnsureTable() {
  if (table_created_) return Status::OK();
  OBKV_RETURN_IF_ERROR(CreateOwnTableIfMissing(
      ctx_, "compat findings", kCompatTable, &layout::CompatCreateSql));
  table_created_ = true;
  return Status::OK();
}

Status FindingsCollector::Write(const Findings& findings) {
  OBKV_RETURN_IF_ERROR(EnsureTable());
  return ctx_->RunShardWrites(
      "compat findings", {0}, [&](int, storage::Connection* writer) -> Status {
        OBKV_ASSIGN_OR_RETURN(
            std::unique_ptr<storage::Statement> stmt,
            writer->Prepare(layout::CompatUpsertSql(writer->dialect())));
        for (const auto& [key, seen] : findings) {
          stmt->BindText(1, std::get<0>(key));
          stmt->BindText(2, std::get<1>(key));
          stmt->BindText(3, std::get<2>(key));
          stmt->BindText(4, std::get<3>(key));
          stmt->BindInt(5, seen.count);
          stmt->BindInt(6, seen.first_ms);
          stmt->BindInt(7, seen.last_ms);
          OBKV_RETURN_IF_ERROR(stmt->Run());
        }
        return Status::OK();
      });
}

Result<std::vector<CompatFinding>> FindingsCollector::Read() {
  util::MutexLock flush_lock(&flush_mu_);
  Findings merged;
  {
    util::MutexLock lock(&mu_);
    merged = pending_;
  }
  OBKV_ASSIGN_OR_RETURN(StoreContext::Snapshot snap, ctx_->ReadSnapshot());
  storage::Connection* conn = snap.lease.get();
  OBKV_ASSIGN_OR_RETURN(bool exists, OwnTableExists(conn, kCompatTable));
  if (exists) {
    OBKV_ASSIGN_OR_RETURN(
        std::unique_ptr<storage::Statement> stmt,
        conn->Prepare(layout::CompatSelectSql(conn->dialect())));
    while (true) {
      OBKV_ASSIGN_OR_RETURN(bool more, stmt->Step());
      if (!more) break;
      Key key(
          std::string(stmt->ColumnText(0)), std::string(stmt->ColumnText(1)),
          std::string(stmt->ColumnText(2)), std::string(stmt->ColumnText(3)));
      merged[key].Add(
          {stmt->ColumnInt(4), stmt->ColumnInt(5), stmt->ColumnInt(6)});
    }
  }
  OBKV_RETURN_IF_ERROR(snap.txn.Commit());
  std::vector<CompatFinding> out;
  out.reserve(merged.size());
  for (const auto& [key, seen] : merged) {
    if (seen.count == 0) continue;
    CompatFinding f;
    std::tie(f.table, f.operation, f.surface, f.rule) = key;
    f.count = seen.count;
    f.first_seen_ms = seen.first_ms;
    f.last_seen_ms = seen.last_ms;
    out.push_back(std::move(f));
  }
  return out;
}

Status FindingsCollector::Reset() {
  OBKV_RETURN_IF_ERROR(ctx_->CheckWritable("reset compat findings"));
  util::MutexLock flush_lock(&flush_mu_);
  {
    util::MutexLock lock(&mu_);
    pending_.clear();
  }
  OBKV_RETURN_IF_ERROR(EnsureTable());
  return ctx_->RunShardWrites(
      "reset compat findings", {0},
      [&](int, storage::Connection* writer) -> Status {
        return writer->Exec(layout::CompatDeleteSql(writer->dialect()));
      });
}

}  // namespace obkvlite
