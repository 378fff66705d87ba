// Copyright (c) obkvlite authors.
//
// Thrift2Handler's scanners. getScannerRows returns up to numRows
// TResults, fewer when the reply would pass max_reply_bytes, and an empty
// list at the end. With a batchSize, a row comes in parts of at most that
// many cells, each but the last marked partial (the scanner reads one part
// ahead to know). A TScan's colFamTimeRangeMap gives a family its own time
// range instead of the scan's: the scan then reads the union of the ranges
// with every version, and the handler keeps, per column, the newest
// maxVersions cells inside the range of the cell's family.

#include <algorithm>
#include <limits>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "server/common/column_rules.h"
#include "server/thrift2/thrift2_convert.h"
#include "server/thrift2/thrift2_handler.h"

namespace obkvlite {
namespace server {
namespace {

struct FamilyRanges {
  std::map<std::string, TimeRange> ranges;  // by family
  TimeRange other;                          // the scan's own
  int max_versions = 1;

  bool empty() const { return ranges.empty(); }

  // Keeps the cells inside their family's range, at most max_versions per
  // column. A row's versions of one column are adjacent, newest first.
  void Apply(std::vector<Cell>* cells) const {
    std::vector<Cell> kept;
    int versions = 0;
    const Cell* last = nullptr;
    for (Cell& c : *cells) {
      auto it = ranges.find(c.family);
      const TimeRange& r = it == ranges.end() ? other : it->second;
      if (c.timestamp < r.min_ms || c.timestamp >= r.max_ms) continue;
      if (last != nullptr && last->family == c.family &&
          last->qualifier == c.qualifier) {
        if (++versions > max_versions) continue;
      } else {
        versions = 1;
      }
      kept.push_back(std::move(c));
      last = &kept.back();
    }
    *cells = std::move(kept);
  }
};

struct Thrift2Scanner : ScannerEntry {
  bool batched = false;
  FamilyRanges family_ranges;
  // The part read ahead of the last one returned (batched scans).
  std::optional<RowResult> ahead;
};

std::string InvalidScanner(int32_t id) {
  return "Invalid scanner Id: " + std::to_string(id) +
         " (never opened, closed, or expired after --scanner-idle-seconds)";
}

int64_t RowBytes(const RowResult& row) {
  int64_t bytes = 0;
  for (const Cell& c : row.cells) {
    bytes += static_cast<int64_t>(c.row.size() + c.family.size() +
                                  c.qualifier.size() + c.value.size() + 32);
  }
  return bytes;
}

// The scan of `t` with its colFamTimeRangeMap moved into `ranges`.
Scan ScanWithRanges(Scan scan, const gen2::TScan& t, FamilyRanges* ranges) {
  if (!t.__isset.colFamTimeRangeMap || t.colFamTimeRangeMap.empty()) {
    return scan;
  }
  ranges->other = scan.time_range;
  ranges->max_versions = scan.max_versions;
  TimeRange all = scan.time_range;
  for (const auto& [family, r] : t.colFamTimeRangeMap) {
    TimeRange range;
    range.min_ms = r.minStamp;
    range.max_ms = r.maxStamp;
    ranges->ranges[family] = range;
    all.min_ms = std::min(all.min_ms, range.min_ms);
    all.max_ms = std::max(all.max_ms, range.max_ms);
  }
  scan.time_range = all;
  scan.max_versions = std::numeric_limits<int>::max();
  return scan;
}

}  // namespace

int32_t Thrift2Handler::OpenScanner(const char* method, const Text& table,
                                    const gen2::TScan& tscan) {
  Table* t = OpenTable(method, table);
  Result<Scan> scan = ScanOf(t->spec(), tscan, "tscan");
  if (!scan.ok()) ThrowStatus2(method, Worded(method, t, scan.status()));
  auto entry = std::make_unique<Thrift2Scanner>();
  if (tscan.__isset.colFamTimeRangeMap && !tscan.colFamTimeRangeMap.empty()) {
    for (const auto& [family, r] : tscan.colFamTimeRangeMap) {
      if (r.minStamp < 0 || r.maxStamp < r.minStamp) {
        ThrowIOError2(method,
                      "tscan.colFamTimeRangeMap['" + family +
                          "']: must be 0 <= minStamp <= maxStamp, got [" +
                          std::to_string(r.minStamp) + ", " +
                          std::to_string(r.maxStamp) + ")");
      }
      Status st = CheckFamily(t->spec(), family);
      if (!st.ok()) ThrowStatus2(method, Worded(method, t, st));
    }
    // OBKV takes one range, for the one family the scan names (C-11).
    std::set<std::string> named(scan->families.begin(), scan->families.end());
    for (const Column& c : scan->columns) named.insert(c.family);
    if (tscan.colFamTimeRangeMap.size() != 1 || named.size() != 1 ||
        *named.begin() != tscan.colFamTimeRangeMap.begin()->first) {
      CheckCompat(method, table, "C-11");
    }
  }
  Scan with_ranges =
      ScanWithRanges(std::move(scan).value(), tscan, &entry->family_ranges);
  entry->batched = with_ranges.batch > 0;
  Result<std::unique_ptr<Scanner>> scanner = t->GetScanner(with_ranges);
  if (!scanner.ok()) ThrowStatus2(method, scanner.status());
  entry->scanner = std::move(scanner).value();
  Result<std::string> id = scanners_->Add(std::move(entry));
  if (!id.ok() && id.status().IsUnavailable()) {  // the open bound
    ThrowIOError2(method, "too many open scanners (limit " +
                              std::to_string(scanners_->max_open()) +
                              "): close some with closeScanner");
  }
  if (!id.ok()) ThrowStatus2(method, id.status());
  return static_cast<int32_t>(std::stol(*id));  // ScannerIds::kCounter
}

void Thrift2Handler::ReadScanner(const char* method,
                                 std::vector<gen2::TResult>* out,
                                 int32_t scannerId, int32_t numRows) {
  ScannerRegistry::Lease lease = scanners_->Use(std::to_string(scannerId));
  if (!lease) ThrowIllegalArgument2(method, InvalidScanner(scannerId));
  auto* entry = static_cast<Thrift2Scanner*>(lease.get());
  Scanner* scanner = entry->scanner.get();
  int64_t bytes = 0;
  while (static_cast<int32_t>(out->size()) < numRows &&
         bytes < options_.max_reply_bytes) {
    RowResult row;
    if (entry->ahead) {
      row = std::move(*entry->ahead);
      entry->ahead.reset();
    } else if (!scanner->Next(&row)) {
      break;
    }
    bool partial = false;
    if (entry->batched) {
      RowResult next;
      if (scanner->Next(&next)) {
        partial = !next.cells.empty() && !row.cells.empty() &&
                  next.cells.front().row == row.cells.front().row;
        entry->ahead = std::move(next);
      }
    }
    if (!entry->family_ranges.empty()) {
      entry->family_ranges.Apply(&row.cells);
      if (row.cells.empty()) continue;
    }
    bytes += RowBytes(row);
    out->push_back(ResultOf(&row, partial));
  }
  if (!scanner->status().ok()) ThrowStatus2(method, scanner->status());
}

int32_t Thrift2Handler::openScanner(const Text& table,
                                    const gen2::TScan& tscan) {
  return OpenScanner("openScanner", table, tscan);
}

void Thrift2Handler::getScannerRows(std::vector<gen2::TResult>& _return,
                                    int32_t scannerId, int32_t numRows) {
  ReadScanner("getScannerRows", &_return, scannerId, numRows);
}

void Thrift2Handler::closeScanner(int32_t scannerId) {
  // As HBase 2.x: an unknown id (perhaps expired) is no error.
  scanners_->Remove(std::to_string(scannerId));
}

void Thrift2Handler::getScannerResults(std::vector<gen2::TResult>& _return,
                                       const Text& table,
                                       const gen2::TScan& tscan,
                                       int32_t numRows) {
  const int32_t id = OpenScanner("getScannerResults", table, tscan);
  try {
    ReadScanner("getScannerResults", &_return, id, numRows);
  } catch (...) {
    scanners_->Remove(std::to_string(id));
    throw;
  }
  scanners_->Remove(std::to_string(id));
}

}  // namespace server
}  // namespace obkvlite
