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
#include "tools/cli/record_reader.h"

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

// Calls `fn(line_number, put)` for every record; stops at the first error,
// named by the line the record starts on.
template <typename Fn>
Status ForEachPut(std::istream& in, const LoadOptions& options, Fn fn) {
  RecordReader reader(in, options.format == CellFormat::kCsv
                              ? RecordSyntax::Csv()
                              : RecordSyntax::Tsv());
  std::vector<std::string> fields;
  for (;;) {
    Result<bool> more = reader.Next(&fields);
    if (!more.ok() && more.status().code() == Status::Code::kIOError) {
      return PrefixStatus(more.status(), options.name + ": ");
    }
    if (!more.ok()) return LineError(options, reader.line(), more.status());
    if (!*more) return Status::OK();
    Result<CellLine> cell = ParseCellFields(fields);
    if (!cell.ok()) return LineError(options, reader.line(), cell.status());
    OBKV_RETURN_IF_ERROR(fn(reader.line(), ToPut(std::move(cell).value())));
  }
}

}  // namespace

Result<int64_t> LoadCells(Table& table, std::istream& in,
                          const LoadOptions& options, Progress* progress) {
  // Step 1: validate every line, write nothing.
  // The table's own checks: the timeseries layout plans documents (UTF-8,
  // one family per put), the normal layout routes cells.
  const TableSchema schema(table.spec());
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
