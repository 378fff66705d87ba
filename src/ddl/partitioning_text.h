// Copyright (c) obkvlite authors.
//
// A family's partitioning on one line, in the terms of the OceanBase DDL
// (seed 003): the one renderer behind `obkv describe`, the shell's describe
// and the analyze and request reports. Two levels of detail:
//   kBounds (describe):
//     KEY(K_PREFIX = substring(K, 1, 4)) PARTITIONS 97, hash oceanbase
//     RANGE COLUMNS(G) (100, MAXVALUE) SUBPARTITION BY KEY(K)
//     SUBPARTITIONS 7, hash oceanbase
//   kCounts (reports: how many partitions, not where they split):
//     RANGE COLUMNS(K), 5 partitions
//     RANGE COLUMNS(G), 3 partitions x KEY(K) SUBPARTITIONS 7, hash oceanbase
// An unpartitioned family is "none" in both, as the spec writes it.
//
// Thread safety: pure function.

#ifndef OBKVLITE_DDL_PARTITIONING_TEXT_H_
#define OBKVLITE_DDL_PARTITIONING_TEXT_H_

#include <string>

#include "obkvlite/spec.h"

namespace obkvlite {

enum class PartitioningDetail { kBounds, kCounts };

std::string PartitioningText(const PartitionSpec& partition,
                             PartitioningDetail detail);

}  // namespace obkvlite

#endif  // OBKVLITE_DDL_PARTITIONING_TEXT_H_
