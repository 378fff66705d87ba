// Copyright (c) obkvlite authors.
//
// describe, list, truncate and help, printed as the HBase shell prints
// them (describe.rb, list.rb, truncate.rb):
//   list 'te.*'        TABLE / test / 1 row(s)
//   truncate 't'       Truncating 't' table (it may take a while):
//                      Disabling table...     (an enabled table only)
//                      Truncating table...
//   show_filters       the filter language's filters, one a line
//                      (show_filters.rb: ParseFilter's getSupportedFilters;
//                      here the names filter_factory.h builds, sorted)
//   alter_status 't'   N/M regions updated. / Done. (admin.rb
//                      alter_status): an alter here completes before it
//                      returns, so every partition (list_regions' rows) is
//                      updated, M/M; a disabled table's regions are closed,
//                      0/M, as HBase counts them

#include <memory>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

#include "hbase/filter/filter_factory.h"
#include "obkvlite/filter.h"
#include "obkvlite/partition_change.h"
#include "tools/cli/shell/shell_args.h"
#include "tools/cli/shell/shell_describe.h"
#include "tools/cli/shell/shell_session.h"

namespace obkvlite {
namespace cli {
namespace {

// 'x' quoted for the filter language ('' stands for ').
std::string FilterQuoted(const std::string& text) {
  std::string out = "'";
  for (char c : text) {
    out += c;
    if (c == '\'') out += '\'';
  }
  return out + "'";
}

}  // namespace

Status ShellSession::Describe(const ShellCommand& c) {
  OBKV_RETURN_IF_ERROR(ShellArity(c, 1, 1, "'TABLE'"));
  OBKV_ASSIGN_OR_RETURN(Table * table, TableArg(c));
  *out_ << DescribeTable(table->spec());
  return Status::OK();
}

Result<std::vector<std::string>> ShellSession::MatchingNames(
    const ShellCommand& c, const std::vector<std::string>& names) {
  // Admin.listTableNames(Pattern): the whole name must match. The
  // expression is checked and run by the filter language's regexstring
  // comparator, anchored at both ends.
  if (c.args.empty()) return names;
  OBKV_ASSIGN_OR_RETURN(std::string regex,
                        ShellString(c.name, c.args[0], "REGEX"));
  Result<std::unique_ptr<Filter>> filter = ParseFilter(
      "RowFilter(=, " + FilterQuoted("regexstring:^(?:" + regex + ")$") + ")");
  if (!filter.ok()) {
    return ShellError(c.name,
                      "bad REGEX '" + regex + "': " + filter.status().message());
  }
  std::vector<std::string> out;
  for (const std::string& name : names) {
    (*filter)->Reset();  // once per row (Filter contract)
    if (!(*filter)->FilterRowKey(name)) out.push_back(name);
  }
  return out;
}

Status ShellSession::List(const ShellCommand& c) {
  OBKV_RETURN_IF_ERROR(ShellArity(c, 0, 1, "['REGEX']"));
  OBKV_ASSIGN_OR_RETURN(std::vector<std::string> names,
                        MatchingNames(c, store_->ListTables()));
  *out_ << "TABLE\n";
  for (const std::string& name : names) *out_ << name << "\n";
  *out_ << names.size() << " row(s)\n";
  Return(RubyInspect(names));  // list.rb returns the names
  return Status::OK();
}

Status ShellSession::ShowFilters(const ShellCommand& c) {
  OBKV_RETURN_IF_ERROR(ShellArity(c, 0, 0, "no arguments"));
  for (std::string_view name : filter::KnownFilterNames()) {
    *out_ << name << "\n";
  }
  return Status::OK();
}

Status ShellSession::AlterStatus(const ShellCommand& c) {
  OBKV_RETURN_IF_ERROR(ShellArity(c, 1, 1, "'TABLE'"));
  OBKV_ASSIGN_OR_RETURN(std::string name,
                        ShellString(c.name, c.args[0], "TABLE"));
  Result<Table*> table = store_->GetTable(name);
  if (!table.ok()) {
    if (!table.status().IsNotFound()) {
      return table.status().WithPrefix(c.name);
    }
    return ShellError(c.name, "Can't find a table: " + name);
  }
  const TableSpec spec = (*table)->spec();
  // The families share the table group's partitioning (as list_regions).
  Result<std::vector<PartitionInfo>> parts =
      store_->ListPartitions(spec.name, spec.families.front().name);
  if (!parts.ok()) return parts.status().WithPrefix(c.name);
  const size_t total = parts->size();
  if (total == 0) {
    *out_ << "All regions updated.\n";
  } else {
    *out_ << (spec.disabled ? 0 : total) << "/" << total
          << " regions updated.\n";
  }
  *out_ << "Done.\n";
  return Status::OK();
}

Status ShellSession::Truncate(const ShellCommand& c) {
  OBKV_RETURN_IF_ERROR(ShellArity(c, 1, 1, "'TABLE'"));
  OBKV_ASSIGN_OR_RETURN(Table * table, TableArg(c));
  const std::string name = table->spec().name;
  const bool disabled = table->spec().disabled;
  // admin.rb truncate (and truncate_preserve): an enabled table is disabled
  // first; HBase's TruncateTableProcedure leaves the table enabled, a
  // disabled one too.
  *out_ << "Truncating '" << name << "' table (it may take a while):\n";
  if (!disabled) *out_ << "Disabling table...\n";
  *out_ << "Truncating table...\n";
  OBKV_RETURN_IF_ERROR(store_->TruncateTable(name, {}).WithPrefix(c.name));
  if (disabled) return store_->EnableTable(name, {}).WithPrefix(c.name);
  return Status::OK();
}

Status ShellSession::Help(const ShellCommand& c) {
  OBKV_RETURN_IF_ERROR(ShellArity(c, 0, 1, "['COMMAND']"));
  std::string name;
  if (c.args.size() == 1) {
    OBKV_ASSIGN_OR_RETURN(name, ShellString(c.name, c.args[0], "COMMAND"));
  }
  Result<std::string> text = HelpText(name);
  if (!text.ok()) return text.status().WithPrefix(c.name);
  *out_ << *text;
  return Status::OK();
}

}  // namespace cli
}  // namespace obkvlite
