// Copyright (c) obkvlite authors.
#include "server/metrics/request_metrics.h"

#include <chrono>

namespace obkvlite {
namespace metrics {
namespace {

int64_t SteadyNs() {
  return std::chrono::duration_cast<std::chrono::nanoseconds>(
             std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

int64_t NowSecond() { return SteadyNs() / 1000000000; }

}  // namespace

const char* RequestKindName(RequestKind kind) {
  switch (kind) {
    case RequestKind::kRead:
      return "read";
    case RequestKind::kWrite:
      return "write";
    case RequestKind::kDelete:
      return "delete";
    case RequestKind::kScan:
      return "scan";
    case RequestKind::kAdmin:
      return "admin";
    case RequestKind::kUi:
      return "ui";
  }
  return "admin";
}

RequestMetrics::RequestMetrics()
    : start_ms_(std::chrono::duration_cast<std::chrono::milliseconds>(
                    std::chrono::system_clock::now().time_since_epoch())
                    .count()),
      start_steady_ns_(SteadyNs()) {}

void RequestMetrics::Record(const std::string& operation, RequestKind kind,
                            int status, double seconds) {
  size_t bucket = 0;
  while (bucket < kLatencyBuckets.size() && seconds > kLatencyBuckets[bucket]) {
    ++bucket;
  }
  const int k = static_cast<int>(kind);
  const int64_t second = NowSecond();
  const int slot = static_cast<int>(second % kWindow);
  util::MutexLock lock(&mu_);
  OperationStats& op = ops_[operation];
  op.kind = kind;
  ++op.by_status[status];
  ++op.buckets[bucket];
  op.seconds_sum += seconds;
  ++op.count;
  if (slot_second_[k][slot] != second) {
    slot_second_[k][slot] = second;
    slot_count_[k][slot] = 0;
  }
  ++slot_count_[k][slot];
  ++totals_[k];
}

std::map<std::string, OperationStats> RequestMetrics::Operations() const {
  util::MutexLock lock(&mu_);
  return ops_;
}

std::array<double, kRequestKinds> RequestMetrics::RatesPerSecond() const {
  const int64_t now = NowSecond();
  std::array<double, kRequestKinds> out{};
  util::MutexLock lock(&mu_);
  for (int k = 0; k < kRequestKinds; ++k) {
    int64_t sum = 0;
    for (int s = 0; s < kWindow; ++s) {
      if (slot_second_[k][s] > now - kWindow) sum += slot_count_[k][s];
    }
    out[k] = static_cast<double>(sum) / kWindow;
  }
  return out;
}

std::array<int64_t, kRequestKinds> RequestMetrics::TotalsByKind() const {
  util::MutexLock lock(&mu_);
  return totals_;
}

double RequestMetrics::UptimeSeconds() const {
  return static_cast<double>(SteadyNs() - start_steady_ns_) / 1e9;
}

ScopedRequestRecord::ScopedRequestRecord(RequestMetrics* metrics,
                                         const char* operation,
                                         RequestKind kind)
    : metrics_(metrics),
      start_(std::chrono::steady_clock::now()),
      operation_(operation),
      kind_(kind) {}

ScopedRequestRecord::~ScopedRequestRecord() {
  if (metrics_ == nullptr) return;
  metrics_->Record(
      operation_, kind_, status_,
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start_)
          .count());
}

}  // namespace metrics
}  // namespace obkvlite
