// Copyright (c) obkvlite authors.
//
// Partition counts (seed 003): at most 100 GB per partition per replica,
// rounded up to a recommended prime from 23, 59, 97, 193, 389, 997. 24T on
// 3 replicas is 8T per replica, at least 80 partitions: 97. Sized for 50T,
// 193.

#include "obkvlite/advise.h"

namespace obkvlite {
namespace {

bool IsPrime(int64_t n) {
  if (n < 2) return false;
  for (int64_t d = 2; d * d <= n; ++d) {
    if (n % d == 0) return false;
  }
  return true;
}

}  // namespace

Result<PartitionAdvice> AdvisePartitions(uint64_t data_bytes, int replicas,
                                         std::optional<uint64_t> growth_bytes) {
  if (data_bytes == 0) {
    return Status::InvalidArgument("data size: must be more than 0 bytes");
  }
  if (replicas < 1 || replicas > 16) {
    return Status::InvalidArgument("replicas: must be between 1 and 16, got " +
                                   std::to_string(replicas));
  }
  if (growth_bytes && *growth_bytes < data_bytes) {
    return Status::InvalidArgument(
        "growth: the planned size " + FormatDataSize(*growth_bytes) +
        " is smaller than the data size " + FormatDataSize(data_bytes));
  }
  PartitionAdvice a;
  a.data_bytes = data_bytes;
  a.growth_bytes = growth_bytes;
  a.replicas = replicas;
  a.basis_bytes = growth_bytes.value_or(data_bytes);
  a.per_replica_bytes = (a.basis_bytes + static_cast<uint64_t>(replicas) - 1) /
                        static_cast<uint64_t>(replicas);
  const unsigned __int128 unit =
      static_cast<unsigned __int128>(kBytesPerPartitionReplica) * replicas;
  a.needed = static_cast<int64_t>((a.basis_bytes + unit - 1) / unit);
  if (a.needed < 1) a.needed = 1;
  for (int count : kRecommendedPartitionCounts) {
    if (count >= a.needed) {
      a.recommended = count;
      return a;
    }
  }
  int64_t p = a.needed;
  while (!IsPrime(p)) ++p;
  a.recommended = static_cast<int>(p);
  a.warnings.push_back(
      std::to_string(a.needed) +
      " partitions are needed, more than 997, OBKV's recommended maximum "
      "(seed 003: do not exceed 997); use larger partitions or spread the "
      "data over several tables");
  if (p > 8192) {
    a.warnings.push_back(std::to_string(p) +
                         " partitions exceed 8192, the most a table spec "
                         "allows");
  }
  return a;
}

}  // namespace obkvlite
