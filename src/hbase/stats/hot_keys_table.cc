// Copyright (c) obkvlite authors.
#include "hbase/stats/hot_keys_table.h"

#include <memory>

#include "hbase/context/own_tables.h"
#include "hbase/context/store_context.h"
#include "layout/hot_keys_sql.h"

namespace obkvlite {
namespace {

Status EnsureHotKeysTable(StoreContext* ctx, bool* created) {
  if (*created) return Status::OK();
  OBKV_RETURN_IF_ERROR(CreateOwnTableIfMissing(ctx, "hot keys", kHotKeysTable,
                                               &layout::HotKeysCreateSql));
  OBKV_RETURN_IF_ERROR(CreateOwnTableIfMissing(ctx, "hot keys",
                                               layout::kHotKeysGlobalView,
                                               &layout::HotKeysGlobalViewSql));
  OBKV_RETURN_IF_ERROR(CreateOwnTableIfMissing(ctx, "hot keys",
                                               layout::kHotKeysLocalView,
                                               &layout::HotKeysLocalViewSql));
  *created = true;
  return Status::OK();
}

// Adds the rows `stmt` (HotKeysSelectSql, bound) returns to `*out`.
Status AddHotKeyRows(storage::Statement* stmt, HotKeySummary* out) {
  HotKeySummary stored;
  int64_t deficit = -1;
  while (true) {
    OBKV_ASSIGN_OR_RETURN(bool more, stmt->Step());
    if (!more) break;
    const std::string_view key = stmt->ColumnBlob(0);
    if (key.empty()) {
      stored.requests = stmt->ColumnInt(1);
      deficit = stmt->ColumnInt(2);
    } else {
      // freq = low + deficit: kept as freq until the deficit is known.
      stored.low[std::string(key)] = stmt->ColumnInt(1);
    }
  }
  if (deficit < 0) return Status::OK();  // no totals row: nothing stored
  stored.deficit = deficit;
  for (auto it = stored.low.begin(); it != stored.low.end();) {
    it->second -= deficit;
    it = it->second <= 0 ? stored.low.erase(it) : std::next(it);
  }
  out->Merge(stored);
  return Status::OK();
}

// Replaces the rows of (table, type) with `summary`'s, by `del`
// (HotKeysDeleteSql of one type) and `insert` (HotKeysInsertSql).
Status WriteHotKeyRows(storage::Statement* del, storage::Statement* insert,
                       const std::string& table, const std::string& type,
                       const HotKeySummary& summary) {
  del->BindText(1, table);
  del->BindText(2, type);
  OBKV_RETURN_IF_ERROR(del->Run());
  const auto put = [&](std::string_view key, int64_t freq,
                       int64_t error) -> Status {
    insert->BindText(1, table);
    insert->BindText(2, type);
    insert->BindBlob(3, key);
    insert->BindInt(4, freq);
    insert->BindInt(5, error);
    return insert->Run();
  };
  OBKV_RETURN_IF_ERROR(
      put(std::string_view(), summary.requests, summary.deficit));
  for (const auto& [key, low] : summary.low) {
    OBKV_RETURN_IF_ERROR(put(key, low + summary.deficit, summary.deficit));
  }
  return Status::OK();
}

}  // namespace

Status WriteHotKeys(StoreContext* ctx, const HotKeyBuckets& buckets,
                    bool* created) {
  OBKV_RETURN_IF_ERROR(EnsureHotKeysTable(ctx, created));
  return ctx->RunShardWrites(
      "hot keys", {0}, [&](int, storage::Connection* writer) -> Status {
        const SqlDialect d = writer->dialect();
        OBKV_ASSIGN_OR_RETURN(
            std::unique_ptr<storage::Statement> select,
            writer->Prepare(layout::HotKeysSelectSql(d, /*for_update=*/true)));
        OBKV_ASSIGN_OR_RETURN(
            std::unique_ptr<storage::Statement> del,
            writer->Prepare(layout::HotKeysDeleteSql(d, /*one_type=*/true)));
        OBKV_ASSIGN_OR_RETURN(std::unique_ptr<storage::Statement> insert,
                              writer->Prepare(layout::HotKeysInsertSql(d)));
        for (const auto& [key, pending] : buckets) {
          const std::string& table = key.first;
          const std::string type =
              HotKeyTypeObkvName(static_cast<HotKeyType>(key.second));
          HotKeySummary merged = pending;
          select->BindText(1, table);
          select->BindText(2, type);
          OBKV_RETURN_IF_ERROR(AddHotKeyRows(select.get(), &merged));
          select->Reset();
          OBKV_RETURN_IF_ERROR(
              WriteHotKeyRows(del.get(), insert.get(), table, type, merged));
        }
        return Status::OK();
      });
}

Status ReadHotKeys(storage::Connection* conn, const std::string& table,
                   std::array<HotKeySummary, kHotKeyTypes>* out) {
  OBKV_ASSIGN_OR_RETURN(bool exists, OwnTableExists(conn, kHotKeysTable));
  if (!exists) return Status::OK();
  OBKV_ASSIGN_OR_RETURN(
      std::unique_ptr<storage::Statement> select,
      conn->Prepare(layout::HotKeysSelectSql(conn->dialect(), false)));
  for (int t = 0; t < kHotKeyTypes; ++t) {
    const std::string type = HotKeyTypeObkvName(static_cast<HotKeyType>(t));
    select->BindText(1, table);
    select->BindText(2, type);
    OBKV_RETURN_IF_ERROR(
        AddHotKeyRows(select.get(), &(*out)[static_cast<size_t>(t)]));
    select->Reset();
  }
  return Status::OK();
}

Status DeleteHotKeys(StoreContext* ctx, const std::string& table,
                     bool* created) {
  OBKV_RETURN_IF_ERROR(EnsureHotKeysTable(ctx, created));
  return ctx->RunShardWrites(
      "reset hot keys", {0}, [&](int, storage::Connection* writer) -> Status {
        OBKV_ASSIGN_OR_RETURN(std::unique_ptr<storage::Statement> del,
                              writer->Prepare(layout::HotKeysDeleteSql(
                                  writer->dialect(), false)));
        del->BindText(1, table);
        return del->Run();
      });
}

}  // namespace obkvlite
