// Copyright (c) obkvlite authors.
#include "tools/bench/rss_sampler.h"

#include <fcntl.h>
#include <unistd.h>

#include <cstdlib>
#include <cstring>

namespace obkvlite {
namespace bench {
namespace {

// RssAnon of the status file open on `fd`, in MiB (0 when absent). pread
// at offset 0 has /proc regenerate the file without reopening it.
double ReadRssAnonMiB(int fd) {
  char buf[4096];
  const ssize_t n = pread(fd, buf, sizeof buf - 1, 0);
  if (n <= 0) return 0;
  buf[n] = '\0';
  const char* field = std::strstr(buf, "\nRssAnon:");
  if (field == nullptr) return 0;
  return std::strtod(field + std::strlen("\nRssAnon:"), nullptr) / 1024.0;
}

void Raise(std::atomic<double>* peak, double v) {
  double seen = peak->load();
  while (v > seen && !peak->compare_exchange_weak(seen, v)) {
  }
}

}  // namespace

double RssAnonMiB() {
  const int fd = open("/proc/self/status", O_RDONLY | O_CLOEXEC);
  if (fd < 0) return 0;
  const double v = ReadRssAnonMiB(fd);
  close(fd);
  return v;
}

void PeakRssAnonSampler::Start() {
  Stop();
  peak_mib_ = RssAnonMiB();
  running_ = true;
  thread_ = std::thread([this] {
    const int fd = open("/proc/self/status", O_RDONLY | O_CLOEXEC);
    if (fd < 0) return;
    while (running_) {
      Raise(&peak_mib_, ReadRssAnonMiB(fd));
      std::this_thread::sleep_for(period_);
    }
    close(fd);
  });
}

double PeakRssAnonSampler::Stop() {
  if (thread_.joinable()) {
    running_ = false;
    thread_.join();
    Raise(&peak_mib_, RssAnonMiB());
  }
  return peak_mib_;
}

}  // namespace bench
}  // namespace obkvlite
