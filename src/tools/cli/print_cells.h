// Copyright (c) obkvlite authors.
//
// The human form of cells printed by get and scan, one cell per line:
//   row  family:qualifier  @ts  value
// with row, qualifier and value in Bytes.toStringBinary form, so a line
// never holds a raw control byte. --json gives the exact exec result instead.
//
// Thread safety: pure functions.

#ifndef OBKVLITE_TOOLS_CLI_PRINT_CELLS_H_
#define OBKVLITE_TOOLS_CLI_PRINT_CELLS_H_

#include <iosfwd>
#include <string>
#include <vector>

#include "obkvlite/cell.h"

namespace obkvlite {
namespace cli {

// One line, without the newline.
std::string FormatCell(const Cell& cell);

// Every cell, one per line.
void PrintCells(const std::vector<Cell>& cells, std::ostream& out);

}  // namespace cli
}  // namespace obkvlite

#endif  // OBKVLITE_TOOLS_CLI_PRINT_CELLS_H_
