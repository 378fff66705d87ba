// Copyright (c) obkvlite authors.
//
// HbaseHandler's scanners. A scanner streams from the library's Scanner:
// scannerGet returns one row (an empty list at the end), scannerGetList up
// to nbRows rows, and fewer when the reply would pass max_reply_bytes (a
// client reads on until it gets an empty list). As in HBase, the *Ts opens
// read versions older than `timestamp`, and scannerOpenWithPrefix stops at
// the first row past the prefix.

#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "server/thrift/hbase_handler.h"
#include "server/thrift/thrift_convert.h"

namespace obkvlite {
namespace server {
namespace {

struct ThriftScanner : ScannerEntry {
  bool sort_columns = false;
};

std::string InvalidScanner(gen::ScannerID id) {
  return "scanner id " + std::to_string(id) +
         " is invalid (never opened, closed, or expired after "
         "--scanner-idle-seconds)";
}

int64_t RowBytes(const RowResult& row) {
  int64_t n = 0;
  for (const Cell& c : row.cells) {
    n += c.row.size() + c.family.size() + c.qualifier.size() + c.value.size() +
         16;
  }
  return n;
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
  Status st = AddProjection(table->spec(), columns, &scan.families,
                            &scan.columns);
  if (!st.ok()) ThrowStatus(method, st);
  if (scan.time_range.max_ms <= 0) {
    ThrowIOError(method, "timestamp: must be positive, got " +
                             std::to_string(scan.time_range.max_ms));
  }
  Result<std::unique_ptr<Scanner>> scanner = table->GetScanner(scan);
  if (!scanner.ok()) ThrowStatus(method, scanner.status());
  auto entry = std::make_unique<ThriftScanner>();
  entry->scanner = std::move(scanner).value();
  entry->sort_columns = sort_columns;
  Result<int32_t> id = scanners_->Add(std::move(entry));
  if (!id.ok()) ThrowStatus(method, id.status());
  return *id;
}

gen::ScannerID HbaseHandler::scannerOpenWithScan(const Text& tableName,
                                                 const gen::TScan& t,
                                                 const Attributes&) {
  constexpr std::string_view kMethod = "scannerOpenWithScan";
  Scan scan = RangeScan(t.__isset.startRow ? t.startRow : "",
                        t.__isset.stopRow ? &t.stopRow : nullptr,
                        t.__isset.timestamp ? std::optional<int64_t>(t.timestamp)
                                            : std::nullopt);
  if (t.__isset.filterString) scan.filter = t.filterString;
  if (t.__isset.batchSize) {
    if (t.batchSize < 0) {
      ThrowIOError(kMethod, "batchSize: must be >= 0, got " +
                                std::to_string(t.batchSize));
    }
    scan.batch = t.batchSize;
  }
  if (t.__isset.reversed) scan.reversed = t.reversed;
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
  ScannerRegistry::Lease lease = scanners_->Use(id);
  if (!lease) {
    ThrowIllegalArgument(method, InvalidScanner(id));
  }
  auto* entry = static_cast<ThriftScanner*>(lease.get());
  RowResult row;
  int64_t bytes = 0;
  for (int32_t i = 0; i < rows && bytes < options_.max_reply_bytes; ++i) {
    if (!entry->scanner->Next(&row)) {
      if (!entry->scanner->status().ok()) {
        ThrowStatus(method, entry->scanner->status());
      }
      break;
    }
    bytes += RowBytes(row);
    AppendRowResult(&row, entry->sort_columns, out);
  }
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
  if (!scanners_->Remove(id)) {
    ThrowIllegalArgument("scannerClose", InvalidScanner(id));
  }
}

}  // namespace server
}  // namespace obkvlite
