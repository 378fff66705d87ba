// Copyright (c) obkvlite authors.
//
// Counting what a full scan sees (every visible version: TimeToLive and
// MaxVersions applied), shared by `obkv count` and the shell's count.
// Streams through a Scanner; memory does not grow with the table.
//
// Thread safety: as the Table.

#ifndef OBKVLITE_TOOLS_CLI_COUNT_CELLS_H_
#define OBKVLITE_TOOLS_CLI_COUNT_CELLS_H_

#include <cstdint>
#include <string>
#include <vector>

#include "obkvlite/status.h"
#include "obkvlite/table.h"

namespace obkvlite {
namespace cli {

struct CellCounts {
  int64_t rows = 0;
  int64_t cells = 0;
};

// Counts the rows and cells of `families` (empty: all).
Result<CellCounts> CountCells(Table& table, std::vector<std::string> families);

}  // namespace cli
}  // namespace obkvlite

#endif  // OBKVLITE_TOOLS_CLI_COUNT_CELLS_H_
