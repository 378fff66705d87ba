// Copyright (c) obkvlite authors.
//
// incr, get_counter and append, printed as the HBase shell prints them
// (incr.rb, get_counter.rb, append.rb):
//   incr 't', 'r', 'f:c'[, N]        COUNTER VALUE = 5
// put, incr and append take {TTL => ms}, the cell TTL (shell_attributes.h).
//   get_counter 't', 'r', 'f:c'      COUNTER VALUE = 5, or
//                                    No counter found at specified coordinates
//   append 't', 'r', 'f:q', 'v'      CURRENT VALUE = abcv
// Counters are 8-byte big-endian longs (Bytes.toLong), values print in
// Bytes.toStringBinary form.

#include <ostream>
#include <string>
#include <utility>

#include "obkvlite/bytes.h"
#include "obkvlite/rowkey.h"
#include "tools/cli/shell/shell_args.h"
#include "tools/cli/shell/shell_columns.h"
#include "tools/cli/shell/shell_session.h"

namespace obkvlite {
namespace cli {
namespace {

// Bytes.toLong of a counter cell; an error names the cell.
Result<int64_t> CounterValue(const std::string& command, const Cell& cell) {
  Result<int64_t> n = DecodeBigEndian64(cell.value);
  if (n.ok()) return n;
  return ShellError(command, cell.family + ":" +
                                 ToStringBinary(cell.qualifier) +
                                 " is not a counter: " + n.status().message());
}

// HBase's line for a counter read back: "COUNTER VALUE = n".
Status PrintCounter(const std::string& command, const ExecResponse& response,
                    std::ostream& out) {
  if (response.cells.empty()) {
    out << "No counter found at specified coordinates\n";
    return Status::OK();
  }
  OBKV_ASSIGN_OR_RETURN(int64_t n, CounterValue(command, response.cells[0]));
  out << "COUNTER VALUE = " << n << "\n";
  return Status::OK();
}

// The 'TABLE', 'ROW', 'FAMILY:QUALIFIER' arguments every command here
// starts with. REQUIRED: c.args has at least three (ShellArity).
struct CellTarget {
  std::string table;
  std::string row;
  Column column;
};
Result<CellTarget> ShellCellTarget(const ShellCommand& c) {
  CellTarget t;
  OBKV_ASSIGN_OR_RETURN(t.table, ShellString(c.name, c.args[0], "TABLE"));
  OBKV_ASSIGN_OR_RETURN(t.row, ShellBytes(c.name, c.args[1], "ROW"));
  OBKV_ASSIGN_OR_RETURN(t.column, ShellCellColumn(c.name, c.args[2]));
  return t;
}

}  // namespace

Status ShellSession::Incr(const ShellCommand& c) {
  OBKV_RETURN_IF_ERROR(
      ShellArity(c, 3, 4, "'TABLE', 'ROW', 'FAMILY:QUALIFIER'[, N]"));
  OBKV_ASSIGN_OR_RETURN(CellTarget target, ShellCellTarget(c));
  obkvlite::Increment inc;
  inc.row = std::move(target.row);
  inc.ttl_ms = c.op_ttl_ms;
  int64_t amount = 1;
  if (c.args.size() == 4) {
    if (c.args[3].kind != ShellValue::Kind::kInteger) {
      return ShellError(c.name,
                        "N must be an integer, got " + c.args[3].Describe());
    }
    amount = c.args[3].integer;
  }
  inc.columns.push_back(
      {target.column.family, target.column.qualifier, amount});
  OBKV_ASSIGN_OR_RETURN(
      ExecResponse response,
      Execute(c.name, ExecRequest{target.table, std::move(inc)}));
  return PrintCounter(c.name, response, *out_);
}

Status ShellSession::GetCounter(const ShellCommand& c) {
  OBKV_RETURN_IF_ERROR(
      ShellArity(c, 3, 3, "'TABLE', 'ROW', 'FAMILY:QUALIFIER'"));
  OBKV_ASSIGN_OR_RETURN(CellTarget target, ShellCellTarget(c));
  obkvlite::Get get;
  get.row = std::move(target.row);
  get.columns.push_back(std::move(target.column));
  OBKV_ASSIGN_OR_RETURN(
      ExecResponse response,
      Execute(c.name, ExecRequest{target.table, std::move(get)}));
  return PrintCounter(c.name, response, *out_);
}

Status ShellSession::Append(const ShellCommand& c) {
  OBKV_RETURN_IF_ERROR(
      ShellArity(c, 4, 4, "'TABLE', 'ROW', 'FAMILY:QUALIFIER', 'VALUE'"));
  OBKV_ASSIGN_OR_RETURN(CellTarget target, ShellCellTarget(c));
  obkvlite::Append app;
  app.row = std::move(target.row);
  app.ttl_ms = c.op_ttl_ms;
  OBKV_ASSIGN_OR_RETURN(std::string value,
                        ShellBytes(c.name, c.args[3], "VALUE"));
  app.columns.push_back(
      {target.column.family, target.column.qualifier, std::move(value)});
  OBKV_ASSIGN_OR_RETURN(
      ExecResponse response,
      Execute(c.name, ExecRequest{target.table, std::move(app)}));
  if (!response.cells.empty()) {
    *out_ << "CURRENT VALUE = " << ToStringBinary(response.cells[0].value)
          << "\n";
  }
  return Status::OK();
}

}  // namespace cli
}  // namespace obkvlite
