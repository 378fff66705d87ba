// Copyright (c) obkvlite authors.
#include "tools/bench/ycsb.h"

#include <algorithm>
#include <cmath>

namespace obkvlite {
namespace bench {
namespace {

constexpr uint64_t kFnvOffsetBasis64 = 0xCBF29CE484222325ULL;
constexpr uint64_t kFnvPrime64 = 1099511628211ULL;
// YCSB's ScrambledZipfianGenerator uses a fixed item count for zeta.
constexpr uint64_t kScrambledItemCount = 10000000000ULL;
constexpr double kScrambledZetan = 26.46902820178302;

double Zeta(uint64_t n, double theta) {
  double sum = 0;
  for (uint64_t i = 0; i < n; ++i) sum += 1.0 / std::pow(i + 1, theta);
  return sum;
}

}  // namespace

uint64_t FnvHash64(uint64_t value) {
  // As YCSB's Utils.fnvhash64: fold the 8 bytes of the value, low first.
  uint64_t hash = kFnvOffsetBasis64;
  for (int i = 0; i < 8; ++i) {
    const uint64_t octet = value & 0xFF;
    value >>= 8;
    hash ^= octet;
    hash *= kFnvPrime64;
  }
  // YCSB returns Math.abs(hashval) of a signed long.
  const int64_t signed_hash = static_cast<int64_t>(hash);
  return signed_hash < 0 ? static_cast<uint64_t>(0) - hash : hash;
}

std::string YcsbKey(uint64_t i) {
  return "user" + std::to_string(FnvHash64(i));
}

std::string YcsbOrderedKey(uint64_t i) {
  std::string digits = std::to_string(i);
  return "user" + std::string(19 - std::min<size_t>(19, digits.size()), '0') +
         digits;
}

ZipfianGenerator::ZipfianGenerator(uint64_t items, double constant,
                                   uint64_t seed)
    : items_(items), theta_(constant), rng_(seed) {
  zeta2_ = Zeta(2, theta_);
  alpha_ = 1.0 / (1.0 - theta_);
  zetan_ = items == kScrambledItemCount ? kScrambledZetan : Zeta(items, theta_);
  eta_ = (1 - std::pow(2.0 / items_, 1 - theta_)) / (1 - zeta2_ / zetan_);
}

uint64_t ZipfianGenerator::Next() {
  const double u = uniform_(rng_);
  const double uz = u * zetan_;
  if (uz < 1.0) return 0;
  if (uz < 1.0 + std::pow(0.5, theta_)) return 1;
  return static_cast<uint64_t>(items_ * std::pow(eta_ * u - eta_ + 1, alpha_));
}

ScrambledZipfian::ScrambledZipfian(uint64_t items, uint64_t seed)
    : items_(items), zipf_(kScrambledItemCount, 0.99, seed) {}

uint64_t ScrambledZipfian::Next() { return FnvHash64(zipf_.Next()) % items_; }

}  // namespace bench
}  // namespace obkvlite
