// Copyright (c) obkvlite authors.
//
// Validation of operation input against the OceanBase column limits
// (DESIGN §2) and the table's families, with messages that name the field
// by its exec name (DESIGN §5), e.g.
//   "row: must not be empty"
//   "row: 1025 bytes, limit 1024"
//   "cells[0].qualifier: 300 bytes, limit 256"
//   "cells[0].value: 1048577 bytes, limit 1048576"
//   "cells[0].family: unknown family 'x' in table 't'"
// Every operation validates all of its input with these before writing.
//
// Thread safety: pure functions.

#ifndef OBKVLITE_HBASE_LIMITS_H_
#define OBKVLITE_HBASE_LIMITS_H_

#include <cstdint>
#include <string>
#include <string_view>

#include "hbase/table_schema.h"
#include "obkvlite/status.h"
#include "obkvlite/time_range.h"

namespace obkvlite {

// A field path, turned into text only when an error names it (validation
// runs per cell and must not allocate): FieldRef("row"),
// FieldRef("cells", 3, "qualifier") is "cells[3].qualifier".
struct FieldRef {
  FieldRef(const char* field) : base(field) {}       // NOLINT
  FieldRef(std::string_view field) : base(field) {}  // NOLINT
  FieldRef(std::string_view list, size_t i, std::string_view member = "")
      : base(list), index(static_cast<int64_t>(i)), field(member) {}

  std::string ToString() const;

  std::string_view base;
  int64_t index = -1;  // -1: not a list element
  std::string_view field;
};

// "<field>: <size> bytes, limit <limit>".
Status TooLongError(const FieldRef& field, size_t size, int64_t limit);

Status ValidateRow(std::string_view row, const FieldRef& field);
// Inline: they run per cell.
inline Status ValidateQualifier(std::string_view qualifier,
                                const FieldRef& field) {
  if (qualifier.size() <= kMaxQualifierBytes) return Status::OK();
  return TooLongError(field, qualifier.size(), kMaxQualifierBytes)
      .WithSubCode(Status::SubCode::kQualifierTooLong);
}
inline Status ValidateValue(std::string_view value, const FamilyInfo& family,
                            const FieldRef& field) {
  const int64_t limit = family.spec.ValueLimit();
  if (static_cast<int64_t>(value.size()) <= limit) return Status::OK();
  return TooLongError(field, value.size(), limit)
      .WithSubCode(Status::SubCode::kValueTooLong);
}
Status ValidateTimestamp(int64_t ts, const FieldRef& field);
Status ValidateTimeRange(const TimeRange& range, const FieldRef& field);
Status ValidateMaxVersions(int64_t max_versions, const FieldRef& field);

// The family named `name`, or an InvalidArgument
// "<field>: unknown family 'x' in table 't'".
Result<const FamilyInfo*> FindFamily(const TableSchema& schema,
                                     std::string_view name,
                                     const FieldRef& field);

// The same status with "<prefix>" put in front of its message (no
// separator added): PrefixStatus(st, "ops[4].").
Status PrefixStatus(const Status& status, std::string_view prefix);

// A router error for the cell at `cell`: "rowkey: ..." becomes
// "row: ...", "ts: ..." becomes "<cell>.ts: ...".
Status RouteError(const Status& status, const FieldRef& cell);

}  // namespace obkvlite

#endif  // OBKVLITE_HBASE_LIMITS_H_
