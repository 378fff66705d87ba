// Copyright (c) obkvlite authors.
//
// The data commands of ShellSession: put, get, scan, delete, deleteall,
// count, and the HBase shell's output form of cells:
//   COLUMN                         CELL
//    f:q                           timestamp=100, value=v
//   1 row(s)
// (scan: ROW / COLUMN+CELL, " r1  column=f:q, timestamp=100, value=v").
// Bytes print in Bytes.toStringBinary form, as in the HBase shell.

#include <algorithm>
#include <limits>
#include <memory>
#include <ostream>
#include <string>

#include "obkvlite/bytes.h"
#include "tools/cli/count_cells.h"
#include "tools/cli/exec_executor.h"
#include "tools/cli/shell_args.h"
#include "tools/cli/shell_session.h"

namespace obkvlite {
namespace cli {
namespace {

constexpr size_t kLeftWidth = 31;

std::string TwoColumns(const std::string& left, const std::string& right) {
  std::string out = left;
  out.append(left.size() < kLeftWidth ? kLeftWidth - left.size() : 1, ' ');
  return out + right + "\n";
}

std::string CellText(const Cell& c) {
  return "timestamp=" + std::to_string(c.timestamp) +
         ", value=" + ToStringBinary(c.value);
}

std::string ColumnName(const Cell& c) {
  return c.family + ":" + ToStringBinary(c.qualifier);
}

Status Arity(const ShellCommand& c, size_t min, size_t max, const char* usage) {
  if (c.args.size() >= min && c.args.size() <= max) return Status::OK();
  return ShellError(c.name,
                    std::string("takes ") + usage + ", got " +
                        std::to_string(c.args.size()) +
                        (c.args.size() == 1 ? " argument" : " arguments"));
}

// The map argument at `i`, or an error naming what was expected.
Result<const ShellValue*> OptionsAt(const ShellCommand& c, size_t i) {
  if (c.args[i].kind != ShellValue::Kind::kMap) {
    return ShellError(
        c.name, "expected a {KEY => value} map, got " + c.args[i].Describe());
  }
  return &c.args[i];
}

Status UnknownOption(const ShellCommand& c, const std::string& key) {
  return ShellError(c.name, "unknown option " + key);
}

// A positive count capped at INT_MAX (VERSIONS, BATCH).
Result<int> ShellCount(const std::string& command, const ShellValue& value,
                       const std::string& key) {
  OBKV_ASSIGN_OR_RETURN(int64_t n, ShellInteger(command, value, key, 1));
  return static_cast<int>(
      std::min<int64_t>(n, std::numeric_limits<int>::max()));
}

// The options get and scan share (COLUMN(S), VERSIONS, TIMERANGE, FILTER)
// into a Get or a Scan; false when `key` is not one of them.
template <typename Query>
Result<bool> ReadOption(const std::string& command, const std::string& key,
                        const ShellValue& value, Query* q) {
  if (key == "COLUMN" || key == "COLUMNS") {
    OBKV_ASSIGN_OR_RETURN(ShellColumns cols, ShellColumnList(command, value));
    q->columns = std::move(cols.columns);
    q->families = std::move(cols.families);
  } else if (key == "VERSIONS") {
    OBKV_ASSIGN_OR_RETURN(q->max_versions, ShellCount(command, value, key));
  } else if (key == "TIMERANGE") {
    OBKV_ASSIGN_OR_RETURN(q->time_range, ShellTimeRange(command, value));
  } else if (key == "FILTER") {
    OBKV_ASSIGN_OR_RETURN(q->filter, ShellString(command, value, key));
  } else {
    return false;
  }
  return true;
}

}  // namespace

Status ShellSession::Execute(const std::string& command, ExecRequest request) {
  Result<ExecResponse> response = ExecuteRequest(*store_, request);
  if (!response.ok()) return response.status().WithPrefix(command);
  return Status::OK();
}

Status ShellSession::Put(const ShellCommand& c) {
  OBKV_RETURN_IF_ERROR(
      Arity(c, 4, 5, "'TABLE', 'ROW', 'FAMILY:QUALIFIER', 'VALUE'[, TS]"));
  OBKV_ASSIGN_OR_RETURN(std::string table,
                        ShellString(c.name, c.args[0], "TABLE"));
  OBKV_ASSIGN_OR_RETURN(std::string row, ShellString(c.name, c.args[1], "ROW"));
  OBKV_ASSIGN_OR_RETURN(std::string column,
                        ShellString(c.name, c.args[2], "COLUMN"));
  OBKV_ASSIGN_OR_RETURN(std::string value,
                        ShellString(c.name, c.args[3], "VALUE"));
  const size_t colon = column.find(':');
  if (colon == std::string::npos) {
    return ShellError(c.name, "COLUMN must be 'family:qualifier', got '" +
                                  ToStringBinary(column) + "'");
  }
  obkvlite::Put put(row);
  if (c.args.size() == 5) {
    OBKV_ASSIGN_OR_RETURN(int64_t ts, ShellInteger(c.name, c.args[4], "TS", 0));
    put.Add(column.substr(0, colon), column.substr(colon + 1), ts, value);
  } else {
    put.Add(column.substr(0, colon), column.substr(colon + 1), value);
  }
  return Execute(c.name, ExecRequest{table, std::move(put)});
}

Status ShellSession::Get(const ShellCommand& c) {
  OBKV_RETURN_IF_ERROR(Arity(c, 2, 3, "'TABLE', 'ROW'[, COLUMNS or {...}]"));
  OBKV_ASSIGN_OR_RETURN(std::string table,
                        ShellString(c.name, c.args[0], "TABLE"));
  obkvlite::Get get;
  OBKV_ASSIGN_OR_RETURN(get.row, ShellString(c.name, c.args[1], "ROW"));
  if (c.args.size() == 3 && c.args[2].kind != ShellValue::Kind::kMap) {
    OBKV_RETURN_IF_ERROR(
        ReadOption(c.name, "COLUMN", c.args[2], &get).status());
  } else if (c.args.size() == 3) {
    for (const auto& [key, value] : c.args[2].entries) {
      OBKV_ASSIGN_OR_RETURN(bool shared, ReadOption(c.name, key, value, &get));
      if (shared) continue;
      if (key != "TIMESTAMP") return UnknownOption(c, key);
      OBKV_ASSIGN_OR_RETURN(int64_t ts, ShellInteger(c.name, value, key, 0));
      get.timestamp = ts;
    }
  }
  Result<ExecResponse> response =
      ExecuteRequest(*store_, ExecRequest{table, std::move(get)});
  if (!response.ok()) return response.status().WithPrefix(c.name);
  *out_ << TwoColumns("COLUMN", "CELL");
  for (const Cell& cell : response->cells) {
    *out_ << TwoColumns(" " + ColumnName(cell), CellText(cell));
  }
  *out_ << (response->cells.empty() ? "0" : "1") << " row(s)\n";
  return Status::OK();
}

Status ShellSession::Scan(const ShellCommand& c) {
  OBKV_RETURN_IF_ERROR(Arity(c, 1, 2, "'TABLE'[, {...}]"));
  OBKV_ASSIGN_OR_RETURN(std::string table,
                        ShellString(c.name, c.args[0], "TABLE"));
  obkvlite::Scan scan;
  if (c.args.size() == 2) {
    OBKV_ASSIGN_OR_RETURN(const ShellValue* options, OptionsAt(c, 1));
    for (const auto& [key, value] : options->entries) {
      OBKV_ASSIGN_OR_RETURN(bool shared, ReadOption(c.name, key, value, &scan));
      if (shared) continue;
      if (key == "STARTROW") {
        OBKV_ASSIGN_OR_RETURN(scan.start_row, ShellString(c.name, value, key));
      } else if (key == "STOPROW" || key == "ENDROW") {
        OBKV_ASSIGN_OR_RETURN(scan.stop_row, ShellString(c.name, value, key));
      } else if (key == "ROWPREFIXFILTER") {
        OBKV_ASSIGN_OR_RETURN(scan.prefix, ShellString(c.name, value, key));
      } else if (key == "LIMIT") {
        OBKV_ASSIGN_OR_RETURN(scan.limit, ShellInteger(c.name, value, key, 1));
      } else if (key == "BATCH") {
        OBKV_ASSIGN_OR_RETURN(scan.batch, ShellCount(c.name, value, key));
      } else if (key == "REVERSED") {
        OBKV_ASSIGN_OR_RETURN(scan.reversed, ShellBool(c.name, value, key));
      } else {
        return UnknownOption(c, key);
      }
    }
  }
  // Cells stream as the scanner yields them; the header goes first, so a
  // scan failing midway has printed the rows read so far.
  int64_t rows = 0;
  std::string last_row;
  bool header = false;
  std::ostream& out = *out_;
  auto print = [&](const Cell& cell) {
    if (!header) {
      out << TwoColumns("ROW", "COLUMN+CELL");
      header = true;
    }
    if (rows == 0 || cell.row != last_row) {
      ++rows;
      last_row = cell.row;
    }
    out << TwoColumns(" " + ToStringBinary(cell.row),
                      "column=" + ColumnName(cell) + ", " + CellText(cell));
  };
  Result<ExecResponse> response =
      ExecuteRequest(*store_, ExecRequest{table, std::move(scan)}, print);
  if (!response.ok()) return response.status().WithPrefix(c.name);
  if (!header) out << TwoColumns("ROW", "COLUMN+CELL");
  out << rows << " row(s)\n";
  return Status::OK();
}

Status ShellSession::Delete(const ShellCommand& c) {
  OBKV_RETURN_IF_ERROR(
      Arity(c, 3, 4, "'TABLE', 'ROW', 'FAMILY:QUALIFIER'[, TS]"));
  OBKV_ASSIGN_OR_RETURN(std::string table,
                        ShellString(c.name, c.args[0], "TABLE"));
  obkvlite::Delete del;
  OBKV_ASSIGN_OR_RETURN(del.row, ShellString(c.name, c.args[1], "ROW"));
  OBKV_ASSIGN_OR_RETURN(std::string column,
                        ShellString(c.name, c.args[2], "COLUMN"));
  const size_t colon = column.find(':');
  if (colon == std::string::npos) {
    return ShellError(c.name, "COLUMN must be 'family:qualifier', got '" +
                                  ToStringBinary(column) + "'");
  }
  del.type = DeleteType::kColumns;  // HBase shell: every version <= TS
  del.family = column.substr(0, colon);
  del.qualifier = column.substr(colon + 1);
  if (c.args.size() == 4) {
    OBKV_ASSIGN_OR_RETURN(int64_t ts, ShellInteger(c.name, c.args[3], "TS", 0));
    del.timestamp = ts;
  }
  return Execute(c.name, ExecRequest{table, std::move(del)});
}

Status ShellSession::DeleteAll(const ShellCommand& c) {
  OBKV_RETURN_IF_ERROR(
      Arity(c, 2, 4, "'TABLE', 'ROW'[, 'FAMILY[:QUALIFIER]'][, TS]"));
  OBKV_ASSIGN_OR_RETURN(std::string table,
                        ShellString(c.name, c.args[0], "TABLE"));
  obkvlite::Delete del;
  OBKV_ASSIGN_OR_RETURN(del.row, ShellString(c.name, c.args[1], "ROW"));
  del.type = DeleteType::kRow;
  size_t next = 2;
  if (next < c.args.size() && c.args[next].kind == ShellValue::Kind::kString) {
    const std::string& column = c.args[next++].text;
    const size_t colon = column.find(':');
    del.family = column.substr(0, colon);
    if (colon == std::string::npos) {
      del.type = DeleteType::kFamily;
    } else {
      del.type = DeleteType::kColumns;
      del.qualifier = column.substr(colon + 1);
    }
  }
  if (next < c.args.size()) {
    OBKV_ASSIGN_OR_RETURN(int64_t ts,
                          ShellInteger(c.name, c.args[next++], "TS", 0));
    del.timestamp = ts;
  }
  if (next != c.args.size()) {
    return ShellError(c.name, "unexpected argument " + c.args[next].Describe());
  }
  return Execute(c.name, ExecRequest{table, std::move(del)});
}

Status ShellSession::Count(const ShellCommand& c) {
  OBKV_RETURN_IF_ERROR(Arity(c, 1, 1, "'TABLE'"));
  OBKV_ASSIGN_OR_RETURN(std::string name,
                        ShellString(c.name, c.args[0], "TABLE"));
  Result<Table*> table = store_->GetTable(name);
  if (!table.ok()) return table.status().WithPrefix(c.name);
  Result<CellCounts> counts = CountCells(**table, {});
  if (!counts.ok()) return counts.status().WithPrefix(c.name);
  *out_ << counts->rows << " row(s)\n";
  return Status::OK();
}

}  // namespace cli
}  // namespace obkvlite
