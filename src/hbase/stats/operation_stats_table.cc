// Copyright (c) obkvlite authors.
#include "hbase/stats/operation_stats_table.h"

#include <limits>
#include <memory>
#include <string>

#include "hbase/context/own_tables.h"
#include "hbase/context/store_context.h"
#include "layout/operation_stats_sql.h"

namespace obkvlite {
namespace {

Status EnsureOperationStatsTable(StoreContext* ctx, bool* created) {
  if (*created) return Status::OK();
  OBKV_RETURN_IF_ERROR(CreateOwnTableIfMissing(
      ctx, "operation stats", kOperationStatsTable, &layout::OpStatsCreateSql));
  *created = true;
  return Status::OK();
}

// The index of operation `name`; -1 for one this build does not know.
int OperationIndexByName(std::string_view name) {
  for (int i = 0; i < kOperations; ++i) {
    if (name == OperationName(static_cast<Operation>(i))) return i;
  }
  return -1;
}

// The bucket whose upper bound is `le_ns`: the one holding le_ns - 1.
int BucketOfBound(int64_t le_ns) {
  if (le_ns == std::numeric_limits<int64_t>::max()) return kLatencyBuckets - 1;
  return LatencyBucketOf(le_ns - 1);
}

}  // namespace

Status WriteOperationStats(StoreContext* ctx, const OperationBuckets& buckets,
                           bool* created) {
  OBKV_RETURN_IF_ERROR(EnsureOperationStatsTable(ctx, created));
  return ctx->RunShardWrites(
      "operation stats", {0}, [&](int, storage::Connection* writer) -> Status {
        OBKV_ASSIGN_OR_RETURN(
            std::unique_ptr<storage::Statement> stmt,
            writer->Prepare(layout::OpStatsUpsertSql(writer->dialect())));
        for (const auto& [key, counts] : buckets) {
          const auto& [surface, op, bucket] = key;
          stmt->BindText(1, OperationSurfaceName(surface));
          stmt->BindText(2, OperationName(static_cast<Operation>(op)));
          stmt->BindInt(3, LatencyBucketUpperNs(bucket));
          stmt->BindInt(4, counts.count);
          stmt->BindInt(5, counts.sum_ns);
          OBKV_RETURN_IF_ERROR(stmt->Run());
        }
        return Status::OK();
      });
}

Status ReadOperationStats(storage::Connection* conn, OperationBuckets* out) {
  OBKV_ASSIGN_OR_RETURN(bool exists,
                        OwnTableExists(conn, kOperationStatsTable));
  if (!exists) return Status::OK();
  OBKV_ASSIGN_OR_RETURN(
      std::unique_ptr<storage::Statement> stmt,
      conn->Prepare(layout::OpStatsSelectSql(conn->dialect())));
  while (true) {
    OBKV_ASSIGN_OR_RETURN(bool more, stmt->Step());
    if (!more) break;
    const int surface = OperationSurfaceIndex(stmt->ColumnText(0));
    const int op = OperationIndexByName(stmt->ColumnText(1));
    if (op < 0) continue;
    OperationBucketCounts counts;
    counts.count = stmt->ColumnInt(3);
    counts.sum_ns = stmt->ColumnInt(4);
    (*out)[{surface, op, BucketOfBound(stmt->ColumnInt(2))}] += counts;
  }
  return Status::OK();
}

Status DeleteOperationStats(StoreContext* ctx, bool* created) {
  OBKV_RETURN_IF_ERROR(EnsureOperationStatsTable(ctx, created));
  return ctx->RunShardWrites(
      "reset operation stats", {0},
      [&](int, storage::Connection* writer) -> Status {
        OBKV_ASSIGN_OR_RETURN(
            std::unique_ptr<storage::Statement> stmt,
            writer->Prepare(layout::OpStatsDeleteSql(writer->dialect())));
        return stmt->Run();
      });
}

}  // namespace obkvlite
