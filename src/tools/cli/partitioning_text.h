// Copyright (c) obkvlite authors.
//
// A family's partitioning in the terms of the OceanBase DDL, as `obkv
// describe` and the shell's describe print it, e.g.
//   KEY(K) PARTITIONS 97, hash oceanbase
//   RANGE COLUMNS(G) (100, MAXVALUE) SUBPARTITION BY KEY(K) SUBPARTITIONS 7,
//   hash oceanbase
//   none
//
// Thread safety: pure function.

#ifndef OBKVLITE_TOOLS_CLI_PARTITIONING_TEXT_H_
#define OBKVLITE_TOOLS_CLI_PARTITIONING_TEXT_H_

#include <string>

#include "obkvlite/spec.h"

namespace obkvlite {
namespace cli {

std::string PartitioningText(const PartitionSpec& partition);

}  // namespace cli
}  // namespace obkvlite

#endif  // OBKVLITE_TOOLS_CLI_PARTITIONING_TEXT_H_
