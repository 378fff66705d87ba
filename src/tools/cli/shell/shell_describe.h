// Copyright (c) obkvlite authors.
//
// The shell's describe, in HBase shell's descriptor style:
//   Table t is ENABLED
//   t
//   COLUMN FAMILIES DESCRIPTION
//   {NAME => 'f', VERSIONS => '3', TTL => '3600 SECONDS (1 HOUR)', ...}
//     PARTITIONING => 'KEY(K) PARTITIONS 7, hash oceanbase', TABLES => '7'
//   1 row(s)
// VERSIONS is the family's MaxVersions ('2147483647', HBase's "all", when
// it has none); TTL is HBase's human-readable form (hbase_ttl.h); VALUE_TYPE
// is the OceanBase type of V; then the family's HBase attributes without
// effect (spec "hbase_attributes") in name order, METADATA => {...} and
// CONFIGURATION => {...} last, as ColumnFamilyDescriptor prints them;
// PARTITIONING is the family's OceanBase partitioning and TABLES its
// physical tables. A line
//     NOTE => 'no effect in obkvlite or OBKV-HBase: BLOOMFILTER, ...'
// follows a family (or the table line, whose attributes print as
// t, {TABLE_ATTRIBUTES => {OWNER => 'bob', METADATA => {'k' => 'v'}}})
// that has such attributes. The family map reads back in create.
//
// Thread safety: pure functions.

#ifndef OBKVLITE_TOOLS_CLI_SHELL_SHELL_DESCRIBE_H_
#define OBKVLITE_TOOLS_CLI_SHELL_SHELL_DESCRIBE_H_

#include <string>

#include "obkvlite/spec.h"

namespace obkvlite {
namespace cli {

// The whole describe output, newline-terminated lines.
std::string DescribeTable(const TableSpec& spec);

}  // namespace cli
}  // namespace obkvlite

#endif  // OBKVLITE_TOOLS_CLI_SHELL_SHELL_DESCRIBE_H_
