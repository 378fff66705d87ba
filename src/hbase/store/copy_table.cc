// Copyright (c) obkvlite authors.
#include "hbase/store/copy_table.h"

#include <memory>
#include <string>
#include <vector>

#include "hbase/layout_statements.h"
#include "hbase/limits.h"
#include "hbase/read/stored_rows.h"
#include "hbase/write/write_path.h"
#include "layout/timeseries_layout.h"
#include "layout/timestamp_codec.h"
#include "storage/transaction.h"

namespace obkvlite {
namespace {

// One stored row, owned (cursor views end at their next step).
struct OwnedRow {
  std::string k, q;
  int64_t t = 0;
  int64_t s = 0;  // timeseries only
  std::string v;
  int64_t ttl_ms = kNoCellTtl;  // cell TTL (a family with cell_ttl)
};

// Writes `rows` of `family` (a family of the destination) in one
// transaction, each routed by the destination's router.
Status WriteBatch(StoreContext* dest, const FamilyInfo& family, bool timeseries,
                  const std::vector<OwnedRow>& rows) {
  if (rows.empty()) return Status::OK();
  return dest->RunWrite("copy", [&](storage::Connection* writer) -> Status {
    if (!timeseries) {
      std::vector<RoutedCell> cells;
      cells.reserve(rows.size());
      for (const OwnedRow& r : rows) {
        OBKV_ASSIGN_OR_RETURN(
            RoutedCell cell,
            RouteCell(family, r.k, r.q, layout::DecodeTimestamp(r.t), r.v,
                      FieldRef("row"),
                      family.spec.cell_ttl ? r.ttl_ms : kNoCellTtl));
        cells.push_back(cell);
      }
      return WriteCells(writer, &cells);
    }
    for (const OwnedRow& r : rows) {
      Result<int> p = family.router.Route(r.k, layout::DecodeTimestamp(r.t));
      if (!p.ok()) return p.status();
      OBKV_ASSIGN_OR_RETURN(
          storage::Statement * stmt,
          TimeseriesStatement(writer, family.partition_tables[*p],
                              layout::kTsInsert));
      stmt->BindBlob(1, r.k);
      stmt->BindInt(2, r.t);
      stmt->BindInt(3, r.s);
      stmt->BindText(4, r.v);
      OBKV_RETURN_IF_ERROR(stmt->Run());
    }
    return Status::OK();
  });
}

}  // namespace

Result<int64_t> CopyTableRows(StoreContext* source,
                              const TableSchema& source_schema,
                              StoreContext* dest,
                              const TableSchema& dest_schema,
                              const CopyOptions& options) {
  OBKV_RETURN_IF_ERROR(dest->CheckWritable("copy"));
  const bool timeseries = source_schema.spec().layout == Layout::kTimeseries;
  OBKV_ASSIGN_OR_RETURN(storage::ConnectionPool::Lease lease,
                        source->readers().Acquire());
  OBKV_ASSIGN_OR_RETURN(storage::Transaction txn,
                        storage::Transaction::Begin(
                            lease.get(), storage::Transaction::Kind::kRead));
  int64_t copied = 0;
  const size_t batch_rows =
      static_cast<size_t>(options.batch_rows > 0 ? options.batch_rows : 1);
  std::vector<OwnedRow> batch;
  for (size_t f = 0; f < source_schema.families().size(); ++f) {
    const FamilyInfo& dest_family = dest_schema.families()[f];
    auto flush = [&]() -> Status {
      OBKV_RETURN_IF_ERROR(WriteBatch(dest, dest_family, timeseries, batch));
      copied += static_cast<int64_t>(batch.size());
      batch.clear();
      if (options.progress) options.progress(copied);
      return Status::OK();
    };
    OBKV_RETURN_IF_ERROR(ForEachStoredRowOf(
        lease.get(), source_schema.families()[f], timeseries,
        [&](const StoredRow& r) -> Status {
          batch.push_back(OwnedRow{std::string(r.key), std::string(r.qualifier),
                                   r.t, r.s, std::string(r.value), r.ttl_ms});
          return batch.size() >= batch_rows ? flush() : Status::OK();
        }));
    OBKV_RETURN_IF_ERROR(flush());
  }
  OBKV_RETURN_IF_ERROR(txn.Commit());
  return copied;
}

}  // namespace obkvlite
