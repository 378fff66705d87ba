// Copyright (c) obkvlite authors.
//
// What a server store stores per partition (storage::Engine::PartitionBytes
// of the MySQL-protocol engine): the server's own figure for each of its
// partitions of the family's relation, DATA_LENGTH + INDEX_LENGTH of
// information_schema.PARTITIONS (ddl/server_partitions_sql.h). An estimate
// from the server's table statistics: InnoDB (MariaDB, MySQL) counts the
// pages of each index's segments and refreshes the figure on ANALYZE TABLE
// or after about a tenth of the rows changed; OceanBase from its own
// statistics. A spec partition gets the bytes of the server partition of
// its name (PartitionSpec::FirstLevelName, kServer), as the store's cell
// counts take that partition's rows; -1 where none has its name, and for
// every partition of a family whose first level is KEY on the mysql
// dialect: the server's KEY hash is its own, not OceanBase's, so its
// partitions are not the spec's (and KEY + RANGE is held as RANGE + KEY,
// ddl/mysql_partitioning.cc).
//
// Thread safety: runs on a connection owned by the calling thread.

#ifndef OBKVLITE_STORAGE_MYSQL_SERVER_SIZES_H_
#define OBKVLITE_STORAGE_MYSQL_SERVER_SIZES_H_

#include <cstdint>
#include <vector>

#include "obkvlite/ddl.h"
#include "obkvlite/spec.h"
#include "obkvlite/status.h"
#include "storage/connection.h"

namespace obkvlite {
namespace storage {

// Bytes per first-level partition of `family` on a server whose DDL is
// `dialect` (kOceanBase or kMysql).
Result<std::vector<int64_t>> ServerPartitionBytes(Connection* reader,
                                                  const TableSpec& spec,
                                                  const FamilySpec& family,
                                                  DdlDialect dialect);

}  // namespace storage
}  // namespace obkvlite

#endif  // OBKVLITE_STORAGE_MYSQL_SERVER_SIZES_H_
