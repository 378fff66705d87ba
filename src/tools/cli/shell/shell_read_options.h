// Copyright (c) obkvlite authors.
//
// The {KEY => value} options of get and scan (table.rb _get_internal and
// _hash_to_scan), read into a Get or a Scan and the ShellCellFormat that
// prints the result:
//   both   COLUMN / COLUMNS, VERSIONS, TIMESTAMP (exactly that version),
//          TIMERANGE => [MIN, MAX], FILTER => "...", MAXLENGTH => n,
//          FORMATTER => 'toString', FORMATTER_CLASS (only
//          'org.apache.hadoop.hbase.util.Bytes')
//   scan   STARTROW, STOPROW (or ENDROW), ROWPREFIXFILTER, LIMIT, BATCH,
//          REVERSED, RAW, CACHE, CACHE_BLOCKS
// As in HBase, ROWPREFIXFILTER replaces STARTROW and STOPROW, wherever it
// stands (Scan.setRowPrefixFilter sets both rows from the prefix), and
// TIMERANGE wins over TIMESTAMP. RAW => true is refused: deletes are
// physical here, as in OBKV-HBase, so there are no delete markers to show.
// CACHE and CACHE_BLOCKS tune HBase's region servers and change nothing
// here. Other keys are errors ("scan: unknown option X").
//
// Thread safety: pure functions.

#ifndef OBKVLITE_TOOLS_CLI_SHELL_SHELL_READ_OPTIONS_H_
#define OBKVLITE_TOOLS_CLI_SHELL_SHELL_READ_OPTIONS_H_

#include <functional>
#include <string>

#include "obkvlite/query.h"
#include "obkvlite/status.h"
#include "tools/cli/shell/shell_cell_format.h"
#include "tools/cli/shell/shell_parser.h"

namespace obkvlite {
namespace cli {

// Reads a get's options map.
Status ReadGetOptions(const std::string& command, const ShellValue& options,
                      Get* get, ShellCellFormat* format);

// A command's own option beside scan's (count's INTERVAL): returns false
// when `key` is not one.
using ExtraOption =
    std::function<Result<bool>(const std::string& key, const ShellValue&)>;

// Reads a scan's options map; keys scan does not know go to `extra`.
Status ReadScanOptions(const std::string& command, const ShellValue& options,
                       Scan* scan, ShellCellFormat* format,
                       const ExtraOption& extra = nullptr);

}  // namespace cli
}  // namespace obkvlite

#endif  // OBKVLITE_TOOLS_CLI_SHELL_SHELL_READ_OPTIONS_H_
