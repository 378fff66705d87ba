// Copyright (c) obkvlite authors.
//
// Peak anonymous resident memory of the process over a stretch of work
// (obkv-bench's full-scan memory figure). RssAnon counts the heap and
// other private memory, not file pages mapped by mmap (those are the OS
// page cache, which RssFile and VmHWM include). Linux keeps no high-water
// mark of RssAnon, so a thread of the sampler's own reads it from
// /proc/self/status every period, and once more at Stop.
//
// Thread safety: Start and Stop are called by one thread; the sampling
// thread only reads /proc.

#ifndef OBKVLITE_TOOLS_BENCH_RSS_SAMPLER_H_
#define OBKVLITE_TOOLS_BENCH_RSS_SAMPLER_H_

#include <atomic>
#include <chrono>
#include <thread>

namespace obkvlite {
namespace bench {

// The process's RssAnon now, in MiB (0 when /proc has none).
double RssAnonMiB();

class PeakRssAnonSampler {
 public:
  explicit PeakRssAnonSampler(
      std::chrono::microseconds period = std::chrono::microseconds(1000))
      : period_(period) {}
  PeakRssAnonSampler(const PeakRssAnonSampler&) = delete;
  PeakRssAnonSampler& operator=(const PeakRssAnonSampler&) = delete;
  ~PeakRssAnonSampler() { Stop(); }

  // Starts sampling (from a peak of the current value).
  void Start();
  // Stops sampling, takes a last sample and returns the peak in MiB.
  // Returns the last peak when not sampling.
  double Stop();

 private:
  std::chrono::microseconds period_;
  std::atomic<bool> running_{false};
  std::atomic<double> peak_mib_{0};
  std::thread thread_;
};

}  // namespace bench
}  // namespace obkvlite

#endif  // OBKVLITE_TOOLS_BENCH_RSS_SAMPLER_H_
