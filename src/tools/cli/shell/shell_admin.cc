// Copyright (c) obkvlite authors.
//
// describe, list, truncate and help, printed as the HBase shell prints
// them (describe.rb, list.rb, truncate.rb):
//   list 'te.*'        TABLE / test / 1 row(s)
//   truncate 't'       Truncating 't' table (it may take a while):
//                       - Disabling table...
//                       - Truncating table...

#include <memory>
#include <ostream>
#include <string>
#include <vector>

#include "obkvlite/filter.h"
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

Status ShellSession::Truncate(const ShellCommand& c) {
  OBKV_RETURN_IF_ERROR(ShellArity(c, 1, 1, "'TABLE'"));
  OBKV_ASSIGN_OR_RETURN(Table * table, TableArg(c));
  const std::string name = table->spec().name;
  *out_ << "Truncating '" << name << "' table (it may take a while):\n"
        << " - Disabling table...\n"
        << " - Truncating table...\n";
  return store_->TruncateTable(name, {}).WithPrefix(c.name);
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
