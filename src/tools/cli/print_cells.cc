// Copyright (c) obkvlite authors.
#include "tools/cli/print_cells.h"

#include <ostream>

#include "obkvlite/bytes.h"

namespace obkvlite {
namespace cli {

std::string FormatCell(const Cell& cell) {
  std::string line = ToStringBinary(cell.row);
  line += "  ";
  line += ToStringBinary(cell.family);
  line += ':';
  line += ToStringBinary(cell.qualifier);
  line += "  @";
  line += std::to_string(cell.timestamp);
  line += "  ";
  line += ToStringBinary(cell.value);
  return line;
}

void PrintCells(const std::vector<Cell>& cells, std::ostream& out) {
  for (const Cell& cell : cells) out << FormatCell(cell) << "\n";
}

}  // namespace cli
}  // namespace obkvlite
