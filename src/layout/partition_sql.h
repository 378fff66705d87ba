// Copyright (c) obkvlite authors.
//
// The SQL text, in each dialect (ddl/sql_quote.h), of the statements on
// one partition of a family whatever its layout (both layouts have K and
// T): deleting what is older than a cutoff (purge), counting its rows, and
// finding the row key that splits it (auto_split). `table` is the physical
// table ("t$f$p3"), or on a server the family's one relation.
//
// Thread safety: pure functions.

#ifndef OBKVLITE_LAYOUT_PARTITION_SQL_H_
#define OBKVLITE_LAYOUT_PARTITION_SQL_H_

#include <string>
#include <string_view>
#include <vector>

#include "ddl/sql_quote.h"

namespace obkvlite {
namespace layout {

// SELECT COUNT(*) FROM table: one row, one integer.
std::string CountRowsSql(SqlDialect dialect, std::string_view table);

// DELETE FROM table WHERE T > ?1: every row older than a cutoff (?1 is
// the cutoff's T), in either layout (kNormalDeleteOlder, kTsDeleteOlder).
std::string DeleteOlderSql(SqlDialect dialect, std::string_view table);

// SELECT K, T FROM table: every stored row's key and T, to route them.
std::string KeysAndTimesSql(SqlDialect dialect, std::string_view table);

// One grouped count over the server's partitions `names` of `table`:
// rows (i, COUNT(*)) for partition names[i] (SELECT ... PARTITION (p)),
// mysql dialect. REQUIRED: names not empty.
std::string CountByPartitionSql(std::string_view table,
                                const std::vector<std::string>& names);

// Which row key a split query reads.
enum class SplitQuery {
  kNth,    // the ?1-th key (0-based) in K order: ORDER BY K LIMIT 1 OFFSET ?1
  kFirst,  // the first key: ORDER BY K LIMIT 1
  kAfter,  // the first key above ?4: AND K > ?4 ORDER BY K LIMIT 1
};

// SELECT K FROM table WHERE 1 = 1 [AND K >= ?2] [AND K < ?3] ... of one
// partition's key range: `has_lower` binds ?2, `has_upper` binds ?3.
std::string SplitKeySql(SqlDialect dialect, std::string_view table,
                        bool has_lower, bool has_upper, SplitQuery query);

}  // namespace layout
}  // namespace obkvlite

#endif  // OBKVLITE_LAYOUT_PARTITION_SQL_H_
