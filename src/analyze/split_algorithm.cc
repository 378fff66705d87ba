// Copyright (c) obkvlite authors.
//
// Choosing a RegionSplitter algorithm and computing its split points.

#include "analyze/region_split.h"

namespace obkvlite {

Result<SplitAlgorithm> ParseSplitAlgorithm(std::string_view name,
                                           std::string_view field) {
  if (name == "hex" || name == "HexStringSplit") {
    return SplitAlgorithm::kHexString;
  }
  if (name == "decimal" || name == "DecimalStringSplit") {
    return SplitAlgorithm::kDecimalString;
  }
  if (name == "uniform" || name == "UniformSplit") {
    return SplitAlgorithm::kUniform;
  }
  return Status::InvalidArgument(
      std::string(field) +
      ": must be hex (HexStringSplit), decimal (DecimalStringSplit) or "
      "uniform (UniformSplit), got \"" +
      std::string(name) + "\"");
}

Result<std::vector<std::string>> ComputeSplitPoints(
    const SplitOptions& options) {
  if (options.regions < 2 || options.regions > 65536) {
    return Status::InvalidArgument(
        "regions: must be between 2 and 65536 (one region needs no split "
        "points), got " +
        std::to_string(options.regions));
  }
  switch (options.algorithm) {
    case SplitAlgorithm::kHexString:
      return analyze_internal::NumberStringSplit(options, 16);
    case SplitAlgorithm::kDecimalString:
      return analyze_internal::NumberStringSplit(options, 10);
    case SplitAlgorithm::kUniform:
      return analyze_internal::UniformSplit(options);
  }
  return Status::InvalidArgument("split: unknown algorithm");
}

}  // namespace obkvlite
