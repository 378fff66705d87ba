// Copyright (c) obkvlite authors.
#include "tools/cli/transfer/load_cells.h"

#include <charconv>
#include <istream>
#include <string_view>
#include <utility>
#include <vector>

#include "obkvlite/mutation.h"
#include "tools/cli/transfer/record_reader.h"

namespace obkvlite {
namespace cli {
namespace {

// "<name>:<line>: <message>". A Put's "cells[i]." becomes the column's
// name in ImportTsv mode and is dropped for a cell line (one cell).
Status LineError(const LoadOptions& options, int64_t line,
                 const Status& status) {
  std::string message = status.message();
  constexpr std::string_view kCells = "cells[";
  const size_t close = message.find("].");
  size_t cell = 0;
  if (message.compare(0, kCells.size(), kCells) == 0 &&
      close != std::string::npos &&
      std::from_chars(message.data() + kCells.size(), message.data() + close,
                      cell)
              .ptr == message.data() + close) {
    message.replace(0, close + 2,
                    options.columns ? options.columns->CellName(cell) + ": "
                                    : std::string());
  }
  return Status::InvalidArgument(options.name + ":" + std::to_string(line) +
                                 ": " + message);
}

Put CellLinePut(CellLine cell) {
  Put put(std::move(cell.row));
  put.cells.push_back({std::move(cell.family), std::move(cell.qualifier),
                       cell.ts, std::move(cell.value)});
  return put;
}

Result<Put> RecordPut(const LoadOptions& options,
                      std::vector<std::string> fields, int64_t now) {
  if (options.columns) return options.columns->ToPut(std::move(fields), now);
  OBKV_ASSIGN_OR_RETURN(CellLine cell, ParseCellFields(fields));
  return CellLinePut(std::move(cell));
}

// Calls `fn(line_number, put)` for every record; stops at the first error,
// named by the line the record starts on. `now` is the timestamp of
// ImportTsv rows without HBASE_TS_KEY.
template <typename Fn>
Status ForEachPut(std::istream& in, const LoadOptions& options, int64_t now,
                  Fn fn) {
  RecordReader reader(in, options.format == CellFormat::kCsv
                              ? RecordSyntax::Csv()
                              : RecordSyntax::Tsv(options.separator));
  std::vector<std::string> fields;
  for (;;) {
    Result<bool> more = reader.Next(&fields);
    if (!more.ok() && more.status().code() == Status::Code::kIOError) {
      return more.status().WithPrefix(options.name);
    }
    if (!more.ok()) return LineError(options, reader.line(), more.status());
    if (!*more) return Status::OK();
    Result<Put> put = RecordPut(options, std::move(fields), now);
    if (!put.ok()) return LineError(options, reader.line(), put.status());
    OBKV_RETURN_IF_ERROR(fn(reader.line(), std::move(put).value()));
  }
}

}  // namespace

Result<int64_t> LoadCells(Table& table, std::istream& in,
                          const LoadOptions& options, Progress* progress) {
  // Step 1: validate every line, write nothing: the table's own checks
  // (Table::ValidatePut: the normal layout routes cells, the timeseries
  // layout plans documents).
  const int64_t now = options.now_ms;
  if (options.columns) {
    OBKV_RETURN_IF_ERROR(options.columns->CheckFamilies(table, now));
  }
  OBKV_RETURN_IF_ERROR(
      ForEachPut(in, options, now, [&](int64_t number, const Put& put) {
        Status st = table.ValidatePut(put, now);
        return st.ok() ? st : LineError(options, number, st);
      }));

  // Step 2: write, one transaction per batch.
  in.clear();
  in.seekg(0);
  int64_t loaded = 0;
  int64_t batch_cells = 0;
  std::vector<Put> batch;
  auto flush = [&]() -> Status {
    if (batch.empty()) return Status::OK();
    Status st = table.Put(batch);
    if (!st.ok()) {
      return st.WithPrefix(options.name + ": " + std::to_string(loaded) +
                           " cells loaded, then a batch failed");
    }
    loaded += batch_cells;
    batch_cells = 0;
    batch.clear();
    if (progress != nullptr) progress->Update(in.tellg(), loaded);
    return Status::OK();
  };
  OBKV_RETURN_IF_ERROR(ForEachPut(in, options, now, [&](int64_t, Put put) {
    batch_cells += static_cast<int64_t>(put.cells.size());
    batch.push_back(std::move(put));
    return static_cast<int>(batch.size()) >= options.batch_size ? flush()
                                                                : Status::OK();
  }));
  OBKV_RETURN_IF_ERROR(flush());
  return loaded;
}

}  // namespace cli
}  // namespace obkvlite
