// Copyright (c) obkvlite authors.
#include "hbase/write/purge.h"

#include <memory>
#include <string>
#include <vector>

#include "hbase/layout_statements.h"
#include "hbase/read/cell_heap.h"
#include "hbase/read/partition_cursor.h"
#include "layout/normal_layout.h"
#include "layout/timestamp_codec.h"
#include "storage/transaction.h"

namespace obkvlite {
namespace {

using storage::Statement;

// Deletes the cells whose cell TTL passed at `now_ms`.
Result<int64_t> PurgeCellTtlExpired(storage::Connection* writer,
                                    const FamilyInfo& family, int64_t now_ms) {
  if (!family.spec.cell_ttl) return int64_t{0};
  int64_t removed = 0;
  for (int p : family.AllTables()) {
    OBKV_ASSIGN_OR_RETURN(Statement * stmt,
                          NormalStatement(writer, family.partition_tables[p],
                                          layout::kNormalDeleteExpired));
    stmt->BindInt(1, now_ms);
    OBKV_RETURN_IF_ERROR(stmt->Run());
    removed += stmt->changes();
  }
  return removed;
}

Result<int64_t> PurgeExpired(storage::Connection* writer,
                             const FamilyInfo& family, int64_t now_ms) {
  OBKV_ASSIGN_OR_RETURN(int64_t removed,
                        PurgeCellTtlExpired(writer, family, now_ms));
  const int64_t cutoff = family.OldestVisible(now_ms);
  if (cutoff <= 0) return removed;
  TimeRange older;
  older.max_ms = cutoff;
  for (int p :
       family.Distinct(family.router.PruneScan(KeyRange::All(), older))) {
    OBKV_ASSIGN_OR_RETURN(Statement * stmt,
                          NormalStatement(writer, family.partition_tables[p],
                                          layout::kNormalDeleteOlder));
    stmt->BindInt(1, layout::EncodeTimestamp(cutoff));
    OBKV_RETURN_IF_ERROR(stmt->Run());
    removed += stmt->changes();
  }
  return removed;
}

// Cells past their cell TTL are no versions (the reader does not see the
// writer's deletes yet: it hides them itself).
Result<int64_t> PurgeExcessVersions(storage::Connection* writer,
                                    storage::ConnectionPool* readers,
                                    const FamilyInfo& family, int64_t now_ms) {
  if (family.spec.max_versions <= 0) return int64_t{0};
  OBKV_ASSIGN_OR_RETURN(storage::ConnectionPool::Lease lease,
                        readers->Acquire());
  OBKV_ASSIGN_OR_RETURN(storage::Transaction txn,
                        storage::Transaction::Begin(
                            lease.get(), storage::Transaction::Kind::kRead));
  std::vector<std::unique_ptr<CellCursor>> cursors;
  CellHeap heap(/*reversed=*/false);
  layout::TBounds all = layout::EncodeTimeRange(TimeRange::All());
  all.now_ms = now_ms;
  layout::ReadShape shape;
  shape.cell_ttl = family.spec.cell_ttl;
  for (int p : family.AllTables()) {
    OBKV_ASSIGN_OR_RETURN(
        std::unique_ptr<CellCursor> cursor,
        PartitionCursor::OpenRange(lease.get(), family.partition_tables[p],
                                   KeyRange::All(), all,
                                   layout::ScanOrder::kForward, 0, p,
                                   /*paged=*/true, /*row_limit=*/0, shape));
    cursors.push_back(std::move(cursor));
    heap.Add(cursors.back().get());
  }
  int64_t removed = 0;
  std::string key, qualifier;
  int64_t versions = 0;
  while (!heap.empty()) {
    CellCursor* top = heap.top();
    if (versions == 0 || top->key() != key || top->qualifier() != qualifier) {
      key.assign(top->key().data(), top->key().size());
      qualifier.assign(top->qualifier().data(), top->qualifier().size());
      versions = 0;
    }
    if (++versions > family.spec.max_versions) {
      OBKV_ASSIGN_OR_RETURN(
          Statement * del,
          NormalStatement(writer, family.partition_tables[top->partition()],
                          layout::kNormalDeleteCell));
      del->BindBlob(1, key);
      del->BindBlob(2, qualifier);
      del->BindInt(3, top->t());
      OBKV_RETURN_IF_ERROR(del->Run());
      removed += del->changes();
    }
    top->Next();
    OBKV_RETURN_IF_ERROR(top->status());
    heap.TopAdvanced();
  }
  return removed;
}

}  // namespace

Result<PurgeStats> ApplyPurge(storage::Connection* writer,
                              storage::ConnectionPool* readers,
                              const TableSchema& schema, int64_t now_ms) {
  PurgeStats stats;
  for (const FamilyInfo& family : schema.families()) {
    OBKV_ASSIGN_OR_RETURN(int64_t expired,
                          PurgeExpired(writer, family, now_ms));
    OBKV_ASSIGN_OR_RETURN(int64_t excess,
                          PurgeExcessVersions(writer, readers, family, now_ms));
    stats.expired_cells += expired;
    stats.excess_versions += excess;
  }
  return stats;
}

}  // namespace obkvlite
