// Copyright (c) obkvlite authors.
//
// The partitioning and value type of the mysql dialect: the oceanbase
// clauses where MariaDB (10.11, Debian 12) accepts them as they are, and an
// equivalent rewrite, announced by a "-- mysql:" comment, where it does not
// (doc/ddl.md, "mysql"):
//   - KEY(K) and RANGE COLUMNS(K): as is.
//   - RANGE COLUMNS(G) (alone or over KEY subpartitions): MariaDB wants
//     every partitioning column in the primary key and refuses a generated
//     column there (errors 1503, 1903), so the range is taken on T instead.
//     T = -G, so "G < b" is "T >= 1 - b": the partitions are listed in
//     reverse with bounds 1 - b and keep their names, so every row lands in
//     the partition of the same name as on OceanBase.
//   - KEY(K_PREFIX): the same primary-key rule; KEY(K) instead.
//   - KEY + RANGE(G) subpartitions: MariaDB subpartitions only by HASH or
//     KEY, so it becomes RANGE(T) SUBPARTITION BY KEY.
//   - varbinary(N) values over 32768 bytes: MariaDB caps a row's
//     non-BLOB columns at 65535 bytes, so V becomes mediumblob (16 MiB).

#include <string>

#include "ddl/ddl_internal.h"
#include "ddl/sql_quote.h"
#include "obkvlite/ddl.h"

namespace obkvlite {
namespace ddl_internal {
namespace {

// RANGE COLUMNS(T) with the partitions of a RANGE on G, highest T first.
std::string RangeOnT(const PartitionSpec& p) {
  std::string out =
      "PARTITION BY RANGE COLUMNS(" + QuoteMysqlIdentifier("T") + ")";
  if (p.HasKeyLevel()) {
    out += " SUBPARTITION BY KEY(" + QuoteMysqlIdentifier("K") +
           ") SUBPARTITIONS " + std::to_string(p.key_partitions);
  }
  out += " (\n";
  for (size_t i = p.bounds.size(); i-- > 0;) {
    out += "  PARTITION " +
           QuoteMysqlIdentifier(p.RangePartitionName(static_cast<int>(i))) +
           " VALUES LESS THAN ";
    out += i == 0 ? "MAXVALUE"
                  : "(" + std::to_string(1 - p.bounds[i - 1].ts_ms) + ")";
    out += i > 0 ? ",\n" : "\n";
  }
  return out + ")";
}

}  // namespace

MysqlPartitioning MysqlPartitionClause(const PartitionSpec& p,
                                       const std::string& oceanbase_clause) {
  MysqlPartitioning out;
  const bool on_g = p.NeedsTimestamp();
  if (p.strategy == PartitionStrategy::kKeyRange) {
    out.note =
        "-- mysql: MariaDB subpartitions only by HASH or KEY, and refuses "
        "the generated\n-- column G in the primary key, so KEY + RANGE(G) "
        "becomes RANGE(T = -G) + KEY(K).\n";
    out.clause = RangeOnT(p);
  } else if (on_g) {
    out.note =
        "-- mysql: MariaDB needs partitioning columns in the primary key and "
        "refuses the\n-- generated column G there, so the range is on T = -G "
        "(same partitions, listed in reverse).\n";
    out.clause = RangeOnT(p);
  } else {
    out.clause = oceanbase_clause;
  }
  if (p.prefix_length > 0 && p.HasKeyLevel()) {
    out.note +=
        "-- mysql: MariaDB needs partitioning columns in the primary key and "
        "refuses the\n-- generated column K_PREFIX there, so KEY(K_PREFIX) "
        "becomes KEY(K).\n";
    if (!on_g && p.strategy != PartitionStrategy::kKeyRange) {
      out.clause = "PARTITION BY KEY(" + QuoteMysqlIdentifier("K") +
                   ") PARTITIONS " + std::to_string(p.key_partitions);
    }
  }
  return out;
}

std::string MysqlValueType(const FamilySpec& f) {
  if (!f.longblob && f.value_max_bytes <= kMysqlMaxVarbinaryValue) {
    return "varbinary(" + std::to_string(f.value_max_bytes) + ")";
  }
  return f.longblob ? "longblob" : "mediumblob";
}

}  // namespace ddl_internal
}  // namespace obkvlite
