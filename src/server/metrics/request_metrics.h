// Copyright (c) obkvlite authors.
//
// What the HTTP server measures about its own requests, for /metrics and
// /ui/status: per operation ("row_get", "scanner_next", ...) a count by
// HTTP status class and a latency histogram; per kind (read, write,
// delete, scan, admin, ui) a one-minute window of requests per second;
// and the connections open now. The store's per-partition counts come
// from the store itself (Store::RequestStats), not from here.
//
// Thread safety: every method may be called from any thread.

#ifndef OBKVLITE_SERVER_METRICS_REQUEST_METRICS_H_
#define OBKVLITE_SERVER_METRICS_REQUEST_METRICS_H_

#include <array>
#include <atomic>
#include <cstdint>
#include <map>
#include <mutex>
#include <string>
#include <vector>

namespace obkvlite {
namespace metrics {

// Upper bounds (seconds) of the latency histogram buckets; +Inf follows.
inline constexpr std::array<double, 14> kLatencyBuckets = {
    0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05,
    0.1,    0.25,  0.5,    1,     2.5,  5,     10};

enum class RequestKind { kRead, kWrite, kDelete, kScan, kAdmin, kUi };
inline constexpr int kRequestKinds = 6;

// "read", "write", "delete", "scan", "admin", "ui".
const char* RequestKindName(RequestKind kind);

struct OperationStats {
  RequestKind kind = RequestKind::kAdmin;
  std::map<int, int64_t> by_status;  // HTTP status -> requests
  std::array<int64_t, kLatencyBuckets.size() + 1> buckets{};  // not cumulative
  double seconds_sum = 0;
  int64_t count = 0;
};

class RequestMetrics {
 public:
  RequestMetrics();

  // One finished request of `operation` (a fixed name) and `kind`.
  void Record(const std::string& operation, RequestKind kind, int status,
              double seconds);
  void ConnectionOpened() { ++connections_; }
  void ConnectionClosed() { --connections_; }

  // Every operation seen so far, by name.
  std::map<std::string, OperationStats> Operations() const;
  // Requests per second of each kind over the last minute.
  std::array<double, kRequestKinds> RatesPerSecond() const;
  // Requests of each kind since the start.
  std::array<int64_t, kRequestKinds> TotalsByKind() const;
  int64_t connections() const { return connections_.load(); }
  // Seconds since construction.
  double UptimeSeconds() const;
  // Wall-clock start, ms since the epoch.
  int64_t start_ms() const { return start_ms_; }

 private:
  static constexpr int kWindow = 60;  // seconds
  mutable std::mutex mu_;
  std::map<std::string, OperationStats> ops_;
  // Per kind, per second slot of the window: the slot's second and count.
  std::array<std::array<int64_t, kWindow>, kRequestKinds> slot_second_{};
  std::array<std::array<int64_t, kWindow>, kRequestKinds> slot_count_{};
  std::array<int64_t, kRequestKinds> totals_{};
  std::atomic<int64_t> connections_{0};
  const int64_t start_ms_;
  const int64_t start_steady_ns_;
};

}  // namespace metrics
}  // namespace obkvlite

#endif  // OBKVLITE_SERVER_METRICS_REQUEST_METRICS_H_
