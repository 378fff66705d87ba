// Copyright (c) obkvlite authors.
#include "hbase/write/newest_stored.h"

#include "hbase/layout_statements.h"
#include "layout/normal_layout.h"
#include "layout/timestamp_codec.h"

namespace obkvlite {

Result<std::optional<StoredVersion>> NewestStored(storage::Connection* conn,
                                                  const FamilyInfo& family,
                                                  std::string_view row,
                                                  std::string_view qualifier) {
  std::optional<StoredVersion> newest;
  layout::ReadShape every_version;
  every_version.all_times = true;
  // With the TTL column: selected, and nothing hidden at the epoch (?9 = 0:
  // every TTL >= 0 >= T).
  every_version.cell_ttl = family.spec.cell_ttl;
  const bool paged = conn->page_rows() > 0;
  for (int p : family.Distinct(family.router.PruneGet(row, TimeRange::All()))) {
    OBKV_ASSIGN_OR_RETURN(
        storage::Statement * stmt,
        NormalStatement(conn, family.partition_tables[p],
                        layout::NormalGetColumnKind(paged, /*lock_rows=*/true,
                                                    every_version)));
    stmt->BindBlob(1, row);
    stmt->BindBlob(2, qualifier);
    if (paged) stmt->BindInt(5, 1);
    if (every_version.cell_ttl) stmt->BindInt(9, 0);
    Result<bool> found = stmt->Step();
    if (found.ok() && *found) {
      const int64_t t = stmt->ColumnInt(layout::kGetColT);
      if (!newest.has_value() || t < newest->t) {
        const int ttl_col = layout::TtlColumn(1, every_version);
        newest =
            StoredVersion{t, std::string(stmt->ColumnBlob(layout::kGetColV)),
                          every_version.cell_ttl && !stmt->ColumnIsNull(ttl_col)
                              ? stmt->ColumnInt(ttl_col)
                              : kNoCellTtl};
      }
    }
    stmt->Reset();
    OBKV_RETURN_IF_ERROR(found.status());
  }
  return newest;
}

Result<int64_t> StoredCellTtl(storage::Connection* conn,
                              const FamilyInfo& family, std::string_view row,
                              std::string_view qualifier, int64_t ts) {
  layout::ReadShape shape;
  shape.values = false;
  shape.cell_ttl = true;
  const layout::TBounds exactly =
      layout::EncodeTimeRange(TimeRange::Exactly(ts));
  OBKV_ASSIGN_OR_RETURN(int partition, family.router.Route(row, ts));
  OBKV_ASSIGN_OR_RETURN(
      storage::Statement * stmt,
      NormalStatement(conn, family.partition_tables[partition],
                      layout::NormalGetColumnKind(/*paged=*/false,
                                                  /*lock_rows=*/false, shape)));
  stmt->BindBlob(1, row);
  stmt->BindBlob(2, qualifier);
  stmt->BindInt(3, exactly.lo_exclusive);
  stmt->BindInt(4, exactly.hi_inclusive);
  stmt->BindInt(9, 0);  // nothing hidden (see NewestStored)
  Result<bool> found = stmt->Step();
  const int col = layout::TtlColumn(1, shape);
  const int64_t ttl = found.ok() && *found && !stmt->ColumnIsNull(col)
                          ? stmt->ColumnInt(col)
                          : kNoCellTtl;
  stmt->Reset();
  OBKV_RETURN_IF_ERROR(found.status());
  return ttl;
}

}  // namespace obkvlite
