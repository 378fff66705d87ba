// Copyright (c) obkvlite authors.
//
// Partition sizing and pre-split advice.
//
// AdvisePartitions follows seed 003: keep at most 100 GB per partition per
// replica, then pick the nearest recommended prime at or above the need
// from 23, 59, 97, 193, 389, 997. 24T with 3 replicas is 8T per replica,
// at least 80 partitions, so 97; planning for 50T gives 193. Sizes use
// decimal units (1T = 10^12 bytes), which reproduces the seed's numbers.
//
// ComputeSplitPoints computes HBase pre-split points exactly as
// org.apache.hadoop.hbase.util.RegionSplitter's HexStringSplit,
// DecimalStringSplit and UniformSplit do (split(n), with setFirstRow /
// setLastRow), for users who stay on HBase.
//
// Thread safety: pure functions, safe from any thread.

#ifndef OBKVLITE_ADVISE_H_
#define OBKVLITE_ADVISE_H_

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "obkvlite/status.h"

namespace obkvlite {

// ---- Partition sizing ----

// Seed 003: at most 100 GB per partition per replica.
inline constexpr uint64_t kBytesPerPartitionReplica = 100000000000ULL;
// Seed 003's recommended KEY partition counts, ascending.
inline constexpr int kRecommendedPartitionCounts[] = {23,  59,  97,
                                                      193, 389, 997};

// Parses a size: a number (digits, optionally a fraction) and a unit:
// B, K/KB, M/MB, G/GB, T/TB, P/PB (powers of 1000) or KiB, MiB, GiB, TiB,
// PiB (powers of 1024); no unit means bytes. Case-insensitive. Errors name
// `field`, e.g. "--data-size: expected a size such as 24T, got \"24X\"".
Result<uint64_t> ParseDataSize(std::string_view text, std::string_view field);

// Bytes in the largest decimal unit with at most two decimals: "24T",
// "16.67T", "512G", "999B".
std::string FormatDataSize(uint64_t bytes);

struct PartitionAdvice {
  uint64_t data_bytes = 0;
  std::optional<uint64_t> growth_bytes;
  int replicas = 1;
  uint64_t basis_bytes = 0;        // max(data, growth): what is sized for
  uint64_t per_replica_bytes = 0;  // basis / replicas, rounded up
  int64_t needed = 0;   // ceil(basis / (replicas * 100 GB)), at least 1
  int recommended = 0;  // the recommended prime >= needed, or, above 997,
                        // the smallest prime >= needed
  std::vector<std::string> warnings;  // above 997, above 8192
};

// REQUIRED nothing; errors: data_bytes == 0, replicas outside 1..16, a
// growth smaller than the data.
Result<PartitionAdvice> AdvisePartitions(uint64_t data_bytes, int replicas,
                                         std::optional<uint64_t> growth_bytes);

// ---- HBase RegionSplitter ----

enum class SplitAlgorithm { kHexString, kDecimalString, kUniform };

// "hex" / "HexStringSplit", "decimal" / "DecimalStringSplit", "uniform" /
// "UniformSplit"; anything else is an InvalidArgument naming `field`.
Result<SplitAlgorithm> ParseSplitAlgorithm(std::string_view name,
                                           std::string_view field);

struct SplitOptions {
  SplitAlgorithm algorithm = SplitAlgorithm::kHexString;
  int regions = 2;  // numRegions, 2..65536
  // setFirstRow / setLastRow: hex or decimal digits for the string splits
  // (defaults "00000000" and "FFFFFFFF" / "99999999"), Bytes.toStringBinary
  // text for UniformSplit (defaults "" and eight \xFF).
  std::optional<std::string> first_row;
  std::optional<std::string> last_row;
};

// The regions - 1 split points as raw bytes, in order; print them with
// ToStringBinary as RegionSplitter's rowToStr does. Errors as HBase's
// preconditions: last row not above first row, a range smaller than the
// number of regions, digits invalid for the radix.
Result<std::vector<std::string>> ComputeSplitPoints(
    const SplitOptions& options);

}  // namespace obkvlite

#endif  // OBKVLITE_ADVISE_H_
