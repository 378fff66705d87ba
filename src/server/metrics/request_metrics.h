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
#include <chrono>
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "util/mutex.h"
#include "util/thread_annotations.h"

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
  mutable util::Mutex mu_;
  std::map<std::string, OperationStats> ops_ OBKV_GUARDED_BY(mu_);
  // Per kind, per second slot of the window: the slot's second and count.
  std::array<std::array<int64_t, kWindow>, kRequestKinds> slot_second_
      OBKV_GUARDED_BY(mu_){};
  std::array<std::array<int64_t, kWindow>, kRequestKinds> slot_count_
      OBKV_GUARDED_BY(mu_){};
  std::array<int64_t, kRequestKinds> totals_ OBKV_GUARDED_BY(mu_){};
  std::atomic<int64_t> connections_{0};
  const int64_t start_ms_;
  const int64_t start_steady_ns_;
};

// Times one request into `metrics` (may be null: nothing is recorded),
// recording it when it goes out of scope with the operation, kind and
// status last set. Status stays 500 unless set: a request that ends by an
// exception is recorded as the host answers it (http/http_server.h).
//
//   ScopedRequestRecord record(metrics, "bad_request", RequestKind::kAdmin);
//   record.set_operation("row_get", RequestKind::kRead);
//   record.set_status(response.status);
//
// Thread safety: belongs to the thread serving the request.
class ScopedRequestRecord {
 public:
  ScopedRequestRecord(RequestMetrics* metrics, const char* operation,
                      RequestKind kind);
  ~ScopedRequestRecord();
  ScopedRequestRecord(const ScopedRequestRecord&) = delete;
  ScopedRequestRecord& operator=(const ScopedRequestRecord&) = delete;

  void set_operation(const char* operation, RequestKind kind) {
    operation_ = operation;
    kind_ = kind;
  }
  void set_status(int status) { status_ = status; }

 private:
  RequestMetrics* const metrics_;
  const std::chrono::steady_clock::time_point start_;
  const char* operation_;
  RequestKind kind_;
  int status_ = 500;
};

}  // namespace metrics
}  // namespace obkvlite

#endif  // OBKVLITE_SERVER_METRICS_REQUEST_METRICS_H_
