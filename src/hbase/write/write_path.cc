// Copyright (c) obkvlite authors.
#include "hbase/write/write_path.h"

#include <algorithm>
#include <string>

#include "hbase/layout_statements.h"
#include "hbase/limits.h"
#include "layout/normal_layout.h"
#include "layout/timestamp_codec.h"

namespace obkvlite {

Result<int64_t> CheckCellTtl(const FamilyInfo& family,
                             const std::optional<int64_t>& ttl_ms) {
  if (!ttl_ms.has_value()) return kNoCellTtl;
  if (*ttl_ms < 0) {
    return Status::InvalidArgument("ttl_ms: must be >= 0, got " +
                                   std::to_string(*ttl_ms));
  }
  if (!family.spec.cell_ttl) {
    return Status::InvalidArgument(
        "ttl_ms: family '" + family.name() +
        "' keeps no cell TTL (its spec has no \"cell_ttl\": true)");
  }
  return *ttl_ms;
}

Status RoutePut(const TableSchema& schema, const Put& put, int64_t now_ms,
                std::vector<RoutedCell>* out) {
  OBKV_RETURN_IF_ERROR(ValidateRow(put.row, "row"));
  if (put.cells.empty()) {
    return Status::InvalidArgument("cells: must not be empty");
  }
  const FamilyInfo* family = nullptr;
  int64_t ttl_ms = kNoCellTtl;
  for (size_t i = 0; i < put.cells.size(); ++i) {
    const PutCell& cell = put.cells[i];
    // The cells of one family usually come together: looked up once.
    if (family == nullptr || cell.family != family->name()) {
      OBKV_ASSIGN_OR_RETURN(family, FindFamily(schema, cell.family,
                                               FieldRef("cells", i, "family")));
      OBKV_ASSIGN_OR_RETURN(ttl_ms, CheckCellTtl(*family, put.ttl_ms));
    }
    OBKV_RETURN_IF_ERROR(
        ValidateQualifier(cell.qualifier, FieldRef("cells", i, "qualifier")));
    OBKV_RETURN_IF_ERROR(
        ValidateValue(cell.value, *family, FieldRef("cells", i, "value")));
    const int64_t ts = cell.timestamp.value_or(now_ms);
    OBKV_RETURN_IF_ERROR(ValidateTimestamp(ts, FieldRef("cells", i, "ts")));
    OBKV_ASSIGN_OR_RETURN(RoutedCell routed,
                          RouteCell(*family, put.row, cell.qualifier, ts,
                                    cell.value, FieldRef("cells", i), ttl_ms));
    out->push_back(routed);
  }
  return Status::OK();
}

Status WriteCells(storage::Connection* writer, std::vector<RoutedCell>* cells) {
  // Group by partition table so each statement is looked up once (already
  // so for an unpartitioned family: no sort, no buffer).
  const auto by_table = [](const RoutedCell& a, const RoutedCell& b) {
    if (a.family != b.family) return a.family < b.family;
    return a.partition < b.partition;
  };
  if (!std::is_sorted(cells->begin(), cells->end(), by_table)) {
    std::stable_sort(cells->begin(), cells->end(), by_table);
  }
  // Each run of one table goes in upserts of up to rows_per_insert() rows,
  // in order, so a later duplicate still wins.
  const size_t max_rows = static_cast<size_t>(
      layout::InsertRowsPerStatement(writer->rows_per_insert()));
  size_t i = 0;
  while (i < cells->size()) {
    const RoutedCell& first = (*cells)[i];
    const std::string& table = first.family->partition_tables[first.partition];
    size_t n = 1;
    while (i + n < cells->size() && n < max_rows &&
           (*cells)[i + n].family == first.family &&
           (*cells)[i + n].partition == first.partition) {
      ++n;
    }
    const bool cell_ttl = first.family->spec.cell_ttl;
    OBKV_ASSIGN_OR_RETURN(storage::Statement * stmt,
                          NormalStatement(writer, table,
                                          layout::NormalInsertKind(
                                              static_cast<int>(n), cell_ttl)));
    const int columns = cell_ttl ? 5 : 4;
    for (size_t j = 0; j < n; ++j) {
      const RoutedCell& cell = (*cells)[i + j];
      const int p = static_cast<int>(columns * j);
      stmt->BindBlob(p + 1, cell.row);
      stmt->BindBlob(p + 2, cell.qualifier);
      stmt->BindInt(p + 3, layout::EncodeTimestamp(cell.ts));
      stmt->BindBlob(p + 4, cell.value);
      if (!cell_ttl) continue;
      if (cell.ttl_ms == kNoCellTtl) {
        stmt->BindNull(p + 5);
      } else {
        stmt->BindInt(p + 5, cell.ttl_ms);
      }
    }
    OBKV_RETURN_IF_ERROR(stmt->Run());
    i += n;
  }
  return Status::OK();
}

}  // namespace obkvlite
