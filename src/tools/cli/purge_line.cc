// Copyright (c) obkvlite authors.
#include "tools/cli/purge_line.h"

namespace obkvlite {
namespace cli {

std::string PurgeLine(const std::string& table, const PurgeStats& stats) {
  std::string out = "purged " + table + ": " +
                    std::to_string(stats.expired_cells) + " expired cells, " +
                    std::to_string(stats.excess_versions) + " excess versions";
  if (stats.partitions_cleared > 0) {
    out +=
        ", " + std::to_string(stats.partitions_cleared) + " partitions cleared";
  }
  return out + "\n";
}

}  // namespace cli
}  // namespace obkvlite
