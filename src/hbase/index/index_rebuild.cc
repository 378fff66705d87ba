// Copyright (c) obkvlite authors.
#include "hbase/index/index_rebuild.h"

#include <algorithm>
#include <limits>
#include <set>
#include <vector>

#include "hbase/index/index_check.h"
#include "hbase/layout_statements.h"
#include "hbase/read/stored_rows.h"
#include "layout/normal_layout.h"
#include "layout/timestamp_codec.h"
#include "storage/transaction.h"

namespace obkvlite {
namespace {

// The main rows holding the indexed column of any of `indexes`, ascending.
Result<std::vector<std::string>> IndexedRows(
    StoreContext* ctx, const TableSchema& main,
    const std::vector<const IndexInfo*>& indexes) {
  OBKV_ASSIGN_OR_RETURN(StoreContext::Snapshot snap, ctx->ReadSnapshot());
  std::set<std::string> rows;
  for (const IndexInfo* index : indexes) {
    const IndexInfo::ColumnRef& c = index->columns.front();
    OBKV_RETURN_IF_ERROR(ForEachStoredRowOf(snap.lease.get(),
                                            main.families()[c.family], false,
                                            [&](const StoredRow& r) -> Status {
                                              if (r.qualifier == c.qualifier)
                                                rows.emplace(r.key);
                                              return Status::OK();
                                            }));
  }
  OBKV_RETURN_IF_ERROR(snap.txn.Commit());
  return std::vector<std::string>(rows.begin(), rows.end());
}

// Deletes every stored row of the index table.
Status EmptyIndex(storage::Connection* writer, const IndexInfo& index) {
  for (const FamilyInfo& family : index.table->families()) {
    for (int p : family.AllTables()) {
      OBKV_ASSIGN_OR_RETURN(storage::Statement * stmt,
                            NormalStatement(writer, family.partition_tables[p],
                                            layout::kNormalDeleteOlder));
      stmt->BindInt(1, std::numeric_limits<int64_t>::min());
      OBKV_RETURN_IF_ERROR(stmt->Run());
    }
  }
  return Status::OK();
}

}  // namespace

Result<int64_t> RebuildIndexes(StoreContext* ctx, const TableSchema& main,
                               const std::string& name,
                               const IndexRebuildOptions& options) {
  OBKV_ASSIGN_OR_RETURN(std::vector<const IndexInfo*> indexes,
                        IndexesNamed(main, name));
  OBKV_ASSIGN_OR_RETURN(std::vector<std::string> rows,
                        IndexedRows(ctx, main, indexes));
  OBKV_RETURN_IF_ERROR(ctx->RunWrite(
      "index rebuild",
      [&](storage::Connection* writer) {
        for (const IndexInfo* index : indexes) {
          OBKV_RETURN_IF_ERROR(EmptyIndex(writer, *index));
        }
        return Status::OK();
      },
      {}, /*idempotent=*/false, /*bytes=*/0, WritePlacement::First()));
  const size_t batch = static_cast<size_t>(std::max(1, options.batch_rows));
  const int64_t total = static_cast<int64_t>(rows.size());
  for (size_t from = 0; from < rows.size(); from += batch) {
    const size_t to = std::min(rows.size(), from + batch);
    OBKV_RETURN_IF_ERROR(ctx->RunWrite(
        "index rebuild",
        [&](storage::Connection* writer) {
          // The rebuilt indexes hold no entry of these rows now; the
          // others' entries stay as they are.
          IndexSync sync(&main);
          for (size_t i = from; i < to; ++i) {
            OBKV_RETURN_IF_ERROR(sync.Before(writer, rows[i]));
            sync.ForgetEntries(rows[i], indexes);
          }
          return sync.Apply(writer);
        },
        {}, /*idempotent=*/false, /*bytes=*/0, WritePlacement::First()));
    if (options.progress) options.progress(static_cast<int64_t>(to), total);
  }
  return total;
}

Status NoteExpiredEntries(storage::Connection* writer, const TableSchema& main,
                          int64_t now_ms, IndexSync* sync) {
  std::set<std::string> rows;
  for (const IndexInfo& index : main.indexes()) {
    for (const FamilyInfo& family : index.table->families()) {
      const int rank = main.Rank(family.name());
      if (rank < 0 || main.families()[rank].ttl_ms == 0) continue;
      const int64_t oldest = main.families()[rank].OldestVisible(now_ms);
      OBKV_RETURN_IF_ERROR(ForEachStoredRowOf(
          writer, family, false, [&](const StoredRow& r) -> Status {
            std::string value;
            std::string row;
            if (layout::DecodeTimestamp(r.t) < oldest &&
                DecodeIndexKey(r.key, &value, &row)) {
              rows.insert(std::move(row));
            }
            return Status::OK();
          }));
    }
  }
  for (const std::string& row : rows) {
    OBKV_RETURN_IF_ERROR(sync->Before(writer, row));
  }
  return Status::OK();
}

}  // namespace obkvlite
