// Copyright (c) obkvlite authors.
//
// The reading commands of ShellSession: get, scan and count, printed as the
// HBase shell prints them (get.rb, scan.rb, count.rb):
//   COLUMN                         CELL
//    f:q                           timestamp=100, value=v
//   1 row(s)
// (scan: ROW / COLUMN+CELL, " r1  column=f:q, timestamp=100, value=v";
// count: "Current count: 1000, row: r999" every INTERVAL rows, then
// "N row(s)").

#include <cstdint>
#include <memory>
#include <ostream>
#include <string>

#include "obkvlite/bytes.h"
#include "tools/cli/count_cells.h"
#include "tools/cli/shell/shell_args.h"
#include "tools/cli/shell/shell_cell_format.h"
#include "tools/cli/shell/shell_columns.h"
#include "tools/cli/shell/shell_read_options.h"
#include "tools/cli/shell/shell_session.h"

namespace obkvlite {
namespace cli {
namespace {

// One line of get (" f:q  timestamp=.., value=..") or of scan
// (" r  column=f:q, timestamp=.., value=..").
Status PrintCell(const ShellCellFormat& format, const Cell& cell, bool scan,
                 std::ostream* out) {
  OBKV_ASSIGN_OR_RETURN(std::string column, format.Column(cell));
  OBKV_ASSIGN_OR_RETURN(std::string text, format.Text(cell));
  if (!scan) {
    *out << ShellTwoColumns(" " + column, text);
    return Status::OK();
  }
  OBKV_ASSIGN_OR_RETURN(std::string row, format.Row(cell.row));
  *out << ShellTwoColumns(" " + row, "column=" + column + ", " + text);
  return Status::OK();
}

}  // namespace

Status ShellSession::Get(const ShellCommand& c) {
  OBKV_RETURN_IF_ERROR(ShellArity(
      c, 2, SIZE_MAX, "'TABLE', 'ROW'[, 'F:Q', ... | [COLUMNS] | {...}]"));
  OBKV_ASSIGN_OR_RETURN(std::string table,
                        ShellString(c.name, c.args[0], "TABLE"));
  obkvlite::Get get;
  get.consistency = c.consistency;
  OBKV_ASSIGN_OR_RETURN(get.row, ShellBytes(c.name, c.args[1], "ROW"));
  ShellCellFormat format;
  format.set_epoch_timestamps(options_.timestamp_epoch);
  if (c.args.size() == 3 && c.args[2].kind == ShellValue::Kind::kMap) {
    OBKV_RETURN_IF_ERROR(ReadGetOptions(c.name, c.args[2], &get, &format));
  } else if (c.args.size() > 2) {
    // get 't', 'r', 'c1', 'c2' and get 't', 'r', ['c1', 'c2'] alike
    // (_get_internal flattens them into COLUMNS).
    ShellValue columns;
    columns.kind = ShellValue::Kind::kList;
    for (size_t i = 2; i < c.args.size(); ++i) {
      if (c.args[i].kind == ShellValue::Kind::kList) {
        columns.items.insert(columns.items.end(), c.args[i].items.begin(),
                             c.args[i].items.end());
      } else {
        columns.items.push_back(c.args[i]);
      }
    }
    OBKV_RETURN_IF_ERROR(ReadShellProjection(c.name, columns, &get.families,
                                             &get.columns, &format));
  }
  OBKV_ASSIGN_OR_RETURN(ExecResponse response,
                        Execute(c.name, ExecRequest{table, std::move(get)}));
  *out_ << ShellTwoColumns("COLUMN", "CELL");
  for (const Cell& cell : response.cells) {
    Status printed = PrintCell(format, cell, false, out_);
    if (!printed.ok()) return printed.WithPrefix(c.name);
  }
  *out_ << (response.cells.empty() ? "0" : "1") << " row(s)\n";
  return Status::OK();
}

Status ShellSession::Scan(const ShellCommand& c) {
  OBKV_RETURN_IF_ERROR(ShellArity(c, 1, 2, "'TABLE'[, {...}]"));
  OBKV_ASSIGN_OR_RETURN(Table * table, TableArg(c));
  obkvlite::Scan scan;
  scan.consistency = c.consistency;
  ShellCellFormat format;
  format.set_epoch_timestamps(options_.timestamp_epoch);
  if (c.args.size() == 2) {
    OBKV_RETURN_IF_ERROR(ReadScanOptions(c.name, c.args[1], &scan, &format));
  }
  // Cells stream as the scanner yields them; the header goes first, so a
  // scan failing midway has printed the rows read so far.
  std::ostream& out = *out_;
  out << ShellTwoColumns("ROW", "COLUMN+CELL");
  Result<CellCounts> counts = CountScan(
      *table, scan, [&](const RowResult& part, bool, int64_t) -> Status {
        for (const Cell& cell : part.cells) {
          OBKV_RETURN_IF_ERROR(PrintCell(format, cell, true, &out));
        }
        return Status::OK();
      });
  if (!counts.ok()) return counts.status().WithPrefix(c.name);
  out << counts->rows << " row(s)\n";
  return Status::OK();
}

Status ShellSession::Count(const ShellCommand& c) {
  OBKV_RETURN_IF_ERROR(ShellArity(c, 1, 2, "'TABLE'[, INTERVAL | {...}]"));
  OBKV_ASSIGN_OR_RETURN(Table * table, TableArg(c));
  int64_t interval = 1000;
  obkvlite::Scan scan;
  scan.consistency = c.consistency;
  if (c.args.size() == 2 && c.args[1].kind == ShellValue::Kind::kInteger) {
    // count 't', 100: the old form of INTERVAL.
    OBKV_ASSIGN_OR_RETURN(interval,
                          ShellInteger(c.name, c.args[1], "INTERVAL", 1));
  } else if (c.args.size() == 2) {
    ShellCellFormat unused;
    OBKV_RETURN_IF_ERROR(ReadScanOptions(
        c.name, c.args[1], &scan, &unused,
        [&](const std::string& key, const ShellValue& value) -> Result<bool> {
          if (key != "INTERVAL") return false;
          OBKV_ASSIGN_OR_RETURN(interval, ShellInteger(c.name, value, key, 1));
          return true;
        }));
  }
  std::ostream& out = *out_;
  Result<CellCounts> counts = CountScan(
      *table, scan,
      [&](const RowResult& part, bool new_row, int64_t rows) -> Status {
        if (new_row && rows % interval == 0) {
          out << "Current count: " << rows
              << ", row: " << ToStringBinary(part.cells.front().row) << "\n";
        }
        return Status::OK();
      });
  if (!counts.ok()) return counts.status().WithPrefix(c.name);
  out << counts->rows << " row(s)\n";
  Return(std::to_string(counts->rows));  // count.rb returns the count
  return Status::OK();
}

}  // namespace cli
}  // namespace obkvlite
