// Copyright (c) obkvlite authors.
//
// Variables and table references, as HBase's shell (an IRB session) has
// them: `t = get_table 't1'`, `t.put ...`, `x = list`, `x` (table.rb,
// get_table.rb, table_help.rb). Run is here: it resolves variables and
// methods, then RunCommand (shell_commands.cc) runs the command.

#include <algorithm>
#include <ostream>
#include <string>
#include <vector>

#include "tools/cli/shell/shell_args.h"
#include "tools/cli/shell/shell_session.h"

namespace obkvlite {
namespace cli {
namespace {

// The methods of a table reference that run the shell command of the same
// name on the table: table.rb's add_shell_command (put, get, scan, count,
// delete, deleteall, incr, get_counter, append, get_splits) and
// add_admin_utils (enable, disable, flush, drop, describe, snapshot).
constexpr const char* kTableCommands[] = {
    "put",   "get",         "scan",     "count",      "delete", "deleteall",
    "incr",  "get_counter", "append",   "get_splits", "enable", "disable",
    "flush", "drop",        "describe", "snapshot"};

bool IsTableCommand(const std::string& method) {
  return std::find_if(std::begin(kTableCommands), std::end(kTableCommands),
                      [&](const char* m) { return method == m; }) !=
         std::end(kTableCommands);
}

constexpr const char* kTableHelp =
    "Table references: a variable holding a table, on which the table's\n"
    "commands run without naming it again.\n"
    "\n"
    "Keep one from create or get_table:\n"
    "  obkv> t = create 't', 'cf'\n"
    "  obkv> t = get_table 't'\n"
    "\n"
    "Then call the data commands on it, with the arguments that follow the\n"
    "table name in the command's own help:\n"
    "  obkv> t.put 'r', 'cf:q', 'v'\n"
    "  obkv> t.get 'r'\n"
    "  obkv> t.scan\n"
    "  obkv> t.count\n"
    "and likewise t.delete, t.deleteall, t.incr, t.get_counter, t.append and\n"
    "t.get_splits. The table's admin commands work the same way: t.enable,\n"
    "t.disable, t.flush, t.describe, t.drop (the reference names a dropped\n"
    "table afterwards, and its commands fail).\n"
    "\n"
    "t.name is the table's name, t.get_all_columns its families as 'f:',\n"
    "t.close does nothing here, t.help prints this text and t.help 'scan'\n"
    "the help of one command. Any command's value can be kept too:\n"
    "  obkv> tables = list\n"
    "  obkv> tables\n";

}  // namespace

Status ShellSession::Run(const ShellCommand& c) {
  if (!c.assign_to.empty() && FindCommand(c.assign_to) != nullptr) {
    return Status::InvalidArgument("cannot assign to '" + c.assign_to +
                                   "': it is a shell command");
  }
  auto it = variables_.find(c.name);
  Variable value;
  if (!c.receiver.empty()) {
    OBKV_RETURN_IF_ERROR(RunMethod(c));
    value = Variable{return_table_, return_value_};
  } else if (it != variables_.end() && c.args.empty() &&
             FindCommand(c.name) == nullptr) {
    // A variable alone: IRB prints its value.
    value = it->second;
    PrintValue(value.inspected);
  } else {
    OBKV_RETURN_IF_ERROR(RunCommand(c));
    value = Variable{return_table_, return_value_};
  }
  if (!c.assign_to.empty()) variables_[c.assign_to] = std::move(value);
  return Status::OK();
}

Status ShellSession::RunMethod(const ShellCommand& c) {
  return_value_.clear();
  return_table_.clear();
  auto it = variables_.find(c.receiver);
  if (it == variables_.end()) {
    return Status::InvalidArgument("undefined local variable or method '" +
                                   c.receiver + "'");
  }
  const Variable& v = it->second;
  const std::string call = c.receiver + "." + c.name;
  if (v.table.empty()) {
    return Status::InvalidArgument(
        call + ": undefined method '" + c.name + "' for " +
        (v.inspected.empty() ? std::string("nil") : v.inspected));
  }
  const std::string table = v.table;
  if (IsTableCommand(c.name)) {
    ShellCommand command = c;
    command.receiver.clear();
    command.assign_to.clear();
    ShellValue name;
    name.kind = ShellValue::Kind::kString;
    name.text = table;
    command.args.insert(command.args.begin(), std::move(name));
    // RunCommand clears and sets the return value; the caller reads it.
    return RunCommand(command);
  }
  // table.rb's own methods: no Took, as they are not shell commands.
  if (c.name == "name" || c.name == "close" || c.name == "get_all_columns") {
    OBKV_RETURN_IF_ERROR(ShellArity(c, 0, 0, "no arguments"));
    if (c.name == "name") Return(RubyInspect(table));
    if (c.name == "get_all_columns") {
      OBKV_ASSIGN_OR_RETURN(Table * t, store_->GetTable(table));
      std::vector<std::string> columns;
      for (const FamilySpec& f : t->spec().families) {
        columns.push_back(f.name + ":");
      }
      Return(RubyInspect(columns));
    }
    PrintValue(return_value_);
    return Status::OK();
  }
  if (c.name == "help") {
    OBKV_RETURN_IF_ERROR(ShellArity(c, 0, 1, "['COMMAND']"));
    if (c.args.empty()) {
      *out_ << kTableHelp;
      return Status::OK();
    }
    ShellCommand help = c;
    help.name = "help";
    help.receiver.clear();
    return Help(help);
  }
  return Status::InvalidArgument(call + ": undefined method '" + c.name +
                                 "' for " + TableReference(table));
}

Status ShellSession::GetTable(const ShellCommand& c) {
  OBKV_RETURN_IF_ERROR(ShellArity(c, 1, 1, "'TABLE'"));
  OBKV_ASSIGN_OR_RETURN(std::string name,
                        ShellString(c.name, c.args[0], "TABLE"));
  // get_table.rb's table(table) opens the table without a round trip: a
  // missing table fails at its first command, as in HBase.
  ReturnTable(name);
  return Status::OK();
}

Status ShellSession::TableHelp(const ShellCommand& c) {
  OBKV_RETURN_IF_ERROR(ShellArity(c, 0, 0, "no arguments"));
  *out_ << kTableHelp;
  return Status::OK();
}

}  // namespace cli
}  // namespace obkvlite
