// Copyright (c) obkvlite authors.
//
// YCSB's key and request generators, so obkv-bench's workloads match the
// YCSB core workloads: keys "user<fnv64(i)>", a scrambled zipfian request
// distribution (constant 0.99) and uniform choices.
//
// Thread safety: a generator is used by one thread.

#ifndef OBKVLITE_TOOLS_BENCH_YCSB_H_
#define OBKVLITE_TOOLS_BENCH_YCSB_H_

#include <cstdint>
#include <random>
#include <string>

namespace obkvlite {
namespace bench {

// YCSB's FNV-1a 64-bit hash of a long (8 little-endian bytes folded as
// YCSB's Utils.fnvhash64 does).
uint64_t FnvHash64(uint64_t value);

// The YCSB "hashed" key of record i: "user" + decimal fnvhash64(i).
std::string YcsbKey(uint64_t i);
// The YCSB "ordered" key of record i (insertorder=ordered, zeropadding=19):
// "user" + i as 19 decimal digits, so loads append in key order.
std::string YcsbOrderedKey(uint64_t i);

// YCSB's ZipfianGenerator over [0, items) with the given constant.
class ZipfianGenerator {
 public:
  ZipfianGenerator(uint64_t items, double constant, uint64_t seed);
  uint64_t Next();

 private:
  uint64_t items_;
  double theta_;
  double zeta2_;
  double alpha_;
  double zetan_;
  double eta_;
  std::mt19937_64 rng_;
  std::uniform_real_distribution<double> uniform_{0.0, 1.0};
};

// YCSB's ScrambledZipfianGenerator: zipfian popularity, hashed so the
// popular items are spread over the key space.
class ScrambledZipfian {
 public:
  ScrambledZipfian(uint64_t items, uint64_t seed);
  uint64_t Next();

 private:
  uint64_t items_;
  ZipfianGenerator zipf_;
};

}  // namespace bench
}  // namespace obkvlite

#endif  // OBKVLITE_TOOLS_BENCH_YCSB_H_
