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
  const bool paged = conn->page_rows() > 0;
  for (int p : family.Distinct(family.router.PruneGet(row, TimeRange::All()))) {
    OBKV_ASSIGN_OR_RETURN(storage::Statement * stmt,
                          NormalStatement(conn, family.partition_tables[p],
                                          layout::NormalGetColumnKind(
                                              paged, /*lock_rows=*/true,
                                              every_version)));
    stmt->BindBlob(1, row);
    stmt->BindBlob(2, qualifier);
    if (paged) stmt->BindInt(5, 1);
    Result<bool> found = stmt->Step();
    if (found.ok() && *found) {
      const int64_t t = stmt->ColumnInt(layout::kGetColT);
      if (!newest.has_value() || t < newest->t) {
        newest = StoredVersion{t, std::string(stmt->ColumnBlob(layout::kGetColV))};
      }
    }
    stmt->Reset();
    OBKV_RETURN_IF_ERROR(found.status());
  }
  return newest;
}

}  // namespace obkvlite
