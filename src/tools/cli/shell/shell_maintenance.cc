// Copyright (c) obkvlite authors.
//
// The shell's maintenance and general commands:
//   flush / compact / major_compact 'TABLE'[, 'FAMILY']
//       HBase's flush and compactions drop the versions over a family's
//       VERSIONS and the cells past its TTL (flush.rb, compact.rb,
//       major_compact.rb). Here cells live in one relation per family, so
//       all three purge them (Table::Purge, every family of the table; a
//       FAMILY must exist) and print the count: purged t: ...
//   whoami        "USER (auth:SIMPLE)" and "    groups: ..." (whoami.rb)
//   version       obkvlite's version (version.rb prints HBase's)
//   list_snapshots  the header and "0 row(s)": there are no snapshots
//   snapshot      refused, with the reason

#include <grp.h>
#include <pwd.h>
#include <unistd.h>

#include <ostream>
#include <string>
#include <vector>

#include "tools/cli/purge_line.h"
#include "tools/cli/shell/shell_args.h"
#include "tools/cli/shell/shell_cell_format.h"
#include "tools/cli/shell/shell_session.h"

#ifndef OBKVLITE_VERSION_STRING
#define OBKVLITE_VERSION_STRING "0.0.0"
#endif

namespace obkvlite {
namespace cli {

Status ShellSession::Compact(const ShellCommand& c) {
  OBKV_RETURN_IF_ERROR(ShellArity(c, 1, 3, "'TABLE'[, 'FAMILY'][, TYPE]"));
  OBKV_ASSIGN_OR_RETURN(Table * table, TableArg(c));
  if (c.args.size() >= 2) {
    OBKV_ASSIGN_OR_RETURN(std::string family,
                          ShellString(c.name, c.args[1], "FAMILY"));
    if (table->spec().FindFamily(family) == nullptr) {
      return ShellError(c.name, "unknown family '" + family + "' in table '" +
                                    table->spec().name + "'");
    }
  }
  Result<PurgeStats> stats = table->Purge();
  if (!stats.ok()) return stats.status().WithPrefix(c.name);
  *out_ << PurgeLine(table->spec().name, *stats);
  return Status::OK();
}

Status ShellSession::WhoAmI(const ShellCommand& c) {
  OBKV_RETURN_IF_ERROR(ShellArity(c, 0, 0, "no arguments"));
  const passwd* user = getpwuid(geteuid());
  *out_ << (user != nullptr ? user->pw_name : std::to_string(geteuid()))
        << " (auth:SIMPLE)\n    groups: ";
  // The primary group first, then the supplementary ones.
  std::vector<gid_t> groups(static_cast<size_t>(getgroups(0, nullptr)) + 1);
  const int n = getgroups(static_cast<int>(groups.size()), groups.data());
  groups.resize(n > 0 ? static_cast<size_t>(n) : 0);
  groups.insert(groups.begin(), getegid());
  for (size_t i = 0; i < groups.size(); ++i) {
    if (i > 0 && groups[i] == groups[0]) continue;
    const group* g = getgrgid(groups[i]);
    *out_ << (i > 0 ? ", " : "")
          << (g != nullptr ? g->gr_name : std::to_string(groups[i]));
  }
  *out_ << "\n";
  return Status::OK();
}

Status ShellSession::Version(const ShellCommand& c) {
  OBKV_RETURN_IF_ERROR(ShellArity(c, 0, 0, "no arguments"));
  *out_ << "obkvlite " << OBKVLITE_VERSION_STRING
        << ", the HBase 2 shell on OBKV-HBase's layout\n";
  return Status::OK();
}

Status ShellSession::ListSnapshots(const ShellCommand& c) {
  OBKV_RETURN_IF_ERROR(ShellArity(c, 0, 1, "['REGEX']"));
  *out_ << ShellTwoColumns("SNAPSHOT", "TABLE + CREATION TIME") << "0 row(s)\n";
  Return("[]");  // list_snapshots.rb returns the names
  return Status::OK();
}

Status ShellSession::Snapshot(const ShellCommand& c) {
  return ShellError(c.name,
                    "refused: obkvlite keeps no snapshots (HBase's are "
                    "HFile references); copy the table with obkv export and "
                    "obkv load, or copy the store itself");
}

}  // namespace cli
}  // namespace obkvlite
