// Copyright (c) obkvlite authors.
#include "tools/cli/count_cells.h"

#include <limits>
#include <memory>
#include <utility>

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

Result<CellCounts> CountCells(Table& table, std::vector<std::string> families) {
  Scan scan;
  scan.max_versions = std::numeric_limits<int>::max();
  scan.families = std::move(families);
  return CountScan(table, scan);
}

}  // namespace cli
}  // namespace obkvlite
