// Copyright (c) obkvlite authors.
#include "tools/cli/load_cells.h"

#include <chrono>
#include <istream>
#include <string_view>
#include <utility>
#include <vector>

#include "hbase/batch.h"
#include "hbase/limits.h"
#include "hbase/table_schema.h"
#include "hbase/timeseries_write.h"
#include "obkvlite/mutation.h"

namespace obkvlite {
namespace cli {
namespace {

int64_t NowMs() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(
             std::chrono::system_clock::now().time_since_epoch())
      .count();
}

// "<name>:<line>: <message>", dropping the "cells[0]." of a one-cell Put.
Status LineError(const LoadOptions& options, int64_t line,
                 const Status& status) {
  std::string_view message = status.message();
  constexpr std::string_view kCell = "cells[0].";
  if (message.substr(0, kCell.size()) == kCell) {
    message.remove_prefix(kCell.size());
  }
  return Status::InvalidArgument(options.name + ":" + std::to_string(line) +
                                 ": " + std::string(message));
}

Put ToPut(CellLine cell) {
  Put put(std::move(cell.row));
  put.cells.push_back({std::move(cell.family), std::move(cell.qualifier),
                       cell.ts, std::move(cell.value)});
  return put;
}

// Calls `fn(line_number, put)` for every non-empty line; stops at the first
// error, named by line.
template <typename Fn>
Status ForEachPut(std::istream& in, const LoadOptions& options, Fn fn) {
  std::string line;
  int64_t number = 0;
  while (std::getline(in, line)) {
    ++number;
    if (line.empty() || line == "\r") continue;
    Result<CellLine> cell = ParseCellLine(line, options.format);
    if (!cell.ok()) return LineError(options, number, cell.status());
    OBKV_RETURN_IF_ERROR(fn(number, ToPut(std::move(cell).value())));
  }
  if (in.bad()) {
    return Status::IOError(options.name + ": read error after line " +
                           std::to_string(number));
  }
  return Status::OK();
}

}  // namespace

Result<int64_t> LoadCells(Table& table, std::istream& in,
                          const LoadOptions& options, Progress* progress) {
  // Step 1: validate every line, write nothing.
  // The table's own checks: the timeseries layout plans documents (UTF-8,
  // one family per put), the normal layout routes cells.
  const TableSchema schema(table.spec(), /*partitions_are_tables=*/true);
  const bool timeseries = table.spec().layout == Layout::kTimeseries;
  const int64_t now = NowMs();
  std::vector<TimeseriesDoc> docs;
  OBKV_RETURN_IF_ERROR(
      ForEachPut(in, options, [&](int64_t number, const Put& put) {
        docs.clear();
        Status st = timeseries ? PlanTimeseriesPut(schema, put, now, &docs)
                               : ValidateMutation(schema, put, now);
        return st.ok() ? st : LineError(options, number, st);
      }));

  // Step 2: write, one transaction per batch.
  in.clear();
  in.seekg(0);
  int64_t loaded = 0;
  std::vector<Put> batch;
  auto flush = [&]() -> Status {
    if (batch.empty()) return Status::OK();
    Status st = table.Put(batch);
    if (!st.ok()) {
      return PrefixStatus(st, options.name + ": " + std::to_string(loaded) +
                                  " cells loaded, then a batch failed: ");
    }
    loaded += static_cast<int64_t>(batch.size());
    batch.clear();
    if (progress != nullptr) progress->Update(in.tellg(), loaded);
    return Status::OK();
  };
  OBKV_RETURN_IF_ERROR(ForEachPut(in, options, [&](int64_t, Put put) {
    batch.push_back(std::move(put));
    return static_cast<int>(batch.size()) >= options.batch_size ? flush()
                                                                : Status::OK();
  }));
  OBKV_RETURN_IF_ERROR(flush());
  return loaded;
}

}  // namespace cli
}  // namespace obkvlite
