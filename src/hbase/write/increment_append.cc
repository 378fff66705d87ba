// Copyright (c) obkvlite authors.
#include "hbase/write/increment_append.h"

#include <algorithm>
#include <limits>
#include <optional>
#include <vector>

#include "hbase/limits.h"
#include "hbase/read/get_path.h"
#include "hbase/read/read_plan.h"
#include "hbase/write/newest_stored.h"
#include "hbase/write/write_path.h"
#include "obkvlite/bytes.h"

namespace obkvlite {
namespace {

// Validates the row, every column's family and qualifier, and the cell
// TTL.
template <typename Columns>
Status ValidateColumns(const TableSchema& schema, const std::string& row,
                       const Columns& columns,
                       const std::optional<int64_t>& ttl_ms) {
  OBKV_RETURN_IF_ERROR(ValidateRow(row, "row"));
  if (columns.empty()) {
    return Status::InvalidArgument("columns: must not be empty");
  }
  for (size_t i = 0; i < columns.size(); ++i) {
    OBKV_ASSIGN_OR_RETURN(const FamilyInfo* family,
                          FindFamily(schema, columns[i].family,
                                     FieldRef("columns", i, "family")));
    OBKV_RETURN_IF_ERROR(CheckCellTtl(*family, ttl_ms).status());
    OBKV_RETURN_IF_ERROR(ValidateQualifier(
        columns[i].qualifier, FieldRef("columns", i, "qualifier")));
  }
  return Status::OK();
}

// The newest visible cell of family:qualifier, if any.
Result<std::optional<Cell>> ReadNewest(
    storage::Connection* conn, const std::shared_ptr<const TableSchema>& schema,
    const std::string& row, const std::string& family,
    const std::string& qualifier, int64_t now_ms) {
  const ReadPlan plan = PlanNewestCell(schema, row, family, qualifier, now_ms);
  OBKV_ASSIGN_OR_RETURN(RowResult result, ReadRowInTransaction(conn, plan));
  if (result.cells.empty()) return std::optional<Cell>();
  return std::optional<Cell>(std::move(result.cells.front()));
}

int64_t NewTimestamp(const std::optional<Cell>& old, int64_t now_ms) {
  if (!old.has_value() ||
      old->timestamp == std::numeric_limits<int64_t>::max()) {
    return now_ms;
  }
  return std::max(now_ms, old->timestamp + 1);
}

// The read-modify-write shared by Increment and Append: for each column,
// `compute(i, old cell or null, &new_value)` gives the new value.
// The new cell's TTL: the write's, or else the old cell's (HBase carries
// the TTL tag forward; OBKV keeps the old row's TTL column).
Result<int64_t> NewCellTtl(storage::Connection* writer,
                           const FamilyInfo& family,
                           const std::optional<int64_t>& ttl_ms,
                           const std::optional<Cell>& old) {
  OBKV_ASSIGN_OR_RETURN(int64_t ttl, CheckCellTtl(family, ttl_ms));
  if (ttl != kNoCellTtl || !family.spec.cell_ttl || !old.has_value()) {
    return ttl;
  }
  return StoredCellTtl(writer, family, old->row, old->qualifier,
                       old->timestamp);
}

template <typename Columns, typename Compute>
Result<RowResult> ReadModifyWrite(
    storage::Connection* writer,
    const std::shared_ptr<const TableSchema>& schema, const std::string& row,
    const Columns& columns, const std::optional<int64_t>& ttl_ms,
    int64_t now_ms, Compute compute) {
  RowResult result;
  result.row = row;
  for (size_t i = 0; i < columns.size(); ++i) {
    const auto& column = columns[i];
    const FamilyInfo& family = schema->families()[schema->Rank(column.family)];
    OBKV_ASSIGN_OR_RETURN(std::optional<Cell> old,
                          ReadNewest(writer, schema, row, column.family,
                                     column.qualifier, now_ms));
    Cell cell;
    cell.row = row;
    cell.family = column.family;
    cell.qualifier = column.qualifier;
    cell.timestamp = NewTimestamp(old, now_ms);
    OBKV_RETURN_IF_ERROR(compute(i, old ? &*old : nullptr, &cell.value));
    OBKV_RETURN_IF_ERROR(
        ValidateValue(cell.value, family, FieldRef("columns", i, "value")));
    OBKV_ASSIGN_OR_RETURN(int64_t ttl, NewCellTtl(writer, family, ttl_ms, old));
    OBKV_ASSIGN_OR_RETURN(
        RoutedCell routed,
        RouteCell(family, cell.row, cell.qualifier, cell.timestamp, cell.value,
                  FieldRef("columns", i), ttl));
    std::vector<RoutedCell> one{routed};
    OBKV_RETURN_IF_ERROR(WriteCells(writer, &one));
    result.cells.push_back(std::move(cell));
  }
  std::stable_sort(result.cells.begin(), result.cells.end(),
                   [](const Cell& a, const Cell& b) {
                     if (a.family != b.family) return a.family < b.family;
                     return a.qualifier < b.qualifier;
                   });
  return result;
}

}  // namespace

std::string EncodeLong(int64_t value) {
  const uint64_t u = static_cast<uint64_t>(value);
  std::string out(8, '\0');
  for (int i = 0; i < 8; ++i) {
    out[i] = static_cast<char>((u >> (56 - 8 * i)) & 0xFF);
  }
  return out;
}

bool DecodeLong(std::string_view bytes, int64_t* value) {
  if (bytes.size() != 8) return false;
  uint64_t u = 0;
  for (unsigned char c : bytes) u = (u << 8) | c;
  *value = static_cast<int64_t>(u);
  return true;
}

Status ValidateIncrement(const TableSchema& schema, const Increment& inc) {
  return ValidateColumns(schema, inc.row, inc.columns, inc.ttl_ms);
}

Status ValidateAppend(const TableSchema& schema, const Append& app) {
  OBKV_RETURN_IF_ERROR(
      ValidateColumns(schema, app.row, app.columns, app.ttl_ms));
  for (size_t i = 0; i < app.columns.size(); ++i) {
    const FamilyInfo& family =
        schema.families()[schema.Rank(app.columns[i].family)];
    OBKV_RETURN_IF_ERROR(ValidateValue(app.columns[i].value, family,
                                       FieldRef("columns", i, "value")));
  }
  return Status::OK();
}

Result<RowResult> ApplyIncrement(
    storage::Connection* writer,
    const std::shared_ptr<const TableSchema>& schema, const Increment& inc,
    int64_t now_ms) {
  return ReadModifyWrite(
      writer, schema, inc.row, inc.columns, inc.ttl_ms, now_ms,
      [&](size_t i, const Cell* old, std::string* value) -> Status {
        int64_t current = 0;
        if (old != nullptr && !DecodeLong(old->value, &current)) {
          return Status::InvalidArgument(
                     ToStringBinary(old->family) + ":" +
                     ToStringBinary(old->qualifier) + " holds " +
                     std::to_string(old->value.size()) +
                     " bytes, increment needs an 8-byte big-endian long")
              .WithSubCode(Status::SubCode::kNotALong);
        }
        // Wraps around like a Java long.
        *value = EncodeLong(
            static_cast<int64_t>(static_cast<uint64_t>(current) +
                                 static_cast<uint64_t>(inc.columns[i].amount)));
        return Status::OK();
      });
}

Result<RowResult> ApplyAppend(storage::Connection* writer,
                              const std::shared_ptr<const TableSchema>& schema,
                              const Append& app, int64_t now_ms) {
  return ReadModifyWrite(
      writer, schema, app.row, app.columns, app.ttl_ms, now_ms,
      [&](size_t i, const Cell* old, std::string* value) -> Status {
        if (old != nullptr) *value = old->value;
        *value += app.columns[i].value;
        return Status::OK();
      });
}

}  // namespace obkvlite
