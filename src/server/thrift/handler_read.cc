// Copyright (c) obkvlite authors.
//
// HbaseHandler's reads: get*, getRow*, getRows*, getRowOrBefore. As in
// HBase, a *Ts method reads the versions strictly older than `timestamp`
// (time range [0, timestamp)), and each row result holds the newest
// version of each column.

#include <memory>
#include <string>
#include <vector>

#include "server/thrift/hbase_handler.h"
#include "server/thrift/thrift_convert.h"

namespace obkvlite {
namespace server {
namespace {

// [0, timestamp) on `range`; false when that range is empty.
bool OlderThan(std::optional<int64_t> timestamp, TimeRange* range) {
  if (!timestamp) return true;
  if (*timestamp <= 0) return false;
  range->min_ms = 0;
  range->max_ms = *timestamp;
  return true;
}

}  // namespace

void HbaseHandler::GetCells(std::string_view method,
                            std::vector<gen::TCell>* out, const Text& tableName,
                            const Text& row, const Text& column,
                            int32_t versions,
                            std::optional<int64_t> timestamp) {
  Table* table = OpenTable(method, tableName);
  if (versions <= 0) {
    ThrowIOError(method, "numVersions: must be positive, got " +
                             std::to_string(versions));
  }
  obkvlite::Get get(row);
  get.max_versions = versions;
  Status st =
      AddProjection(table->spec(), {column}, &get.families, &get.columns);
  if (!st.ok()) ThrowStatus(method, Worded(tableName, method, st));
  if (!OlderThan(timestamp, &get.time_range)) return;
  Result<RowResult> result = table->Get(get);
  if (!result.ok()) ThrowStatus(method, result.status());
  AppendCells(result->cells, out);
}

void HbaseHandler::GetRows(std::string_view method,
                           std::vector<gen::TRowResult>* out,
                           const Text& tableName, const std::vector<Text>& rows,
                           const std::vector<Text>& columns,
                           std::optional<int64_t> timestamp, bool as_list) {
  Table* table = OpenTable(method, tableName);
  obkvlite::Get get;
  Status st =
      AddProjection(table->spec(), columns, &get.families, &get.columns);
  if (!st.ok()) ThrowStatus(method, Worded(tableName, method, st));
  if (!OlderThan(timestamp, &get.time_range)) return;
  if (!as_list) {
    RowResult result;
    get.row = rows.empty() ? Text() : rows[0];
    st = table->Get(get, &result);
    if (!st.ok()) ThrowStatus(method, st);
    AppendRowResult(&result, /*sorted=*/false, out);
    return;
  }
  std::vector<obkvlite::Get> gets(rows.size(), get);
  for (size_t i = 0; i < rows.size(); ++i) gets[i].row = rows[i];
  Result<std::vector<RowResult>> results = table->MultiGet(gets);
  if (!results.ok()) ThrowStatus(method, results.status());
  for (RowResult& result : *results) {
    AppendRowResult(&result, /*sorted=*/false, out);
  }
}

void HbaseHandler::get(std::vector<gen::TCell>& _return, const Text& tableName,
                       const Text& row, const Text& column, const Attributes&) {
  GetCells("get", &_return, tableName, row, column, 1, std::nullopt);
}

void HbaseHandler::getVer(std::vector<gen::TCell>& _return,
                          const Text& tableName, const Text& row,
                          const Text& column, int32_t numVersions,
                          const Attributes&) {
  GetCells("getVer", &_return, tableName, row, column, numVersions,
           std::nullopt);
}

void HbaseHandler::getVerTs(std::vector<gen::TCell>& _return,
                            const Text& tableName, const Text& row,
                            const Text& column, int64_t timestamp,
                            int32_t numVersions, const Attributes&) {
  GetCells("getVerTs", &_return, tableName, row, column, numVersions,
           timestamp);
}

void HbaseHandler::getRow(std::vector<gen::TRowResult>& _return,
                          const Text& tableName, const Text& row,
                          const Attributes&) {
  GetRows("getRow", &_return, tableName, {row}, {}, std::nullopt, false);
}

void HbaseHandler::getRowWithColumns(std::vector<gen::TRowResult>& _return,
                                     const Text& tableName, const Text& row,
                                     const std::vector<Text>& columns,
                                     const Attributes&) {
  GetRows("getRowWithColumns", &_return, tableName, {row}, columns,
          std::nullopt, false);
}

void HbaseHandler::getRowTs(std::vector<gen::TRowResult>& _return,
                            const Text& tableName, const Text& row,
                            int64_t timestamp, const Attributes&) {
  GetRows("getRowTs", &_return, tableName, {row}, {}, timestamp, false);
}

void HbaseHandler::getRowWithColumnsTs(std::vector<gen::TRowResult>& _return,
                                       const Text& tableName, const Text& row,
                                       const std::vector<Text>& columns,
                                       int64_t timestamp, const Attributes&) {
  GetRows("getRowWithColumnsTs", &_return, tableName, {row}, columns, timestamp,
          false);
}

void HbaseHandler::getRows(std::vector<gen::TRowResult>& _return,
                           const Text& tableName, const std::vector<Text>& rows,
                           const Attributes&) {
  GetRows("getRows", &_return, tableName, rows, {}, std::nullopt, true);
}

void HbaseHandler::getRowsWithColumns(std::vector<gen::TRowResult>& _return,
                                      const Text& tableName,
                                      const std::vector<Text>& rows,
                                      const std::vector<Text>& columns,
                                      const Attributes&) {
  GetRows("getRowsWithColumns", &_return, tableName, rows, columns,
          std::nullopt, true);
}

void HbaseHandler::getRowsTs(std::vector<gen::TRowResult>& _return,
                             const Text& tableName,
                             const std::vector<Text>& rows, int64_t timestamp,
                             const Attributes&) {
  GetRows("getRowsTs", &_return, tableName, rows, {}, timestamp, true);
}

void HbaseHandler::getRowsWithColumnsTs(std::vector<gen::TRowResult>& _return,
                                        const Text& tableName,
                                        const std::vector<Text>& rows,
                                        const std::vector<Text>& columns,
                                        int64_t timestamp, const Attributes&) {
  GetRows("getRowsWithColumnsTs", &_return, tableName, rows, columns, timestamp,
          true);
}

void HbaseHandler::getRowOrBefore(std::vector<gen::TCell>& _return,
                                  const Text& tableName, const Text& row,
                                  const Text& family) {
  // The row at or before `row` holding cells of `family`: a reversed scan
  // from `row`, one row.
  Table* table = OpenTable("getRowOrBefore", tableName);
  CheckCompat("getRowOrBefore", tableName, "C-02");
  const ColumnName name = ParseColumnName(family);
  Status st = CheckFamily(table->spec(), name.family);
  if (!st.ok())
    ThrowStatus("getRowOrBefore", Worded(tableName, "getRowOrBefore", st));
  Scan scan;
  scan.start_row = row;
  scan.reversed = true;
  scan.limit = 1;
  scan.families = {name.family};
  Result<std::unique_ptr<Scanner>> scanner = table->GetScanner(scan);
  if (!scanner.ok()) ThrowStatus("getRowOrBefore", scanner.status());
  RowResult result;
  if ((*scanner)->Next(&result)) {
    AppendCells(result.cells, &_return);
  } else if (!(*scanner)->status().ok()) {
    ThrowStatus("getRowOrBefore", (*scanner)->status());
  }
}

}  // namespace server
}  // namespace obkvlite
