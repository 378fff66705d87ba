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
// it has none); TTL is HBase's human-readable form ('FOREVER' without
// one); VALUE_TYPE is the OceanBase type of V; PARTITIONING is the
// family's OceanBase partitioning and TABLES its physical tables.
//
// Thread safety: pure functions.

#ifndef OBKVLITE_TOOLS_CLI_SHELL_DESCRIBE_H_
#define OBKVLITE_TOOLS_CLI_SHELL_DESCRIBE_H_

#include <cstdint>
#include <string>

#include "obkvlite/spec.h"

namespace obkvlite {
namespace cli {

// HBase's PrettyPrinter form of a TTL in seconds: "FOREVER" (0),
// "1 SECOND", "59 SECONDS", "3600 SECONDS (1 HOUR)",
// "90061 SECONDS (1 DAY 1 HOUR 1 MINUTE 1 SECOND)".
std::string HumanReadableTtl(int64_t seconds);

// The whole describe output, newline-terminated lines.
std::string DescribeTable(const TableSpec& spec);

}  // namespace cli
}  // namespace obkvlite

#endif  // OBKVLITE_TOOLS_CLI_SHELL_DESCRIBE_H_
