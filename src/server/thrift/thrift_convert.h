// Copyright (c) obkvlite authors.
//
// Conversions between HBase's Thrift1 types and obkvlite's public API, the
// one place each rule lives:
//   - column names: "family:qualifier" is one column; "family" and
//     "family:" name the whole family (happybase's spelling of a family);
//     the split itself, the family check and the projection are the
//     gateways' shared rules (server/common/column_rules.h);
//   - results: Cells -> TCell lists and TRowResults (a columns map, or
//     sortedColumns when a scanner asked for them);
//   - errors: a Status becomes HBase's exception: IllegalArgument for a bad
//     argument where the method declares it, AlreadyExists, else IOError
//     (canRetry set for Busy and Unavailable).
//
// Thread safety: functions are reentrant.

#ifndef OBKVLITE_SERVER_THRIFT_THRIFT_CONVERT_H_
#define OBKVLITE_SERVER_THRIFT_THRIFT_CONVERT_H_

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "obkvlite/cell.h"
#include "obkvlite/query.h"
#include "obkvlite/spec.h"
#include "obkvlite/status.h"
#include "server/common/column_rules.h"
#include "server/thrift/gen-cpp/hbase_types.h"

namespace obkvlite {
namespace server {

namespace gen = ::obkvlite::server::hbase_thrift;

// Thrift's column name (SplitColumnName): "family" and "family:" are the
// whole family.
ColumnName ParseColumnName(std::string_view text);

// "family:qualifier".
std::string JoinColumnName(std::string_view family, std::string_view qualifier);

// Adds `columns` (Thrift column names) to a Get's or Scan's projection
// (AddToProjection): NotFound naming the family when `spec` has no such
// family, thrown as IOError (HBase's NoSuchColumnFamilyException).
[[nodiscard]] Status AddProjection(const TableSpec& spec,
                                   const std::vector<std::string>& columns,
                                   std::vector<std::string>* families,
                                   std::vector<Column>* out_columns);

// Appends `cells` as TCells.
void AppendCells(const std::vector<Cell>& cells, std::vector<gen::TCell>* out);

// Builds TRowResults cell by cell from a row's cells in their order: a
// columns map of each column's newest cell, or, when `sorted`,
// sortedColumns in the row's order.
class RowResultBuilder {
 public:
  RowResultBuilder(bool sorted, std::vector<gen::TRowResult>* out);
  // Appends a TRowResult for `row`; the next cells go into it.
  void StartRow(std::string_view row);
  // Adds a cell to the last row, unless it is an older version of the
  // column added just before. REQUIRED: StartRow was called.
  void AddCell(std::string_view family, std::string_view qualifier,
               int64_t timestamp, std::string value);

 private:
  const bool sorted_;
  std::vector<gen::TRowResult>* const out_;
  bool has_last_ = false;
  std::string last_family_;
  std::string last_qualifier_;
};

// Appends `*row` as one TRowResult (none for an empty row): a columns map
// of each column's newest cell, or, when `sorted`, sortedColumns in the
// row's order. The cells' values are moved out of `*row`.
void AppendRowResult(RowResult* row, bool sorted,
                     std::vector<gen::TRowResult>* out);

// Throws the HBase exception for a non-OK `status`: AlreadyExists (when
// `already_exists` is allowed), IllegalArgument for InvalidArgument (when
// `illegal_argument` is allowed), else IOError. The message is the
// status's, prefixed by "method: ".
[[noreturn]] void ThrowStatus(std::string_view method, const Status& status,
                              bool illegal_argument = false,
                              bool already_exists = false);
[[noreturn]] void ThrowIOError(std::string_view method,
                               const std::string& message);
[[noreturn]] void ThrowIllegalArgument(std::string_view method,
                                       const std::string& message);

// The 8-byte big-endian long HBase's counters hold; IOError naming the
// column when `value` is not 8 bytes.
int64_t DecodeCounter(std::string_view method, const Cell& cell);

// The cell TTL a mutation's attributes carry: HBase's Mutation.setTTL
// stores it as the attribute "_ttl", an 8-byte big-endian long of
// milliseconds, and Long.MAX_VALUE means none. nullopt without it;
// InvalidArgument naming attributes["_ttl"] when it is not 8 bytes or is
// negative.
Result<std::optional<int64_t>> CellTtlAttribute(
    const std::map<std::string, std::string>& attributes);

}  // namespace server
}  // namespace obkvlite

#endif  // OBKVLITE_SERVER_THRIFT_THRIFT_CONVERT_H_
