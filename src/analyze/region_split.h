// Copyright (c) obkvlite authors.
//
// Internal: the RegionSplitter algorithms behind ComputeSplitPoints, with
// OpenSSL's BIGNUM standing in for Java's BigInteger.
//
// Thread safety: pure functions, safe from any thread.

#ifndef OBKVLITE_ANALYZE_REGION_SPLIT_H_
#define OBKVLITE_ANALYZE_REGION_SPLIT_H_

#include <openssl/bn.h>

#include <memory>
#include <string>
#include <vector>

#include "obkvlite/advise.h"

namespace obkvlite {
namespace analyze_internal {

struct BnFree {
  void operator()(BIGNUM* bn) const { BN_free(bn); }
};
using Bn = std::unique_ptr<BIGNUM, BnFree>;

// A new BIGNUM set to 0, or nullptr when OpenSSL is out of memory.
Bn NewBn();

// HexStringSplit (radix 16) and DecimalStringSplit (radix 10).
Result<std::vector<std::string>> NumberStringSplit(const SplitOptions& options,
                                                   int radix);

// UniformSplit, via HBase's Bytes.split(first, last, true, regions - 1).
Result<std::vector<std::string>> UniformSplit(const SplitOptions& options);

}  // namespace analyze_internal
}  // namespace obkvlite

#endif  // OBKVLITE_ANALYZE_REGION_SPLIT_H_
