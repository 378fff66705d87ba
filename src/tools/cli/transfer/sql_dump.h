// Copyright (c) obkvlite authors.
//
// The SQL form of `obkv export --dialect oceanbase|mysql`: the table's DDL
// in that dialect (obkvlite/ddl.h), then INSERTs of the exact physical rows
// of every family, read from the store on any engine
// (Store::ForEachStoredRow):
//   INSERT INTO `t$f` (`K`, `Q`, `T`, `V`) VALUES
//   (X'7231', X'71', -100, X'76'),
//   ...;
// K, Q and V are hex literals, T the stored (negated) timestamp; a family
// with cell_ttl adds `TTL` (ms, or NULL for a cell without one); a
// timeseries family inserts K, T, S and V as CONVERT(X'..' USING utf8mb4)
// for its json column. Generated columns (G, K_PREFIX) are left to the
// server. Rows are those of the store, including cells TimeToLive or
// MaxVersions hide (the server's kv_attributes hide them the same way).
// At most 500 rows, or about 1 MiB of SQL, per INSERT.
//
// Thread safety: as Store::ForEachStoredRow.

#ifndef OBKVLITE_TOOLS_CLI_TRANSFER_SQL_DUMP_H_
#define OBKVLITE_TOOLS_CLI_TRANSFER_SQL_DUMP_H_

#include <cstdint>
#include <iosfwd>
#include <string>

#include "obkvlite/ddl.h"
#include "obkvlite/spec.h"
#include "obkvlite/status.h"
#include "obkvlite/store.h"

namespace obkvlite {
namespace cli {

// Writes the dump of `spec`'s table in `store` and returns the number of
// rows inserted. REQUIRED: dialect is kOceanBase or kMysql.
Result<int64_t> WriteSqlDump(Store* store, const TableSpec& spec,
                             DdlDialect dialect, std::ostream& out);

}  // namespace cli
}  // namespace obkvlite

#endif  // OBKVLITE_TOOLS_CLI_TRANSFER_SQL_DUMP_H_
