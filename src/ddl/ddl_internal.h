// Copyright (c) obkvlite authors.
//
// Internals shared by the DDL dialect generators.
// Thread safety: pure functions.

#ifndef OBKVLITE_DDL_DDL_INTERNAL_H_
#define OBKVLITE_DDL_DDL_INTERNAL_H_

#include <cstdint>
#include <string>

#include "obkvlite/ddl.h"
#include "obkvlite/spec.h"

namespace obkvlite {
namespace ddl_internal {

// True when the family's relation carries the generated column G = abs(T):
// always for timeseries, and wherever a range level partitions on G.
bool HasGColumn(const TableSpec& t, const FamilySpec& f);

// The mysql dialect's partitioning of a family (mysql_partitioning.cc):
// `clause` replaces the oceanbase clause, `note` ("" or "-- mysql: ..."
// lines) explains any rewrite.
struct MysqlPartitioning {
  std::string note;
  std::string clause;
};
MysqlPartitioning MysqlPartitionClause(const PartitionSpec& p,
                                       const std::string& oceanbase_clause);

// Largest varbinary(N) value the mysql dialect keeps; larger is mediumblob.
inline constexpr int64_t kMysqlMaxVarbinaryValue = 32768;

// V's type in the mysql dialect.
std::string MysqlValueType(const FamilySpec& f);

// The oceanbase dialect's pieces (oceanbase_ddl.cc), shared with the
// ALTER statements (alter_ddl.cc):
// Row key bytes as a literal: 'a' when printable, else X'00FF'.
std::string KeyLiteral(const std::string& key);
// "MAXVALUE", "(1728921600000)" or "('a')" / "(X'00FF')".
std::string BoundLiteral(const RangeBound& bound, RangeColumn column);
// "PARTITION `p3` VALUES LESS THAN (...)" for first-level partition `index`
// (`keyword` "PARTITION" or "SUBPARTITION"), named by p.names.
std::string RangePartitionDefinition(const PartitionSpec& p, int index,
                                     const char* keyword);
// "PARTITION BY ..." of the oceanbase dialect ("" for none).
std::string PartitionClause(const PartitionSpec& p);
// "kv_attributes = '{\"HBase\": {...}}'", or "" when there is nothing to
// say; "State": "disable" for a disabled table.
std::string KvAttributes(const TableSpec& t, const FamilySpec& f);
// "(ENABLE = true, TIME_UNIT = 'day', PRECREATE_TIME = '2day', ...,
// BIGINT_PRECISION = 'ms')": the whole dynamic partition policy of a family
// with a time window (REQUIRED: f.time_window), every field OceanBase needs
// for a bigint key of milliseconds.
std::string DynamicPartitionPolicyList(const FamilySpec& f);
// The first-level RANGE COLUMNS(K) clause of `f` with " SIZE('<size>')"
// (OceanBase's auto-split; "unlimited" turns it off). When `note` is not
// null and f has auto_split, *note gets the "-- auto_split: ..." lines.
std::string AutoSplitClause(const FamilySpec& f, const std::string& size,
                            std::string* note);
// One family's CREATE TABLE (oceanbase or mysql dialect), with its notes.
std::string CreateFamilyTable(const TableSpec& t, const FamilySpec& f,
                              DdlDialect dialect);

// The oceanbase or mysql script of a whole table.
std::string MysqlFamilyDdl(const TableSpec& t, DdlDialect dialect);

}  // namespace ddl_internal
}  // namespace obkvlite

#endif  // OBKVLITE_DDL_DDL_INTERNAL_H_
