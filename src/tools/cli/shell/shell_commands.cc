// Copyright (c) obkvlite authors.
//
// The shell's commands: dispatch, the "Took" line, and the help texts.

#include <chrono>
#include <cstdio>
#include <ostream>
#include <string>
#include <utility>
#include <vector>

#include "tools/cli/exec/exec_executor.h"
#include "tools/cli/shell/shell_args.h"
#include "tools/cli/shell/shell_attributes.h"
#include "tools/cli/shell/shell_compat.h"
#include "tools/cli/shell/shell_refused.h"
#include "tools/cli/shell/shell_session.h"

namespace obkvlite {
namespace cli {

const std::vector<ShellSession::CommandInfo>& ShellSession::Commands() {
  static const std::vector<CommandInfo> kCommands = {
      {"create", &ShellSession::Create,
       "create 'TABLE', 'FAMILY' | {NAME => 'f', VERSIONS => 1, TTL => "
       "'FOREVER', ...}, ...[, SPLITS => ['a', 'm'] | NUMREGIONS => 4, "
       "SPLITALGO => 'HexStringSplit' | NUMREGIONS => 7 | PARTITION => "
       "'{json}']",
       "Creates a table. A family is 'f' or {NAME => 'f', ...} with VERSIONS "
       "(default 1), TTL (seconds, 'FOREVER' or '1 DAY 2 HOURS'), "
       "VALUE_TYPE ('varbinary(N)' or 'longblob') and CELL_TTL => true (a "
       "TTL column, for put's {TTL => ms}); HBase's other family and "
       "table attributes (BLOOMFILTER, COMPRESSION, IN_MEMORY, BLOCKCACHE, "
       "BLOCKSIZE, MIN_VERSIONS, KEEP_DELETED_CELLS, CONFIGURATION, METADATA, "
       "...) are accepted and listed by describe, with no effect. SPLITS or "
       "NUMREGIONS with SPLITALGO (HexStringSplit, DecimalStringSplit, "
       "UniformSplit, as RegionSplitter computes them) give RANGE COLUMNS(K) "
       "partitions; NUMREGIONS alone gives KEY(K) partitions, as OBKV "
       "advises; PARTITION takes any spec partition as JSON; LAYOUT => "
       "'timeseries'.",
       nullptr},
      {"describe", &ShellSession::Describe, "describe 'TABLE' (or desc)",
       "Prints the table's families in HBase's descriptor form, each with "
       "its OceanBase partitioning and physical tables.",
       nullptr},
      {"desc", &ShellSession::Describe, nullptr, nullptr, "describe"},
      {"list", &ShellSession::List, "list ['REGEX']",
       "Lists the tables whose whole name matches REGEX (default: all).",
       nullptr},
      {"truncate", &ShellSession::Truncate,
       "truncate 'TABLE' (or truncate_preserve)",
       "Removes every cell and keeps the families and partitions (so "
       "truncate_preserve, which keeps HBase's region boundaries, is the "
       "same; OceanBase's TRUNCATE TABLE).",
       nullptr},
      {"truncate_preserve", &ShellSession::Truncate, nullptr, nullptr,
       "truncate"},
      {"show_filters", &ShellSession::ShowFilters, "show_filters",
       "Lists the filters the filter language (FILTER => \"...\") takes.",
       nullptr},
      {"create_namespace", &ShellSession::CreateNamespace,
       "create_namespace 'NAMESPACE'[, {'KEY' => 'VALUE', ...}]",
       "Creates a namespace, keeping its properties; its tables are "
       "'NAMESPACE:TABLE'.",
       nullptr},
      {"alter_namespace", &ShellSession::AlterNamespace,
       "alter_namespace 'NAMESPACE', {METHOD => 'set', 'KEY' => 'VALUE'} | "
       "{METHOD => 'unset', NAME => 'KEY'}",
       "Sets or removes a namespace's properties.", nullptr},
      {"drop_namespace", &ShellSession::DropNamespace,
       "drop_namespace 'NAMESPACE'", "Drops an empty namespace.", nullptr},
      {"describe_namespace", &ShellSession::DescribeNamespace,
       "describe_namespace 'NAMESPACE'", "Describes a namespace.", nullptr},
      {"list_namespace", &ShellSession::ListNamespace,
       "list_namespace ['REGEX']",
       "Lists the namespaces whose whole name matches REGEX (default: all).",
       nullptr},
      {"list_namespace_tables", &ShellSession::ListNamespaceTables,
       "list_namespace_tables 'NAMESPACE'", "Lists the tables of a namespace.",
       nullptr},
      {"alter", &ShellSession::Alter,
       "alter 'TABLE', 'FAMILY' | {NAME => 'f', VERSIONS => 5, TTL => ...} "
       "| 'delete' => 'f' | {NAME => 'f', METHOD => 'delete'}, ...",
       "Adds a family, changes a family's VERSIONS and TTL, or deletes a "
       "family and its cells.",
       nullptr},
      {"alter_async", &ShellSession::Alter, nullptr, nullptr, "alter"},
      {"alter_status", &ShellSession::AlterStatus, "alter_status 'TABLE'",
       "Prints how many of the table's partitions have its schema: all of "
       "them, an alter completes before it returns.",
       nullptr},
      {"disable", &ShellSession::Disable, "disable 'TABLE'",
       "Disables the table: reads and writes are refused until enable.",
       nullptr},
      {"enable", &ShellSession::Enable, "enable 'TABLE'",
       "Enables a disabled table.", nullptr},
      {"is_disabled", &ShellSession::IsDisabled, "is_disabled 'TABLE'",
       "Prints true when the table is disabled.", nullptr},
      {"is_enabled", &ShellSession::IsEnabled, "is_enabled 'TABLE'",
       "Prints true when the table is enabled.", nullptr},
      {"drop", &ShellSession::Drop, "drop 'TABLE'",
       "Drops a disabled table and its cells.", nullptr},
      {"clone_table_schema", &ShellSession::CloneTableSchema,
       "clone_table_schema 'TABLE', 'NEW_TABLE'[, PRESERVE_SPLITS]",
       "Creates NEW_TABLE, empty, with TABLE's families and partitioning; "
       "PRESERVE_SPLITS false gives it one range partition.",
       nullptr},
      {"disable_all", &ShellSession::AllTables, "disable_all 'REGEX'",
       "Lists the tables whose whole name matches REGEX and, when the next "
       "input line answers y, disables them.",
       nullptr},
      {"enable_all", &ShellSession::AllTables, "enable_all 'REGEX'",
       "Lists the tables whose whole name matches REGEX and, when the next "
       "input line answers y, enables them.",
       nullptr},
      {"drop_all", &ShellSession::AllTables, "drop_all 'REGEX'",
       "Lists the tables whose whole name matches REGEX and, when the next "
       "input line answers y, drops them (each must be disabled).",
       nullptr},
      {"exists", &ShellSession::Exists, "exists 'TABLE'",
       "Tells whether the table exists.", nullptr},
      {"get_table", &ShellSession::GetTable,
       "get_table 'TABLE' (as t = get_table 'TABLE')",
       "Returns a reference to the table, on which its commands run: "
       "t.put 'r', 'f:q', 'v', t.scan, t.count... (table_help).",
       nullptr},
      {"get_splits", &ShellSession::GetSplits, "get_splits 'TABLE'",
       "Prints the number of partitions and the range bounds between them.",
       nullptr},
      {"list_regions", &ShellSession::ListRegions,
       "list_regions 'TABLE'[, 'SERVER_NAME' | {SERVER_NAME => 'S'}[, "
       "['SERVER_NAME', 'START_KEY', ...]]]",
       "One row per partition: SERVER_NAME (the store), REGION_NAME, "
       "START_KEY, END_KEY, SIZE (stored MB, whole), REQ (requests) and "
       "LOCALITY "
       "(1.0).",
       nullptr},
      {"split", &ShellSession::Split, "split 'TABLE', 'SPLIT_KEY'",
       "Splits the RANGE COLUMNS(K) partition that holds SPLIT_KEY at it "
       "(`obkv partition split`).",
       nullptr},
      {"put", &ShellSession::Put,
       "put 'TABLE', 'ROW', 'FAMILY[:QUALIFIER]', 'VALUE'[, TS][, {TTL => "
       "ms}]",
       "Writes one cell, stamped TS or now; 'f' alone is the empty "
       "qualifier. Rows and values may be integers. TTL is the cell's own "
       "time to live in milliseconds, for a family created with CELL_TTL => "
       "true.",
       nullptr},
      {"get", &ShellSession::Get,
       "get 'TABLE', 'ROW'[, 'F[:Q]', ... | ['F:Q', 'F'] | {COLUMN => .., "
       "VERSIONS => 3, TIMESTAMP => ts, TIMERANGE => [a, b], FILTER => "
       "\"...\", MAXLENGTH => n, FORMATTER => 'toString'}]",
       "Prints one row. 'f' selects a family, 'f:q' a column, 'f:q:toInt' "
       "also prints its values with that Bytes method (toString, toInt, "
       "toLong, toShort, toFloat, toDouble, toBoolean, toHex, "
       "toStringBinary).",
       nullptr},
      {"scan", &ShellSession::Scan,
       "scan 'TABLE'[, {STARTROW => 'a', STOPROW => 'z', ROWPREFIXFILTER => "
       "'p', LIMIT => 10, COLUMNS => [..], VERSIONS => 3, TIMESTAMP => ts, "
       "TIMERANGE => [a, b], FILTER => \"...\", REVERSED => true, BATCH => "
       "n, MAXLENGTH => n, FORMATTER => 'toString', CACHE => n, CACHE_BLOCKS "
       "=> false}]",
       "Prints a range of rows. ROWPREFIXFILTER replaces STARTROW and "
       "STOPROW, as in HBase. RAW => true is refused: deletes are physical, "
       "as in OBKV-HBase. CACHE and CACHE_BLOCKS have no effect.",
       nullptr},
      {"count", &ShellSession::Count,
       "count 'TABLE'[, INTERVAL => 1000, CACHE => 10, scan options]",
       "Counts rows, printing \"Current count: N, row: R\" every INTERVAL "
       "rows.",
       nullptr},
      {"delete", &ShellSession::Delete,
       "delete 'TABLE', 'ROW', 'FAMILY:QUALIFIER'[, TS]",
       "Removes the newest version of the cell, or exactly version TS; "
       "'FAMILY' alone removes version TS of every qualifier.",
       nullptr},
      {"deleteall", &ShellSession::DeleteAll,
       "deleteall 'TABLE', 'ROW' | {ROWPREFIXFILTER => 'p'}[, "
       "'FAMILY[:QUALIFIER]'][, TS]",
       "Removes a row, a family of it or a column of it, every version (up "
       "to TS); with ROWPREFIXFILTER, every row with that prefix.",
       nullptr},
      {"incr", &ShellSession::Incr,
       "incr 'TABLE', 'ROW', 'FAMILY:QUALIFIER'[, N][, {TTL => ms}]",
       "Adds N (default 1) to an 8-byte counter and prints COUNTER VALUE. "
       "The new cell takes TTL, else the old cell's.",
       nullptr},
      {"get_counter", &ShellSession::GetCounter,
       "get_counter 'TABLE', 'ROW', 'FAMILY:QUALIFIER'",
       "Prints the counter's value.", nullptr},
      {"append", &ShellSession::Append,
       "append 'TABLE', 'ROW', 'FAMILY:QUALIFIER', 'VALUE'[, {TTL => ms}]",
       "Appends VALUE to the cell and prints CURRENT VALUE. The new cell "
       "takes TTL, else the old cell's.",
       nullptr},
      {"status", &ShellSession::ClusterStatus,
       "status ['summary' | 'simple' | 'detailed']",
       "Prints the store as HBase prints its cluster: one server, each "
       "partition of each family a region; 'detailed' adds per region its "
       "readRequestsCount and writeRequestsCount (writes and deletes) from "
       "the request statistics (obkv stats), a HOT region marked.",
       nullptr},
      {"flush", &ShellSession::Compact, "flush 'TABLE'[, 'FAMILY']",
       "Purges the versions over each family's VERSIONS and the cells past "
       "its TTL, as HBase's flush drops them, and prints the count (every "
       "family: cells are not kept in memstores here).",
       nullptr},
      {"compact", &ShellSession::Compact, "compact 'TABLE'[, 'FAMILY']",
       "As flush: purges excess versions and expired cells, with the count.",
       nullptr},
      {"major_compact", &ShellSession::Compact,
       "major_compact 'TABLE'[, 'FAMILY']",
       "As flush: purges excess versions and expired cells, with the count.",
       nullptr},
      {"list_snapshots", &ShellSession::ListSnapshots,
       "list_snapshots ['REGEX']", "Lists no snapshot: obkvlite keeps none.",
       nullptr},
      {"snapshot", &ShellSession::Snapshot, "snapshot 'TABLE', 'SNAPSHOT'",
       "Refused: obkvlite keeps no snapshots; obkv export and load copy a "
       "table.",
       nullptr},
      {"whoami", &ShellSession::WhoAmI, "whoami",
       "Prints the user and its groups, as HBase's SIMPLE authentication "
       "does.",
       nullptr},
      {"version", &ShellSession::Version, "version",
       "Prints obkvlite's version.", nullptr},
      {"table_help", &ShellSession::TableHelp, "table_help",
       "Describes table references (t = get_table 't') and their methods.",
       nullptr},
      {"help", &ShellSession::Help, "help ['COMMAND']",
       "Lists the commands, or describes one.", nullptr},
      {"exit", nullptr, "exit (or quit)", "Ends the shell.", nullptr},
      {"quit", nullptr, nullptr, nullptr, "exit"},
  };
  return kCommands;
}

const ShellSession::CommandInfo* ShellSession::FindCommand(
    std::string_view name) {
  for (const CommandInfo& info : Commands()) {
    if (name == info.name) return &info;
  }
  return nullptr;
}

bool ShellSession::IsExit(const ShellCommand& command) {
  const CommandInfo* info = FindCommand(command.name);
  return info != nullptr && info->run == nullptr;  // exit, quit
}

Result<std::string> ShellSession::HelpText(std::string_view command) {
  if (command.empty()) {
    std::string text;
    for (const CommandInfo& info : Commands()) {
      if (info.alias_of == nullptr) text += std::string(info.usage) + "\n";
    }
    return text;
  }
  const CommandInfo* info = FindCommand(command);
  if (info != nullptr && info->alias_of != nullptr) {
    info = FindCommand(info->alias_of);
  }
  if (info == nullptr) {
    return Status::NotFound("no command '" + std::string(command) +
                            "' (try help)");
  }
  return std::string(info->usage) + "\n" + info->description + "\n";
}

std::string ShellSession::CommandNames() {
  std::string out;
  for (const CommandInfo& info : Commands()) {
    if (info.alias_of != nullptr) {
      out += std::string(" (") + info.name + ")";
      continue;
    }
    if (!out.empty()) out += ", ";
    out += info.name;
  }
  return out;
}

std::vector<std::string> ShellSession::CommandList() {
  std::vector<std::string> out;
  for (const CommandInfo& info : Commands()) out.emplace_back(info.name);
  return out;
}

Status ShellSession::RunCommand(const ShellCommand& c) {
  const CommandInfo* info = FindCommand(c.name);
  if (info == nullptr || info->run == nullptr) {
    const char* reason = RefusedCommandReason(c.name);
    if (reason != nullptr) {
      return ShellError(c.name, std::string("refused: ") + reason);
    }
    return Status::InvalidArgument("unknown command '" + c.name +
                                   "' (try help)");
  }
  // help is the shell's own method, not a command: HBase prints no Took.
  if (info->run == &ShellSession::Help) return Help(c);
  const auto start = std::chrono::steady_clock::now();
  ShellCommand command = c;
  // TableName.valueOf: 'default:t' is the table t of the default namespace.
  if (!command.args.empty() &&
      command.args[0].kind == ShellValue::Kind::kString &&
      command.args[0].text.rfind("default:", 0) == 0 &&
      command.name.find("namespace") == std::string::npos) {
    command.args[0].text.erase(0, 8);
  }
  std::string notes;
  Status st = TakeOperationAttributes(&command, &notes);
  *out_ << notes;
  return_value_.clear();
  return_table_.clear();
  if (st.ok()) {
    const ShellCompat compat = ShellCompatRule(command);
    if (compat.rule != nullptr) {
      st = store_->CompatCheck(compat.table, command.name, compat.rule);
    }
  }
  if (st.ok()) st = (this->*(info->run))(command);
  const std::chrono::duration<double> took =
      std::chrono::steady_clock::now() - start;
  char line[64];
  std::snprintf(line, sizeof(line), "Took %.4f seconds\n", took.count());
  *out_ << line;
  if (st.ok()) PrintValue(return_value_);
  return st;
}

void ShellSession::PrintValue(const std::string& inspected) {
  if (options_.return_values && !inspected.empty()) {
    *out_ << "=> " << inspected << "\n";
  }
}

std::string RubyInspect(std::string_view text) {
  // The escapes Ruby writes by name.
  static constexpr std::pair<char, const char*> kNamed[] = {
      {'"', "\\\""}, {'\\', "\\\\"}, {'\n', "\\n"}, {'\t', "\\t"},
      {'\r', "\\r"}, {'\f', "\\f"},  {'\v', "\\v"}, {'\a', "\\a"},
      {'\b', "\\b"}, {'\x1b', "\\e"}};
  std::string out = "\"";
  for (size_t i = 0; i < text.size(); ++i) {
    const unsigned char c = static_cast<unsigned char>(text[i]);
    const char* named = nullptr;
    for (const auto& [ch, escape] : kNamed) {
      if (static_cast<unsigned char>(ch) == c) named = escape;
    }
    const char next = i + 1 < text.size() ? text[i + 1] : '\0';
    if (named != nullptr) {
      out += named;
    } else if (c == '#' && (next == '{' || next == '$' || next == '@')) {
      out += "\\#";  // "#{", "#$" and "#@" would interpolate
    } else if (c < 0x20 || c == 0x7f) {
      // A UTF-8 string's control character is \u00XX, DEL \x7F.
      char hex[8];
      std::snprintf(hex, sizeof(hex), c == 0x7f ? "\\x%02X" : "\\u%04X", c);
      out += hex;
    } else {
      out += static_cast<char>(c);
    }
  }
  return out + "\"";
}

std::string TableReference(std::string_view table) {
  return "Hbase::Table - " + std::string(table);
}

std::string RubyInspect(const std::vector<std::string>& items) {
  std::string out = "[";
  for (size_t i = 0; i < items.size(); ++i) {
    if (i > 0) out += ", ";
    out += RubyInspect(items[i]);
  }
  return out + "]";
}

Result<ExecResponse> ShellSession::Execute(const std::string& command,
                                           const ExecRequest& request) {
  Result<ExecResponse> response = ExecuteRequest(*store_, request);
  if (!response.ok()) return response.status().WithPrefix(command);
  return response;
}

Result<Table*> ShellSession::TableArg(const ShellCommand& c) {
  OBKV_ASSIGN_OR_RETURN(std::string name,
                        ShellString(c.name, c.args[0], "TABLE"));
  Result<Table*> table = store_->GetTable(name);
  if (!table.ok()) return table.status().WithPrefix(c.name);
  return table;
}

Status ShellArity(const ShellCommand& c, size_t min, size_t max,
                  const char* usage) {
  if (c.args.size() >= min && c.args.size() <= max) return Status::OK();
  return ShellError(c.name,
                    std::string("takes ") + usage + ", got " +
                        std::to_string(c.args.size()) +
                        (c.args.size() == 1 ? " argument" : " arguments"));
}

}  // namespace cli
}  // namespace obkvlite
