// Copyright (c) obkvlite authors.
#include "storage/sqlite/sqlite_sizes.h"

#include <memory>
#include <string>

#include "ddl/sqlite_size_sql.h"
#include "ddl/store_ddl.h"
#include "storage/statement.h"

namespace obkvlite {
namespace storage {

Result<std::vector<int64_t>> SqlitePartitionBytes(Connection* reader,
                                                  const TableSpec& spec,
                                                  const FamilySpec& family,
                                                  int shards) {
  const PartitionSpec& p = family.partition;
  const int sub = p.SubpartitionCount();
  const std::string relation = FamilyRelationName(spec, family);
  std::vector<int64_t> out(static_cast<size_t>(p.FirstLevelCount()), 0);
  for (int i = 0; i < p.PhysicalCount(); ++i) {
    const int shard = shards > 1 ? ShardOfPartition(spec.name, i, shards) : 0;
    OBKV_ASSIGN_OR_RETURN(
        std::unique_ptr<Statement> stmt,
        reader->Prepare(SqliteTableBytesSql(ShardSchemaName(shard))));
    // Bound without copying (SQLITE_STATIC): the name outlives the step.
    const std::string table = PartitionTableName(relation, p, i);
    stmt->BindText(1, table);
    OBKV_ASSIGN_OR_RETURN(bool row, stmt->Step());
    if (row) out[static_cast<size_t>(i / sub)] += stmt->ColumnInt(0);
  }
  return out;
}

}  // namespace storage
}  // namespace obkvlite
