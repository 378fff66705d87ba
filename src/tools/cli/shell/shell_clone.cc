// Copyright (c) obkvlite authors.
//
// clone_table_schema 'src', 'dst'[, PRESERVE_SPLITS] (clone_table_schema.rb,
// admin.rb: Admin.cloneTableSchema): creates dst, enabled and empty, with
// src's spec under the new name ("ns:dst" in an existing namespace): its
// families, their attributes and its partitioning. PRESERVE_SPLITS (true
// by default) false gives each range level one partition (MAXVALUE): HBase
// creates the table without split keys; a KEY (hash) level has no split
// keys and stays, as do the partitions of a rolling time window. src's
// secondary indexes are not cloned (their tables' names are src's).
// Errors as the shell words HBase's exceptions (commands.rb):
// "Unknown table src!" and "Table already exists: dst!". Prints nothing
// but "Took".

#include <nlohmann/json.hpp>
#include <string>
#include <utility>
#include <vector>

#include "spec/spec_json_edit.h"
#include "tools/cli/shell/shell_args.h"
#include "tools/cli/shell/shell_session.h"

namespace obkvlite {
namespace cli {

Status ShellSession::CloneTableSchema(const ShellCommand& c) {
  OBKV_RETURN_IF_ERROR(
      ShellArity(c, 2, 3, "'TABLE', 'NEW_TABLE'[, PRESERVE_SPLITS]"));
  OBKV_ASSIGN_OR_RETURN(std::string from,
                        ShellString(c.name, c.args[0], "TABLE"));
  OBKV_ASSIGN_OR_RETURN(std::string to,
                        ShellString(c.name, c.args[1], "NEW_TABLE"));
  bool preserve_splits = true;
  if (c.args.size() == 3) {
    OBKV_ASSIGN_OR_RETURN(preserve_splits,
                          ShellBool(c.name, c.args[2], "PRESERVE_SPLITS"));
  }
  Result<Table*> source = store_->GetTable(from);
  if (!source.ok()) {
    if (!source.status().IsNotFound()) {
      return source.status().WithPrefix(c.name);
    }
    return ShellError(c.name, "Unknown table " + from + "!");
  }
  Result<bool> exists = store_->TableExists(to);
  if (!exists.ok()) return exists.status().WithPrefix(c.name);
  if (*exists) return ShellError(c.name, "Table already exists: " + to + "!");
  TableSpec spec = (*source)->spec();
  if (!preserve_splits) {
    std::vector<std::pair<std::string, PartitionSpec>> unsplit;
    for (const FamilySpec& family : spec.families) {
      if (!family.partition.HasRangeLevel() || family.time_window) continue;
      PartitionSpec p = family.partition;
      p.bounds = {RangeBound::MaxValue()};
      p.names.clear();
      unsplit.emplace_back(family.name, std::move(p));
    }
    Result<TableSpec> edited = WithFamilyPartitions(spec, unsplit);
    if (!edited.ok()) return edited.status().WithPrefix(c.name);
    spec = std::move(*edited);
  }
  Result<TableSpec> clone =
      EditSpecJson(spec, [&](nlohmann::json& doc) -> Status {
        doc["table"] = to;
        doc.erase("disabled");
        doc.erase("indexes");
        return Status::OK();
      });
  if (!clone.ok()) return clone.status().WithPrefix(c.name);
  return store_->CreateTable(*clone).WithPrefix(c.name);
}

}  // namespace cli
}  // namespace obkvlite
