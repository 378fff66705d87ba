// Copyright (c) obkvlite authors.
//
// ShellSession: runs the commands of `obkv shell` (shell_parser.h) against
// one store, printing as the HBase shell does. The commands and their
// forms are listed by `help` (shell_commands.cc); `help 'scan'` shows one.
// Each command that runs is followed by "Took 0.0042 seconds" (HBase's
// "Took %.4f seconds"), also when it fails, as HBase's command_safe does;
// help, the shell's own method in HBase, is not.
//
// Writes (put, delete, deleteall, incr, append) go through the exec
// executor (exec_executor.h) with typed requests, so they validate and write
// exactly as `obkv exec`; each is atomic (deleteall with ROWPREFIXFILTER
// commits per batch of CACHE rows, 100 by default, as HBase deletes them).
// Errors name the command and the argument or the request field, e.g.
// "put: row: 1025 bytes, limit 1024".
//
// A command that returns a value in HBase (list, exists, is_enabled, count,
// create, get_splits...) is followed, after "Took", by IRB's return line
// "=> VALUE", the value as Ruby's inspect writes it (`=> ["t1", "t2"]`,
// `=> true`, `=> 3`, `=> Hbase::Table - t1`), unless
// ShellOptions::return_values is off: HBase's IRB session prints it
// (jar-bootstrap.rb's RETURN prompt "=> %s"; nil is not printed,
// irb/hirb.rb output_value), its -n mode evaluates the input without IRB
// and prints none.
//
// Table references and variables (table.rb, get_table.rb, create.rb):
// `t = get_table 't1'` (or `t = create 't1', 'f'`) keeps a reference in
// `t`; `t.put 'r', 'f:q', 'v'` runs put on 't1', as do t.get, t.scan,
// t.count, t.delete, t.deleteall, t.incr, t.get_counter, t.append and
// t.get_splits (table.rb add_shell_command) and t.enable, t.disable,
// t.flush, t.drop, t.describe and t.snapshot (add_admin_utils); t.name,
// t.get_all_columns, t.close and t.help ['COMMAND'] are table.rb's own
// methods (no "Took"). Any other method is Ruby's NoMethodError, worded
// "undefined method 'truncate' for Hbase::Table - t1". `x = list` keeps
// any command's value; `x` alone prints it ("=> [...]").
//
// REQUIRED: the store and the stream outlive the session.
// Thread safety: one session per thread.

#ifndef OBKVLITE_TOOLS_CLI_SHELL_SHELL_SESSION_H_
#define OBKVLITE_TOOLS_CLI_SHELL_SHELL_SESSION_H_

#include <iosfwd>
#include <map>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "obkvlite/status.h"
#include "obkvlite/store.h"
#include "tools/cli/exec/exec_request.h"
#include "tools/cli/exec/exec_response.h"
#include "tools/cli/shell/shell_parser.h"

namespace obkvlite {
namespace cli {

class ShellReader;

// What IRB prints for a table reference (table.rb's to_s):
// "Hbase::Table - t1".
std::string TableReference(std::string_view table);

struct ShellOptions {
  // Print "=> VALUE" after a command that returns a value (HBase's IRB
  // session; off for `obkv shell -n`, as HBase's -n prints none).
  bool return_values = true;
  // Print cell timestamps as epoch milliseconds ("timestamp=1733097600000")
  // instead of HBase 2.3+'s ISO-8601 local date-time
  // ("timestamp=2024-12-02T00:00"); HBase's
  // hbase.shell.timestamp.format.epoch.
  bool timestamp_epoch = false;
};

class ShellSession {
 public:
  ShellSession(Store* store, std::ostream* out, ShellOptions options = {})
      : store_(store), out_(out), options_(options) {}

  // Runs one command. An unknown command is an error, without "Took".
  // REQUIRED: !IsExit(command) (the caller ends the session).
  Status Run(const ShellCommand& command);

  // Where disable_all, enable_all and drop_all read their y/n answer: the
  // shell's input, after the command's statement (Ruby's gets). Without
  // one (nullptr, the default) they fail for want of an answer.
  // REQUIRED: `input` outlives the session.
  void set_input(ShellReader* input) { input_ = input; }

  // True for the commands that end a session (exit, quit).
  static bool IsExit(const ShellCommand& command);

  // `help`'s text: every command's usage, one per line. With a command
  // name, that command's usage and description; NotFound for a name that
  // is not a command.
  static Result<std::string> HelpText(std::string_view command = "");

  // Every command's name, in help's order, ", " between them (aliases as
  // "describe (desc)").
  static std::string CommandNames();
  // Every command's name, aliases included (the shell's completion).
  static std::vector<std::string> CommandList();

 private:
  using Handler = Status (ShellSession::*)(const ShellCommand&);
  struct CommandInfo {
    const char* name;
    Handler run;              // nullptr for exit and quit
    const char* usage;        // one line: the forms
    const char* description;  // what it does, for help 'NAME'
    const char* alias_of;     // desc and quit: the command they stand for
  };
  // The commands, in help's order (shell_commands.cc), and one of them by
  // name (nullptr when there is none).
  static const std::vector<CommandInfo>& Commands();
  static const CommandInfo* FindCommand(std::string_view name);

  // shell_read.cc
  Status Get(const ShellCommand& c);
  Status Scan(const ShellCommand& c);
  Status Count(const ShellCommand& c);
  // shell_mutate.cc
  Status Put(const ShellCommand& c);
  Status Delete(const ShellCommand& c);
  Status DeleteAll(const ShellCommand& c);
  // shell_counters.cc
  Status Incr(const ShellCommand& c);
  Status GetCounter(const ShellCommand& c);
  Status Append(const ShellCommand& c);
  // shell_create.cc
  Status Create(const ShellCommand& c);
  Status Alter(const ShellCommand& c);
  // shell_lifecycle.cc
  Status Disable(const ShellCommand& c);
  Status Enable(const ShellCommand& c);
  Status IsDisabled(const ShellCommand& c);
  Status IsEnabled(const ShellCommand& c);
  Status Drop(const ShellCommand& c);
  Status Exists(const ShellCommand& c);
  Status GetSplits(const ShellCommand& c);
  Status Split(const ShellCommand& c);
  // shell_namespace.cc
  Status CreateNamespace(const ShellCommand& c);
  Status DropNamespace(const ShellCommand& c);
  Status DescribeNamespace(const ShellCommand& c);
  Status AlterNamespace(const ShellCommand& c);
  Status ListNamespace(const ShellCommand& c);
  Status ListNamespaceTables(const ShellCommand& c);
  // shell_admin.cc
  Status Describe(const ShellCommand& c);
  Status List(const ShellCommand& c);
  Status Truncate(const ShellCommand& c);
  Status Help(const ShellCommand& c);
  Status ShowFilters(const ShellCommand& c);
  Status AlterStatus(const ShellCommand& c);
  // shell_status.cc
  Status ClusterStatus(const ShellCommand& c);
  // shell_maintenance.cc
  Status Compact(const ShellCommand& c);  // flush, compact, major_compact
  Status WhoAmI(const ShellCommand& c);
  Status Version(const ShellCommand& c);
  Status ListSnapshots(const ShellCommand& c);
  Status Snapshot(const ShellCommand& c);
  // shell_clone.cc
  Status CloneTableSchema(const ShellCommand& c);
  // shell_all_tables.cc: disable_all, enable_all, drop_all
  Status AllTables(const ShellCommand& c);
  // shell_regions.cc
  Status ListRegions(const ShellCommand& c);
  // shell_variables.cc
  Status GetTable(const ShellCommand& c);
  Status TableHelp(const ShellCommand& c);
  // A `VAR.method ...` call (c.receiver set).
  Status RunMethod(const ShellCommand& c);
  // A command with the Took line and the => line (Run without variables).
  Status RunCommand(const ShellCommand& c);

  // Executes a typed exec request; errors get the command's name.
  Result<ExecResponse> Execute(const std::string& command,
                               const ExecRequest& request);
  // `names` whose whole name matches the optional REGEX argument (as
  // Admin.listTableNames), all of them without one.
  Result<std::vector<std::string>> MatchingNames(
      const ShellCommand& c, const std::vector<std::string>& names);
  // The table named by the first argument.
  Result<Table*> TableArg(const ShellCommand& c);

  // Sets the command's return value, as Ruby's inspect writes it; Run
  // prints it as "=> VALUE" (ShellOptions::return_values).
  void Return(std::string inspected) { return_value_ = std::move(inspected); }
  // Returns a reference to `table` (create, get_table).
  void ReturnTable(const std::string& table) {
    Return(TableReference(table));
    return_table_ = table;
  }
  // Prints "=> VALUE" for a value that is not nil (empty).
  void PrintValue(const std::string& inspected);

  // A variable's value: a table reference, or any other value as inspect
  // writes it (empty: nil).
  struct Variable {
    std::string table;      // a table reference: the table's name
    std::string inspected;  // what `VAR` alone prints after "=> "
  };

  Store* store_;
  std::ostream* out_;
  ShellOptions options_;
  std::string return_value_;  // the running command's; empty for nil
  std::string return_table_;  // when it returns a table reference
  std::map<std::string, Variable> variables_;
  ShellReader* input_ = nullptr;  // set_input
};

// Ruby's String#inspect of `text`: "t1" in double quotes, with \\, \", \n,
// \t, \e..., \u00XX for other control characters and \x7F.
std::string RubyInspect(std::string_view text);
// Ruby's Array#inspect of strings: ["a", "b"].
std::string RubyInspect(const std::vector<std::string>& items);

// InvalidArgument "<command> takes <usage>, got N arguments" unless
// min <= c.args.size() <= max.
Status ShellArity(const ShellCommand& c, size_t min, size_t max,
                  const char* usage);

}  // namespace cli
}  // namespace obkvlite

#endif  // OBKVLITE_TOOLS_CLI_SHELL_SHELL_SESSION_H_
