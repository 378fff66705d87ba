// Copyright (c) obkvlite authors.
#include "tools/bench/stats_overhead.h"

#include <sys/stat.h>

#include <algorithm>
#include <chrono>
#include <memory>
#include <random>
#include <vector>

namespace obkvlite {
namespace bench {
namespace {

using Clock = std::chrono::steady_clock;

// Seconds `fn` takes.
template <typename Fn>
Result<double> Time(Fn&& fn) {
  const auto t0 = Clock::now();
  OBKV_RETURN_IF_ERROR(fn());
  return std::chrono::duration<double>(Clock::now() - t0).count();
}

// Runs `work(arm)` on both arms, `first` first; returns t_off / t_on.
template <typename Work>
Result<double> Paired(BenchArm* on, BenchArm* off, bool on_first, Work&& work) {
  double t_on = 0, t_off = 0;
  for (int k = 0; k < 2; ++k) {
    const bool run_on = (k == 0) == on_first;
    OBKV_ASSIGN_OR_RETURN(double t,
                          Time([&] { return work(run_on ? on : off); }));
    (run_on ? t_on : t_off) = t;
  }
  return t_on > 0 ? t_off / t_on : 0;
}

}  // namespace

double Median(std::vector<double> v) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  return v.size() % 2 ? v[v.size() / 2]
                      : (v[v.size() / 2 - 1] + v[v.size() / 2]) / 2;
}

Result<OverheadRatios> MeasureStatsOverhead(const std::string& arm,
                                            const std::string& dir,
                                            const StoreOptions& options,
                                            const OverheadWorkload& w,
                                            uint64_t seed) {
  return MeasurePairOverhead(w.noise_floor ? arm + kNoStatsSuffix : arm,
                             arm + kNoStatsSuffix, dir, options, w, seed);
}

Result<OverheadRatios> MeasurePairOverhead(const std::string& on_arm,
                                           const std::string& off_arm,
                                           const std::string& dir,
                                           const StoreOptions& options,
                                           const OverheadWorkload& w,
                                           uint64_t seed) {
  std::unique_ptr<BenchArm> on = NewObkvArm(on_arm);
  std::unique_ptr<BenchArm> off = NewObkvArm(off_arm);
  const std::string on_dir = dir + "/on", off_dir = dir + "/off";
  ::mkdir(on_dir.c_str(), 0700);
  ::mkdir(off_dir.c_str(), 0700);
  OBKV_RETURN_IF_ERROR(on->Open(on_dir, options).WithPrefix("open"));
  OBKV_RETURN_IF_ERROR(off->Open(off_dir, options).WithPrefix("open"));
  OverheadRatios out;

  std::vector<double> ratios;
  const uint64_t batches = (w.rows + kRowsPerBatch - 1) / kRowsPerBatch;
  for (uint64_t b = 0; b < batches; ++b) {
    const RowBatch batch = w.batch(b);
    OBKV_ASSIGN_OR_RETURN(double r,
                          Paired(on.get(), off.get(), b % 2 == 0,
                                 [&](BenchArm* a) { return a->Load(batch); }));
    ratios.push_back(r);
  }
  out.put = Median(ratios);

  std::mt19937_64 rng(seed);
  std::uniform_int_distribution<uint64_t> uniform(0, w.rows - 1);
  // Rounds of `per_round` requests at random keys, the same on both arms;
  // the median ratio.
  auto rounds =
      [&](int64_t per_round,
          const std::function<Status(BenchArm*, const std::string&)>& request)
      -> Result<double> {
    std::vector<double> r;
    for (int round = 0; round < w.rounds; ++round) {
      std::vector<std::string> keys;
      for (int64_t i = 0; i < per_round; ++i) {
        keys.push_back(w.key(uniform(rng)));
      }
      OBKV_ASSIGN_OR_RETURN(
          double ratio,
          Paired(on.get(), off.get(), round % 2 == 0, [&](BenchArm* a) {
            for (const std::string& key : keys) {
              OBKV_RETURN_IF_ERROR(request(a, key));
            }
            return Status::OK();
          }));
      r.push_back(ratio);
    }
    return Median(r);
  };
  const std::string value(kDefaultValueBytes, 'u');
  OBKV_ASSIGN_OR_RETURN(
      out.update,
      rounds(w.updates_per_round, [&](BenchArm* a, const std::string& k) {
        return a->Update(k, "field0", value, 2);
      }));
  OBKV_ASSIGN_OR_RETURN(
      out.get, rounds(w.gets_per_round, [](BenchArm* a, const std::string& k) {
        return a->GetRow(k).status();
      }));
  OBKV_ASSIGN_OR_RETURN(out.scan, rounds(w.scans_per_round,
                                         [](BenchArm* a, const std::string& k) {
                                           return a->ScanRows(k, 100).status();
                                         }));
  return out;
}

}  // namespace bench
}  // namespace obkvlite
