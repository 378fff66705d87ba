// Copyright (c) obkvlite authors.
//
// put, delete and deleteall, with the HBase 2.x shell's meaning (table.rb
// _put_internal and _createdelete_internal; deletes are physical, as in
// OBKV-HBase):
//   put 't', 'r', 'f:q', 'v'[, TS][, {TTL => ms}]
//                                       'f' alone is the empty qualifier
//   delete 't', 'r', 'f:q'[, TS]        the newest version, or exactly TS
//                                       (Delete.addColumn)
//   delete 't', 'r', 'f', TS            version TS of every qualifier
//                                       (Delete.addFamilyVersion)
//   deleteall 't', 'r'[, TS]            the row, versions <= TS
//   deleteall 't', 'r', 'f'[, TS]       the family (Delete.addFamily)
//   deleteall 't', 'r', 'f:q'[, TS]     the column (Delete.addColumns)
//   deleteall 't', {ROWPREFIXFILTER => 'p'[, CACHE => 100]}[, COLUMN][, TS]
//                                       each row with the prefix, as above,
//                                       CACHE rows per atomic batch
// A column '' means the whole row, so a TS can follow it.

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "tools/cli/count_cells.h"
#include "tools/cli/shell/shell_args.h"
#include "tools/cli/shell/shell_columns.h"
#include "tools/cli/shell/shell_session.h"

namespace obkvlite {
namespace cli {
namespace {

// The deleteall form of `column` (all versions <= TS), applied to `del`.
void DeleteAllOf(const std::optional<ShellColumnSpec>& column,
                 obkvlite::Delete* del) {
  del->type = DeleteType::kRow;
  if (!column || column->family.empty()) return;
  del->family = column->family;
  if (column->qualifier) {
    del->type = DeleteType::kColumns;
    del->qualifier = *column->qualifier;
  } else {
    del->type = DeleteType::kFamily;
  }
}

// deleteall's {ROWPREFIXFILTER => 'p', CACHE => n}.
struct PrefixRows {
  std::string prefix;
  int64_t cache = 100;
};

Result<PrefixRows> ReadPrefixRows(const ShellCommand& c) {
  PrefixRows out;
  bool has_prefix = false;
  for (const auto& [key, value] : c.args[1].entries) {
    if (key == "ROWPREFIXFILTER") {
      OBKV_ASSIGN_OR_RETURN(out.prefix, ShellString(c.name, value, key));
      has_prefix = true;
    } else if (key == "CACHE") {
      OBKV_ASSIGN_OR_RETURN(out.cache, ShellInteger(c.name, value, key, 1));
    } else {
      return ShellError(c.name, "unknown option " + key +
                                    " (the row map takes ROWPREFIXFILTER and "
                                    "CACHE)");
    }
  }
  if (!has_prefix) {
    return ShellError(c.name, "a row map needs ROWPREFIXFILTER => 'prefix'");
  }
  return out;
}

}  // namespace

Status ShellSession::Put(const ShellCommand& c) {
  OBKV_RETURN_IF_ERROR(
      ShellArity(c, 4, 5, "'TABLE', 'ROW', 'FAMILY:QUALIFIER', 'VALUE'[, TS]"));
  OBKV_ASSIGN_OR_RETURN(std::string table,
                        ShellString(c.name, c.args[0], "TABLE"));
  OBKV_ASSIGN_OR_RETURN(std::string row, ShellBytes(c.name, c.args[1], "ROW"));
  OBKV_ASSIGN_OR_RETURN(Column column, ShellCellColumn(c.name, c.args[2]));
  OBKV_ASSIGN_OR_RETURN(std::string value,
                        ShellBytes(c.name, c.args[3], "VALUE"));
  obkvlite::Put put(row);
  put.ttl_ms = c.op_ttl_ms;
  if (c.args.size() == 5) {
    OBKV_ASSIGN_OR_RETURN(int64_t ts, ShellInteger(c.name, c.args[4], "TS", 0));
    put.Add(column.family, column.qualifier, ts, value);
  } else {
    put.Add(column.family, column.qualifier, value);
  }
  return Execute(c.name, ExecRequest{table, std::move(put)}).status();
}

Status ShellSession::Delete(const ShellCommand& c) {
  OBKV_RETURN_IF_ERROR(
      ShellArity(c, 3, 4, "'TABLE', 'ROW', 'FAMILY:QUALIFIER'[, TS]"));
  OBKV_ASSIGN_OR_RETURN(std::string table,
                        ShellString(c.name, c.args[0], "TABLE"));
  obkvlite::Delete del;
  OBKV_ASSIGN_OR_RETURN(del.row, ShellBytes(c.name, c.args[1], "ROW"));
  OBKV_ASSIGN_OR_RETURN(ShellColumnSpec column,
                        ShellColumnArg(c.name, c.args[2], "COLUMN"));
  del.family = column.family;
  if (c.args.size() == 4) {
    OBKV_ASSIGN_OR_RETURN(int64_t ts, ShellInteger(c.name, c.args[3], "TS", 0));
    del.timestamp = ts;
  }
  if (column.qualifier) {
    del.type = DeleteType::kColumn;  // Delete.addColumn: one version
    del.qualifier = *column.qualifier;
  } else if (del.timestamp) {
    del.type = DeleteType::kFamilyVersion;  // Delete.addFamilyVersion
  } else {
    // HBase would delete the family's cells stamped exactly "now", which
    // is nearly always nothing.
    return ShellError(c.name,
                      "'" + column.family +
                          "' alone needs TS: it deletes version TS of every "
                          "qualifier (deleteall 'TABLE', 'ROW', '" +
                          column.family + "' deletes the whole family)");
  }
  return Execute(c.name, ExecRequest{table, std::move(del)}).status();
}

Status ShellSession::DeleteAll(const ShellCommand& c) {
  OBKV_RETURN_IF_ERROR(ShellArity(
      c, 2, 4, "'TABLE', 'ROW' | {ROWPREFIXFILTER => 'p'}[, COLUMN][, TS]"));
  OBKV_ASSIGN_OR_RETURN(std::string table,
                        ShellString(c.name, c.args[0], "TABLE"));
  size_t next = 2;
  std::optional<ShellColumnSpec> column;
  if (next < c.args.size() && c.args[next].kind == ShellValue::Kind::kString) {
    column = SplitShellColumn(c.args[next++].text);
  }
  std::optional<int64_t> ts;
  if (next < c.args.size()) {
    OBKV_ASSIGN_OR_RETURN(ts, ShellInteger(c.name, c.args[next++], "TS", 0));
  }
  if (next != c.args.size()) {
    return ShellError(c.name, "unexpected argument " + c.args[next].Describe());
  }
  obkvlite::Delete del;
  del.timestamp = ts;
  DeleteAllOf(column, &del);
  if (c.args[1].kind != ShellValue::Kind::kMap) {
    OBKV_ASSIGN_OR_RETURN(del.row, ShellBytes(c.name, c.args[1], "ROW"));
    return Execute(c.name, ExecRequest{table, std::move(del)}).status();
  }
  // _deleterows_internal: the rows of a prefix scan, CACHE per batch. Each
  // batch scans again after the last row deleted, so no scanner stays open
  // across a write.
  OBKV_ASSIGN_OR_RETURN(PrefixRows rows, ReadPrefixRows(c));
  OBKV_ASSIGN_OR_RETURN(Table * t, TableArg(c));
  obkvlite::Scan scan;
  scan.prefix = rows.prefix;
  scan.limit = rows.cache;
  for (;;) {
    ExecBatch batch;
    Result<CellCounts> counts =
        CountScan(*t, scan, [&](const RowResult& part, bool new_row, int64_t) {
          if (new_row) {
            obkvlite::Delete row_delete = del;
            row_delete.row = part.cells.front().row;
            batch.mutations.emplace_back(std::move(row_delete));
          }
          return Status::OK();
        });
    if (!counts.ok()) return counts.status().WithPrefix(c.name);
    if (batch.mutations.empty()) return Status::OK();
    scan.start_row =
        std::get<obkvlite::Delete>(batch.mutations.back()).row + '\0';
    OBKV_RETURN_IF_ERROR(
        Execute(c.name, ExecRequest{table, std::move(batch)}).status());
  }
}

}  // namespace cli
}  // namespace obkvlite
