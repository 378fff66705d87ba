// Copyright (c) obkvlite authors.
#include "storage/mysql/server_sizes.h"

#include <map>
#include <memory>
#include <string>

#include "ddl/server_partitions_sql.h"
#include "storage/statement.h"

namespace obkvlite {
namespace storage {

Result<std::vector<int64_t>> ServerPartitionBytes(Connection* reader,
                                                  const TableSpec& spec,
                                                  const FamilySpec& family,
                                                  DdlDialect dialect) {
  const PartitionSpec& p = family.partition;
  std::vector<int64_t> out(static_cast<size_t>(p.FirstLevelCount()), -1);
  // No partition of the server's is one of the spec's first level.
  if (!ServerHoldsSpecFirstLevel(p, dialect)) return out;
  std::map<std::string, int64_t> by_name;  // "" for an unpartitioned table
  OBKV_ASSIGN_OR_RETURN(std::unique_ptr<Statement> stmt,
                        reader->Prepare(ServerPartitionBytesSql(
                            FamilyRelationName(spec, family))));
  while (true) {
    OBKV_ASSIGN_OR_RETURN(bool row, stmt->Step());
    if (!row) break;
    by_name[std::string(stmt->ColumnBlob(0))] = stmt->ColumnInt(1);
  }
  for (int i = 0; i < p.FirstLevelCount(); ++i) {
    auto found = by_name.find(p.FirstLevelName(i, PartitionNaming::kServer));
    if (found != by_name.end()) out[static_cast<size_t>(i)] = found->second;
  }
  return out;
}

}  // namespace storage
}  // namespace obkvlite
