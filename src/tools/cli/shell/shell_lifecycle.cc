// Copyright (c) obkvlite authors.
//
// A table's life in the shell, printed as the HBase shell prints it
// (disable.rb, enable.rb, drop.rb, exists.rb, is_enabled.rb, get_splits.rb):
//   disable 't' / enable 't'   nothing but "Took"; HBase's errors for a
//                              table already in that state
//   drop 't'                   refused while enabled: "Table t is enabled.
//                              Disable it first."
//   exists 't'                 Table t does exist | Table t does not exist
//   is_enabled 't'             true | false
//   get_splits 't'             Total number of splits = N, then each bound
//                              between two partitions (toStringBinary for
//                              K, ms for G), one a line
// exists, is_enabled, is_disabled and get_splits return their answer
// (=> true, => ["a", "m"]).
//   split 't', 'key'           splits the RANGE COLUMNS(K) partition that
//                              holds 'key' at it (Store::ChangePartitions)

#include <ostream>
#include <string>
#include <vector>

#include "obkvlite/bytes.h"
#include "obkvlite/partition_change.h"
#include "tools/cli/shell/shell_args.h"
#include "tools/cli/shell/shell_session.h"

namespace obkvlite {
namespace cli {

Status ShellSession::Disable(const ShellCommand& c) {
  OBKV_RETURN_IF_ERROR(ShellArity(c, 1, 1, "'TABLE'"));
  OBKV_ASSIGN_OR_RETURN(Table * table, TableArg(c));
  // admin.rb's disable returns when the table is already disabled.
  if (table->spec().disabled) return Status::OK();
  return store_->DisableTable(table->spec().name, {}).WithPrefix(c.name);
}

Status ShellSession::Enable(const ShellCommand& c) {
  OBKV_RETURN_IF_ERROR(ShellArity(c, 1, 1, "'TABLE'"));
  OBKV_ASSIGN_OR_RETURN(Table * table, TableArg(c));
  // admin.rb's enable returns when the table is already enabled.
  if (!table->spec().disabled) return Status::OK();
  return store_->EnableTable(table->spec().name, {}).WithPrefix(c.name);
}

Status ShellSession::IsDisabled(const ShellCommand& c) {
  OBKV_RETURN_IF_ERROR(ShellArity(c, 1, 1, "'TABLE'"));
  OBKV_ASSIGN_OR_RETURN(Table * table, TableArg(c));
  const char* disabled = table->spec().disabled ? "true" : "false";
  *out_ << disabled << "\n";
  Return(disabled);
  return Status::OK();
}

Status ShellSession::IsEnabled(const ShellCommand& c) {
  OBKV_RETURN_IF_ERROR(ShellArity(c, 1, 1, "'TABLE'"));
  OBKV_ASSIGN_OR_RETURN(Table * table, TableArg(c));
  const char* enabled = table->spec().disabled ? "false" : "true";
  *out_ << enabled << "\n";
  Return(enabled);
  return Status::OK();
}

Status ShellSession::Drop(const ShellCommand& c) {
  OBKV_RETURN_IF_ERROR(ShellArity(c, 1, 1, "'TABLE'"));
  OBKV_ASSIGN_OR_RETURN(Table * table, TableArg(c));
  const std::string name = table->spec().name;
  if (!table->spec().disabled) {
    return ShellError(c.name,
                      "Table " + name + " is enabled. Disable it first.");
  }
  return store_->DropTable(name).WithPrefix(c.name);
}

Status ShellSession::Exists(const ShellCommand& c) {
  OBKV_RETURN_IF_ERROR(ShellArity(c, 1, 1, "'TABLE'"));
  OBKV_ASSIGN_OR_RETURN(std::string name, ShellString(c.name, c.args[0], "TABLE"));
  Result<bool> exists = store_->TableExists(name);
  if (!exists.ok()) return exists.status().WithPrefix(c.name);
  *out_ << "Table " << name << " does " << (*exists ? "" : "not ")
        << "exist\n";
  Return(*exists ? "true" : "false");
  return Status::OK();
}

Status ShellSession::GetSplits(const ShellCommand& c) {
  OBKV_RETURN_IF_ERROR(ShellArity(c, 1, 1, "'TABLE'"));
  OBKV_ASSIGN_OR_RETURN(Table * table, TableArg(c));
  const PartitionSpec& p = table->spec().families.front().partition;
  *out_ << "Total number of splits = " << p.FirstLevelCount() << "\n";
  std::vector<std::string> splits;
  if (p.strategy == PartitionStrategy::kRange ||
      p.strategy == PartitionStrategy::kRangeKey) {
    // The bounds between partitions: every bound but the last.
    for (size_t i = 0; i + 1 < p.bounds.size(); ++i) {
      splits.push_back(p.range_column == RangeColumn::kG
                           ? std::to_string(p.bounds[i].ts_ms)
                           : ToStringBinary(p.bounds[i].key));
      *out_ << splits.back() << "\n";
    }
  }
  Return(RubyInspect(splits));  // get_splits.rb returns the splits
  return Status::OK();
}

Status ShellSession::Split(const ShellCommand& c) {
  OBKV_RETURN_IF_ERROR(ShellArity(c, 2, 2, "'TABLE', 'SPLIT_KEY'"));
  OBKV_ASSIGN_OR_RETURN(Table * table, TableArg(c));
  OBKV_ASSIGN_OR_RETURN(std::string key,
                        ShellString(c.name, c.args[1], "SPLIT_KEY"));
  const TableSpec spec = table->spec();
  const PartitionSpec& p = spec.families.front().partition;
  if (p.strategy != PartitionStrategy::kRange ||
      p.range_column != RangeColumn::kK) {
    return ShellError(c.name, "table " + spec.name +
                                  " has no RANGE COLUMNS(K) partitions to "
                                  "split at a row key");
  }
  // The partition whose range holds the key: the first bound above it.
  int index = 0;
  while (index + 1 < static_cast<int>(p.bounds.size()) &&
         !p.bounds[index].is_maxvalue && p.bounds[index].key <= key) {
    ++index;
  }
  PartitionChange split;
  split.op = PartitionOp::kSplit;
  split.partitions = {index};
  split.bound = RangeBound::Key(key);
  return store_->ChangePartitions(spec.name, split).status().WithPrefix(c.name);
}

}  // namespace cli
}  // namespace obkvlite
