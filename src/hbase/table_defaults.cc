// Copyright (c) obkvlite authors.
//
// Table's default methods, for layouts without a faster path.

#include "obkvlite/table.h"

namespace obkvlite {

Status Table::ValidatePut(const obkvlite::Put&, int64_t) {
  return Status::NotSupported("validate_put: not offered by this table");
}

Status Table::Get(const obkvlite::Get& get, RowResult* out) {
  Result<RowResult> row = Get(get);
  if (!row.ok()) {
    *out = RowResult();
    return row.status();
  }
  *out = std::move(row).value();
  return Status::OK();
}

Result<std::vector<RowResult>> Table::MultiGet(
    const std::vector<obkvlite::Get>& gets) {
  std::vector<RowResult> rows;
  rows.reserve(gets.size());
  for (const obkvlite::Get& get : gets) {
    OBKV_ASSIGN_OR_RETURN(RowResult row, Get(get));
    rows.push_back(std::move(row));
  }
  return rows;
}

Status Table::Get(const obkvlite::Get& get, CellVisitor* visitor) {
  OBKV_ASSIGN_OR_RETURN(RowResult row, Get(get));
  for (size_t i = 0; i < row.cells.size(); ++i) {
    const Cell& cell = row.cells[i];
    visitor->Visit(CellView{row.row, cell.family, cell.qualifier,
                            cell.timestamp, cell.value,
                            /*first_in_row=*/i == 0});
  }
  return Status::OK();
}

namespace {
Status NoIndexes(const TableSpec& spec) {
  return Status::NotSupported("table '" + spec.name +
                              "': secondary indexes need the normal layout");
}
}  // namespace

Result<std::unique_ptr<Scanner>> Table::GetIndexScanner(const IndexScan&) {
  return NoIndexes(spec());
}

Result<IndexCheckReport> Table::CheckIndex(const std::string&) {
  return NoIndexes(spec());
}

Result<int64_t> Table::RebuildIndex(const std::string&,
                                    const IndexRebuildOptions&) {
  return NoIndexes(spec());
}

}  // namespace obkvlite
