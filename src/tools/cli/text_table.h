// Copyright (c) obkvlite authors.
//
// Prints rows as an aligned text table: a header row, a row of dashes, then
// the rows; columns are padded to their widest cell (in UTF-8 characters)
// and separated by two spaces; no padding follows a row's last non-empty
// cell.
//
// Thread safety: pure function.

#ifndef OBKVLITE_TOOLS_CLI_TEXT_TABLE_H_
#define OBKVLITE_TOOLS_CLI_TEXT_TABLE_H_

#include <iosfwd>
#include <string>
#include <vector>

namespace obkvlite {
namespace cli {

// REQUIRED: every row has header.size() cells.
void PrintTextTable(const std::vector<std::string>& header,
                    const std::vector<std::vector<std::string>>& rows,
                    std::ostream& out);

}  // namespace cli
}  // namespace obkvlite

#endif  // OBKVLITE_TOOLS_CLI_TEXT_TABLE_H_
