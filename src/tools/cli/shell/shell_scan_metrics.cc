// Copyright (c) obkvlite authors.
#include "tools/cli/shell/shell_scan_metrics.h"

#include <algorithm>
#include <map>
#include <vector>

#include "obkvlite/router.h"
#include "tools/cli/shell/shell_cell_format.h"

namespace obkvlite {
namespace cli {
namespace {

// KeyValue's lengths (4 + 4), row length (2), family length (1), timestamp
// (8), type (1), and estimatedSerializedSizeOf's own int (4).
constexpr int64_t kCellOverheadBytes = 24;

KeyRange KeysOf(const Scan& scan) {
  if (!scan.prefix.empty()) return KeyRange::Prefix(scan.prefix);
  return scan.reversed ? KeyRange::Reversed(scan.start_row, scan.stop_row)
                       : KeyRange::Forward(scan.start_row, scan.stop_row);
}

}  // namespace

int64_t CellResultBytes(const Cell& cell) {
  return static_cast<int64_t>(cell.row.size() + cell.family.size() +
                              cell.qualifier.size() + cell.value.size()) +
         kCellOverheadBytes;
}

int64_t RegionsScanned(const TableSpec& spec, const Scan& scan,
                       const std::optional<std::string>& last_row) {
  if (spec.families.empty()) return 0;
  const FamilySpec& family = spec.families.front();
  const PartitionRouter router(spec.name, family);
  const int subparts = std::max(1, family.partition.SubpartitionCount());
  std::vector<int> regions;
  for (int p : router.PruneScan(KeysOf(scan), scan.time_range)) {
    const int region = p / subparts;
    if (regions.empty() || regions.back() != region) regions.push_back(region);
  }
  const bool key_ranges = family.partition.HasRangeLevel() &&
                          family.partition.range_column == RangeColumn::kK;
  if (!last_row || !key_ranges || last_row->empty()) {
    return static_cast<int64_t>(regions.size());
  }
  // The scan stopped in the region holding the last row: the regions
  // beyond it in the scan's direction were never reached.
  const std::vector<int> at = router.PruneGet(*last_row, TimeRange::All());
  if (at.empty()) return static_cast<int64_t>(regions.size());
  const int stop = at.front() / subparts;
  return std::count_if(regions.begin(), regions.end(), [&](int r) {
    return scan.reversed ? r >= stop : r <= stop;
  });
}

std::string ScanMetricsTable(
    const ShellScanMetrics& m,
    const std::optional<std::set<std::string>>& names) {
  const std::map<std::string, int64_t> all = {
      {"BYTES_IN_REMOTE_RESULTS", 0},
      {"BYTES_IN_RESULTS", m.bytes_in_results},
      {"MILLIS_BETWEEN_NEXTS", m.millis_between_nexts},
      {"NOT_SERVING_REGION_EXCEPTION", 0},
      {"REGIONS_SCANNED", m.regions_scanned},
      {"REMOTE_RPC_CALLS", 0},
      {"REMOTE_RPC_RETRIES", 0},
      {"ROWS_FILTERED", m.rows_filtered},
      {"ROWS_SCANNED", m.rows_scanned},
      {"RPC_CALLS", 0},
      {"RPC_RETRIES", 0},
  };
  std::string out = "\n" + ShellTwoColumns("METRIC", "VALUE");
  for (const auto& [name, value] : all) {
    if (names && names->count(name) == 0) continue;
    out += ShellTwoColumns(" " + name, std::to_string(value));
  }
  return out;
}

}  // namespace cli
}  // namespace obkvlite
