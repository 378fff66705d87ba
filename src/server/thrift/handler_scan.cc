// Copyright (c) obkvlite authors.
//
// HbaseHandler's scanners. A scanner streams from the library's Scanner:
// scannerGet returns one row (an empty list at the end), scannerGetList up
// to nbRows rows, and fewer when the reply would pass max_reply_bytes (a
// client reads on until it gets an empty list). As in HBase, the *Ts opens
// read versions older than `timestamp`, and scannerOpenWithPrefix stops at
// the first row past the prefix.

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "server/common/filter_string.h"
#include "server/thrift/hbase_handler.h"
#include "server/thrift/thrift_convert.h"

namespace obkvlite {
namespace server {
namespace {

struct ThriftScanner : ScannerEntry {
  bool sort_columns = false;
  // No batchSize: rows are read cell by cell (Scanner::NextCell, no copy
  // into a RowResult), and the first cell of the next row, read to find
  // where a row ends, waits here for the next call.
  bool by_cell = false;
  std::optional<Cell> pending;
};

std::string InvalidScanner(gen::ScannerID id) {
  return "scanner id " + std::to_string(id) +
         " is invalid (never opened, closed, or expired after "
         "--scanner-idle-seconds)";
}

// Reply bytes a cell takes, roughly (for max_reply_bytes).
int64_t CellBytes(std::string_view row, std::string_view family,
                  std::string_view qualifier, std::string_view value) {
  return static_cast<int64_t>(row.size() + family.size() + qualifier.size() +
                              value.size() + 16);
}

Scan RangeScan(const std::string& start, const std::string* stop,
               std::optional<int64_t> timestamp) {
  Scan scan;
  scan.start_row = start;
  if (stop != nullptr) scan.stop_row = *stop;
  if (timestamp) {
    scan.time_range.min_ms = 0;
    scan.time_range.max_ms = *timestamp;
  }
  return scan;
}

}  // namespace

gen::ScannerID HbaseHandler::OpenScanner(std::string_view method,
                                         const Text& tableName, Scan scan,
                                         const std::vector<Text>& columns,
                                         bool sort_columns) {
  Table* table = OpenTable(method, tableName);
  Status st =
      AddProjection(table->spec(), columns, &scan.families, &scan.columns);
  if (!st.ok()) ThrowStatus(method, Worded(tableName, method, st));
  if (scan.time_range.max_ms <= 0) {
    ThrowIOError(method, "timestamp: must be positive, got " +
                             std::to_string(scan.time_range.max_ms));
  }
  Result<std::unique_ptr<Scanner>> scanner = table->GetScanner(scan);
  if (!scanner.ok()) ThrowStatus(method, scanner.status());
  auto entry = std::make_unique<ThriftScanner>();
  entry->scanner = std::move(scanner).value();
  entry->sort_columns = sort_columns;
  entry->by_cell = scan.batch == 0;
  Result<std::string> id = scanners_->Add(std::move(entry));
  if (!id.ok() && id.status().IsUnavailable()) {  // the open bound
    ThrowStatus(method,
                Status::InvalidArgument("too many open scanners (limit " +
                                        std::to_string(scanners_->max_open()) +
                                        "): close some with scannerClose"));
  }
  if (!id.ok()) ThrowStatus(method, id.status());
  return static_cast<gen::ScannerID>(std::stol(*id));  // ScannerIds::kCounter
}

gen::ScannerID HbaseHandler::scannerOpenWithScan(const Text& tableName,
                                                 const gen::TScan& t,
                                                 const Attributes&) {
  constexpr std::string_view kMethod = "scannerOpenWithScan";
  Scan scan = RangeScan(
      t.__isset.startRow ? t.startRow : "",
      t.__isset.stopRow ? &t.stopRow : nullptr,
      t.__isset.timestamp ? std::optional<int64_t>(t.timestamp) : std::nullopt);
  if (t.__isset.filterString) {
    // HBase parses any filterString it is sent, an empty one too.
    Result<std::string> filter = server::SentFilterString(t.filterString);
    if (!filter.ok()) ThrowStatus(kMethod, filter.status());
    scan.filter = std::move(filter).value();
  }
  if (t.__isset.batchSize) {
    if (t.batchSize < 0) {
      ThrowIOError(kMethod, "batchSize: must be >= 0, got " +
                                std::to_string(t.batchSize));
    }
    scan.batch = t.batchSize;
  }
  if (t.__isset.reversed) scan.reversed = t.reversed;
  if (t.__isset.caching) scan.caching = t.caching;
  return OpenScanner(kMethod, tableName, std::move(scan),
                     t.__isset.columns ? t.columns : std::vector<Text>(),
                     t.__isset.sortColumns && t.sortColumns);
}

gen::ScannerID HbaseHandler::scannerOpen(const Text& tableName,
                                         const Text& startRow,
                                         const std::vector<Text>& columns,
                                         const Attributes&) {
  return OpenScanner("scannerOpen", tableName,
                     RangeScan(startRow, nullptr, std::nullopt), columns,
                     false);
}

gen::ScannerID HbaseHandler::scannerOpenWithStop(
    const Text& tableName, const Text& startRow, const Text& stopRow,
    const std::vector<Text>& columns, const Attributes&) {
  return OpenScanner("scannerOpenWithStop", tableName,
                     RangeScan(startRow, &stopRow, std::nullopt), columns,
                     false);
}

gen::ScannerID HbaseHandler::scannerOpenWithPrefix(
    const Text& tableName, const Text& startAndPrefix,
    const std::vector<Text>& columns, const Attributes&) {
  Scan scan;
  scan.prefix = startAndPrefix;
  return OpenScanner("scannerOpenWithPrefix", tableName, std::move(scan),
                     columns, false);
}

gen::ScannerID HbaseHandler::scannerOpenTs(const Text& tableName,
                                           const Text& startRow,
                                           const std::vector<Text>& columns,
                                           int64_t timestamp,
                                           const Attributes&) {
  return OpenScanner("scannerOpenTs", tableName,
                     RangeScan(startRow, nullptr, timestamp), columns, false);
}

gen::ScannerID HbaseHandler::scannerOpenWithStopTs(
    const Text& tableName, const Text& startRow, const Text& stopRow,
    const std::vector<Text>& columns, int64_t timestamp, const Attributes&) {
  return OpenScanner("scannerOpenWithStopTs", tableName,
                     RangeScan(startRow, &stopRow, timestamp), columns, false);
}

void HbaseHandler::ReadScanner(std::string_view method,
                               std::vector<gen::TRowResult>* out,
                               gen::ScannerID id, int32_t rows) {
  ScannerRegistry::Lease lease = scanners_->Use(std::to_string(id));
  if (!lease) {
    ThrowIllegalArgument(method, InvalidScanner(id));
  }
  auto* entry = static_cast<ThriftScanner*>(lease.get());
  if (rows <= 0) return;
  Scanner* scanner = entry->scanner.get();
  int64_t bytes = 0;
  if (!entry->by_cell) {
    RowResult row;
    for (int32_t i = 0; i < rows && bytes < options_.max_reply_bytes; ++i) {
      if (!scanner->Next(&row)) break;
      for (const Cell& c : row.cells) {
        bytes += CellBytes(c.row, c.family, c.qualifier, c.value);
      }
      AppendRowResult(&row, entry->sort_columns, out);
    }
  } else {
    RowResultBuilder builder(entry->sort_columns, out);
    int32_t started = 0;
    if (entry->pending) {
      Cell& c = *entry->pending;
      builder.StartRow(c.row);
      ++started;
      bytes += CellBytes(c.row, c.family, c.qualifier, c.value);
      builder.AddCell(c.family, c.qualifier, c.timestamp, std::move(c.value));
      entry->pending.reset();
    }
    CellView v;
    while (scanner->NextCell(&v)) {
      if (v.first_in_row || started == 0) {
        if (started >= rows || bytes >= options_.max_reply_bytes) {
          entry->pending = v.ToCell();  // the next call's first row
          break;
        }
        builder.StartRow(v.row);
        ++started;
      }
      bytes += CellBytes(v.row, v.family, v.qualifier, v.value);
      builder.AddCell(v.family, v.qualifier, v.timestamp, std::string(v.value));
    }
  }
  if (!scanner->status().ok()) ThrowStatus(method, scanner->status());
}

void HbaseHandler::scannerGet(std::vector<gen::TRowResult>& _return,
                              gen::ScannerID id) {
  ReadScanner("scannerGet", &_return, id, 1);
}

void HbaseHandler::scannerGetList(std::vector<gen::TRowResult>& _return,
                                  gen::ScannerID id, int32_t nbRows) {
  ReadScanner("scannerGetList", &_return, id, nbRows);
}

void HbaseHandler::scannerClose(gen::ScannerID id) {
  if (!scanners_->Remove(std::to_string(id))) {
    ThrowIllegalArgument("scannerClose", InvalidScanner(id));
  }
}

}  // namespace server
}  // namespace obkvlite
