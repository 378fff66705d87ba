// Copyright (c) obkvlite authors.
#include "tools/cli/text_table.h"

#include <algorithm>
#include <ostream>

namespace obkvlite {
namespace cli {
namespace {

// Characters on screen: UTF-8 continuation bytes do not count.
size_t DisplayWidth(const std::string& text) {
  size_t width = 0;
  for (unsigned char c : text) width += (c & 0xC0) != 0x80;
  return width;
}

void PrintRow(const std::vector<std::string>& cells,
              const std::vector<size_t>& widths, std::ostream& out) {
  // Cells after the last non-empty one are omitted with their padding, so
  // no line ends in spaces added here.
  size_t end = cells.size();
  while (end > 0 && cells[end - 1].empty()) --end;
  std::string line;
  for (size_t i = 0; i < end; ++i) {
    if (i > 0) line += "  ";
    line += cells[i];
    if (i + 1 < end) line.append(widths[i] - DisplayWidth(cells[i]), ' ');
  }
  out << line << "\n";
}

}  // namespace

void PrintTextTable(const std::vector<std::string>& header,
                    const std::vector<std::vector<std::string>>& rows,
                    std::ostream& out) {
  std::vector<size_t> widths(header.size(), 0);
  for (size_t i = 0; i < header.size(); ++i) {
    widths[i] = DisplayWidth(header[i]);
    for (const std::vector<std::string>& row : rows) {
      widths[i] = std::max(widths[i], DisplayWidth(row[i]));
    }
  }
  std::vector<std::string> dashes;
  for (size_t w : widths) dashes.emplace_back(w, '-');
  PrintRow(header, widths, out);
  PrintRow(dashes, widths, out);
  for (const std::vector<std::string>& row : rows) PrintRow(row, widths, out);
}

}  // namespace cli
}  // namespace obkvlite
