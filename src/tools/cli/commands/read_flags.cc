// Copyright (c) obkvlite authors.
#include "tools/cli/commands/read_flags.h"

#include <CLI/CLI.hpp>

namespace obkvlite {
namespace cli {

void AddReadFlags(CLI::App* cmd, ReadFlags* flags) {
  cmd->add_option("--column", flags->columns,
                  "Return only this column, as FAMILY:QUALIFIER (qualifier "
                  "escaped as \\xHH); repeatable")
      ->type_name("F:Q")
      ->allow_extra_args(false);
  cmd->add_option("--family", flags->families,
                  "Return only this family; repeatable")
      ->type_name("F")
      ->allow_extra_args(false);
  cmd->add_option("--versions", flags->versions,
                  "Newest versions per column to return (default 1; the "
                  "family's MaxVersions caps it)")
      ->type_name("N");
  cmd->add_option("--time-range", flags->time_range,
                  "Only timestamps in [A, B), in ms")
      ->type_name("A B")
      ->expected(2)
      ->allow_extra_args(false);
  cmd->add_option("--filter", flags->filter,
                  "HBase filter language, e.g. \"PrefixFilter('r') AND "
                  "ValueFilter(=,'binary:x')\"")
      ->type_name("FILTER");
  cmd->add_flag("--json", flags->json,
                "Print the exec result line (JSON) instead of one cell "
                "per line");
}

void AddReadFields(const ReadFlags& flags, nlohmann::json* request) {
  if (!flags.columns.empty()) (*request)["columns"] = flags.columns;
  if (!flags.families.empty()) (*request)["families"] = flags.families;
  if (flags.versions) (*request)["max_versions"] = *flags.versions;
  if (!flags.time_range.empty()) (*request)["time_range"] = flags.time_range;
  if (flags.filter) (*request)["filter"] = *flags.filter;
}

}  // namespace cli
}  // namespace obkvlite
