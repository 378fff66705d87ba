// Copyright (c) obkvlite authors.
#include "hbase/newest_stored.h"

#include "hbase/layout_statements.h"
#include "layout/normal_layout.h"
#include "layout/timestamp_codec.h"

namespace obkvlite {

Result<std::optional<StoredVersion>> NewestStored(storage::Connection* conn,
                                                  const FamilyInfo& family,
                                                  std::string_view row,
                                                  std::string_view qualifier) {
  std::optional<StoredVersion> newest;
  const layout::TBounds all = layout::EncodeTimeRange(TimeRange::All());
  const bool paged = conn->page_rows() > 0;
  for (int p : family.Distinct(family.router.PruneGet(row, TimeRange::All()))) {
    OBKV_ASSIGN_OR_RETURN(storage::Statement * stmt,
                          NormalStatement(conn, family.partition_tables[p],
                                          layout::NormalGetColumnKind(
                                              paged, /*lock_rows=*/true)));
    stmt->BindBlob(1, row);
    stmt->BindBlob(2, qualifier);
    stmt->BindInt(3, all.lo_exclusive);
    stmt->BindInt(4, all.hi_inclusive);
    if (paged) stmt->BindInt(5, 1);
    Result<bool> found = stmt->Step();
    if (found.ok() && *found) {
      const int64_t t = stmt->ColumnInt(layout::kColT);
      if (!newest.has_value() || t < newest->t) {
        newest = StoredVersion{t, std::string(stmt->ColumnBlob(layout::kColV))};
      }
    }
    stmt->Reset();
    OBKV_RETURN_IF_ERROR(found.status());
  }
  return newest;
}

}  // namespace obkvlite
