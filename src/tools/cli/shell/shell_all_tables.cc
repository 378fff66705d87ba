// Copyright (c) obkvlite authors.
//
// disable_all, enable_all and drop_all, printed as the HBase shell prints
// them (disable_all.rb, enable_all.rb, drop_all.rb, admin.rb):
//   the tables whose whole name matches REGEX, one a line; a blank line and
//   "Disable the above N tables (y/n)?"; the answer is the next line of
//   the shell's input (Ruby's gets, which reads what follows the command in
//   the script or on stdin; ShellSession::set_input), a yes when it holds a
//   'y' or 'Y' anywhere (HBase's /y.*/i); then "N tables successfully
//   disabled", and when some failed, "N tables not disabled due to an
//   exception: a,b" after a "table:a, error:..." line for each (admin.rb).
// A table already in the state asked for fails, as HBase's disableTable,
// enableTable and deleteTable throw for it (TableNotEnabledException,
// TableNotDisabledException); drop_all drops only disabled tables.
// No match prints "No tables matched the regex REGEX" (disable_all.rb
// prints it as Ruby's Regexp#to_s of /^REGEX$/: "(?-mix:^REGEX$)").
// At the end of the input there is no answer: HBase's gets returns nil and
// the command fails; here it is an error, nothing changed.

#include <ostream>
#include <string>
#include <vector>

#include "tools/cli/shell/shell_args.h"
#include "tools/cli/shell/shell_reader.h"
#include "tools/cli/shell/shell_session.h"

namespace obkvlite {
namespace cli {

Status ShellSession::AllTables(const ShellCommand& c) {
  OBKV_RETURN_IF_ERROR(ShellArity(c, 1, 1, "'REGEX'"));
  OBKV_ASSIGN_OR_RETURN(std::string regex,
                        ShellString(c.name, c.args[0], "REGEX"));
  enum class Action { kDisable, kEnable, kDrop };
  const Action action = c.name == "disable_all"  ? Action::kDisable
                        : c.name == "enable_all" ? Action::kEnable
                                                 : Action::kDrop;
  const char* verb = action == Action::kDisable  ? "Disable"
                     : action == Action::kEnable ? "Enable"
                                                 : "Drop";
  const char* done = action == Action::kDisable  ? "disabled"
                     : action == Action::kEnable ? "enabled"
                                                 : "dropped";
  OBKV_ASSIGN_OR_RETURN(std::vector<std::string> names,
                        MatchingNames(c, store_->ListTables()));
  for (const std::string& name : names) *out_ << name << "\n";
  if (names.empty()) {
    *out_ << "No tables matched the regex "
          << (action == Action::kDisable ? "(?-mix:^" + regex + "$)" : regex)
          << "\n";
    return Status::OK();
  }
  *out_ << "\n"
        << verb << " the above " << names.size() << " tables (y/n)?\n"
        << std::flush;
  std::string answer;
  if (input_ == nullptr || !input_->ReadLine(&answer)) {
    return ShellError(c.name, std::string("no answer to (y/n)? before the "
                                          "end of the input; no table ") +
                                  done);
  }
  if (answer.find_first_of("yY") == std::string::npos) return Status::OK();
  std::vector<std::string> failed;
  for (const std::string& name : names) {
    Result<Table*> table = store_->GetTable(name);
    Status st = table.status();
    if (st.ok()) {
      const bool disabled = (*table)->spec().disabled;
      const char* refusal = nullptr;  // the exception HBase throws
      if (action == Action::kDisable && disabled) {
        refusal = "TableNotEnabledException";
      } else if (action != Action::kDisable && !disabled) {
        refusal = "TableNotDisabledException";
      }
      if (refusal != nullptr) {
        st = Status::InvalidArgument(std::string("org.apache.hadoop.hbase.") +
                                     refusal + ": " + name);
      } else if (action == Action::kDisable) {
        st = store_->DisableTable(name, {});
      } else if (action == Action::kEnable) {
        st = store_->EnableTable(name, {});
      } else {
        st = store_->DropTable(name);
      }
    }
    if (st.ok()) continue;
    // admin.rb's drop_all writes `puts puts "table:..."`: the line, then
    // the empty line the second puts writes for the first one's nil.
    *out_ << "table:" << name << ", error:" << st.message() << "\n"
          << (action == Action::kDrop ? "\n" : "");
    failed.push_back(name);
  }
  *out_ << names.size() - failed.size() << " tables successfully " << done
        << "\n";
  if (!failed.empty()) {
    std::string list;
    for (const std::string& name : failed) {
      list += (list.empty() ? "" : ",") + name;
    }
    *out_ << failed.size() << " tables not " << done
          << " due to an exception: " << list << "\n";
  }
  return Status::OK();
}

}  // namespace cli
}  // namespace obkvlite
