// Copyright (c) obkvlite authors.
//
// Column arguments as the HBase shell reads them (table.rb
// parse_column_format_spec: CellUtil.parseColumn applied twice):
// FAMILY[:QUALIFIER[:FORMATTER]]. 'f' names no qualifier and 'f:' the empty
// one; a second ':' starts a formatter ('f:q:toInt'), so, as in HBase, a
// qualifier holding ':' cannot be written. What 'f' alone means is the
// command's: the whole family in get's and scan's COLUMNS, the empty
// qualifier in put, incr and append (HBase's Put and Increment take a nil
// qualifier as empty), family versions in delete.
//
// Thread safety: pure functions.

#ifndef OBKVLITE_TOOLS_CLI_SHELL_SHELL_COLUMNS_H_
#define OBKVLITE_TOOLS_CLI_SHELL_SHELL_COLUMNS_H_

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "obkvlite/query.h"
#include "obkvlite/status.h"
#include "tools/cli/shell/shell_cell_format.h"
#include "tools/cli/shell/shell_parser.h"

namespace obkvlite {
namespace cli {

struct ShellColumnSpec {
  std::string family;
  std::optional<std::string> qualifier;  // nullopt: 'f' alone
  std::optional<std::string> formatter;  // the text after a second ':'
};

ShellColumnSpec SplitShellColumn(std::string_view text);

// A string argument split as above; errors name the command and `name`.
Result<ShellColumnSpec> ShellColumnArg(const std::string& command,
                                       const ShellValue& value,
                                       const std::string& name);

// The cell one column argument names for put, incr, append and get_counter:
// 'f:q', or 'f' for the empty qualifier. A formatter suffix is ignored, as
// table.rb does.
Result<Column> ShellCellColumn(const std::string& command,
                               const ShellValue& value);

// COLUMN / COLUMNS of get and scan, one column or a list: 'f' adds the
// family to `families`, 'f:q' the column to `columns`, and 'f:q:FORMATTER'
// also sets that column's formatter in `format` (an unknown formatter is an
// error, never an empty result).
Status ReadShellProjection(const std::string& command, const ShellValue& value,
                           std::vector<std::string>* families,
                           std::vector<Column>* columns,
                           ShellCellFormat* format);

}  // namespace cli
}  // namespace obkvlite

#endif  // OBKVLITE_TOOLS_CLI_SHELL_SHELL_COLUMNS_H_
