// Copyright (c) obkvlite authors.
#include "tools/cli/count_cells.h"

#include <limits>
#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace obkvlite {
namespace cli {

Result<CellCounts> CountScan(Table& table, const Scan& scan,
                             const RowVisitor& visit) {
  OBKV_ASSIGN_OR_RETURN(std::unique_ptr<Scanner> scanner,
                        table.GetScanner(scan));
  CellCounts counts;
  RowResult row;
  std::string last_row;
  while (scanner->Next(&row)) {
    if (row.cells.empty()) continue;
    // With batching a row may come in several results; count it once.
    const bool new_row = counts.rows == 0 || row.cells.front().row != last_row;
    if (new_row) {
      ++counts.rows;
      last_row = row.cells.front().row;
    }
    counts.cells += static_cast<int64_t>(row.cells.size());
    if (visit) OBKV_RETURN_IF_ERROR(visit(row, new_row, counts.rows));
  }
  OBKV_RETURN_IF_ERROR(scanner->status());
  return counts;
}

std::vector<Scan> FamilyScans(const TableSpec& spec, const Scan& base) {
  if (spec.layout != Layout::kTimeseries || spec.families.size() < 2 ||
      !base.families.empty() || !base.columns.empty()) {
    return {base};
  }
  std::vector<Scan> out;
  for (const FamilySpec& family : spec.families) {
    out.push_back(base);
    out.back().families = {family.name};
  }
  return out;
}

Result<CellCounts> CountCells(Table& table, std::vector<std::string> families) {
  Scan scan;
  scan.max_versions = std::numeric_limits<int>::max();
  scan.families = std::move(families);
  const std::vector<Scan> scans = FamilyScans(table.spec(), scan);
  if (scans.size() == 1) return CountScan(table, scan);
  // One scanner per family, rows ascending in each: step the smallest.
  std::vector<std::unique_ptr<Scanner>> scanners;
  std::vector<RowResult> heads(scans.size());
  std::vector<bool> live(scans.size());
  auto advance = [&](size_t i) -> Status {
    do {
      live[i] = scanners[i]->Next(&heads[i]);
    } while (live[i] && heads[i].cells.empty());
    return live[i] ? Status::OK() : scanners[i]->status();
  };
  for (size_t i = 0; i < scans.size(); ++i) {
    OBKV_ASSIGN_OR_RETURN(std::unique_ptr<Scanner> scanner,
                          table.GetScanner(scans[i]));
    scanners.push_back(std::move(scanner));
    OBKV_RETURN_IF_ERROR(advance(i));
  }
  CellCounts counts;
  for (;;) {
    const std::string* least = nullptr;
    for (size_t i = 0; i < scans.size(); ++i) {
      if (live[i] &&
          (least == nullptr || heads[i].cells.front().row < *least)) {
        least = &heads[i].cells.front().row;
      }
    }
    if (least == nullptr) return counts;
    const std::string row = *least;  // the heads move on below
    ++counts.rows;
    for (size_t i = 0; i < scans.size(); ++i) {
      while (live[i] && heads[i].cells.front().row == row) {
        counts.cells += static_cast<int64_t>(heads[i].cells.size());
        OBKV_RETURN_IF_ERROR(advance(i));
      }
    }
  }
}

}  // namespace cli
}  // namespace obkvlite
