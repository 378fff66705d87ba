// Copyright (c) obkvlite authors.
//
// How get and scan print a cell, as the HBase shell does (table.rb
// to_string, convert and convert_bytes):
//   the row and "family:qualifier" through FORMATTER (default
//   toStringBinary); "timestamp=T, value=V" with T as HBase 2.3+ prints it
//   (ShellTimestamp) and V through the column's own
//   formatter ('f:q:toInt') or else FORMATTER; MAXLENGTH keeps the first N
//   characters of "timestamp=T, value=V".
// Conversion errors (a value too short for toInt) are returned, as the
// shell raises them.
//
// Thread safety: a plain value; const methods may run concurrently.

#ifndef OBKVLITE_TOOLS_CLI_SHELL_SHELL_CELL_FORMAT_H_
#define OBKVLITE_TOOLS_CLI_SHELL_SHELL_CELL_FORMAT_H_

#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <utility>

#include "obkvlite/cell.h"
#include "obkvlite/status.h"
#include "tools/cli/shell/shell_formatter.h"

namespace obkvlite {
namespace cli {

class ShellCellFormat {
 public:
  // FORMATTER: rows, families, qualifiers, and values without their own.
  void set_formatter(ShellFormatter f) { formatter_ = f; }
  // A column's formatter, from 'family:qualifier:FORMATTER'.
  void SetColumnFormatter(std::string family, std::string qualifier,
                          ShellFormatter f) {
    columns_[{std::move(family), std::move(qualifier)}] = f;
  }
  // MAXLENGTH; negative keeps everything.
  void set_max_length(int64_t n) { max_length_ = n; }
  // Timestamps as epoch milliseconds (hbase.shell.timestamp.format.epoch).
  void set_epoch_timestamps(bool epoch) { epoch_timestamps_ = epoch; }

  Result<std::string> Row(std::string_view row) const;
  // "family:qualifier".
  Result<std::string> Column(const Cell& cell) const;
  // "timestamp=T, value=V", cut to MAXLENGTH characters.
  Result<std::string> Text(const Cell& cell) const;

 private:
  ShellFormatter formatter_ = ShellFormatter::kToStringBinary;
  std::map<std::pair<std::string, std::string>, ShellFormatter> columns_;
  int64_t max_length_ = -1;
  bool epoch_timestamps_ = false;
};

// A cell's timestamp as HBase 2.3+'s shell prints it (table.rb
// toLocalDateTime): java.time.LocalDateTime.toString of the milliseconds in
// the local time zone (TZ), ISO-8601 with the shortest time that keeps the
// value: "2024-12-02T00:00", "2024-12-02T08:30:05",
// "1970-01-01T00:00:00.100"; years past 9999 get a '+' ("+10000-01-01T00:00"),
// years before 0 a '-'. With `epoch`, the milliseconds as they are
// ("1733097600000").
std::string ShellTimestamp(int64_t millis, bool epoch);

// Two columns as the HBase shell's formatter lays out "ROW  COLUMN+CELL"
// and its rows: `left` padded to a fixed width, then `right`, newline.
std::string ShellTwoColumns(const std::string& left, const std::string& right);

}  // namespace cli
}  // namespace obkvlite

#endif  // OBKVLITE_TOOLS_CLI_SHELL_SHELL_CELL_FORMAT_H_
