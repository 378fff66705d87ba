// Copyright (c) obkvlite authors.
//
// GET /metrics: the Prometheus text exposition format (version 0.0.4):
//   obkv_store_info{engine,version}                       gauge, 1
//   obkv_partition_requests_total{engine,table,family,partition,kind}
//       counter, kind read|write|delete (Store::RequestStats: every
//       process's flushed counts and this one's pending ones)
//   obkv_partition_cells_total{engine,table,family,partition,kind}
//       counter, kind read|written
//   obkv_partition_bytes_written_total{engine,table,family,partition}
//   obkv_hotkey_requests_total{engine,table,type,key}     counter, the top
//       10 row keys per table and hot-key type (Store::HotKeys; type
//       query|insert|delete|update, key in Bytes.toStringBinary form)
//   obkv_hotkey_error{engine,table,type}                  gauge, their
//       error bound
//   obkv_operation_duration_seconds{engine,surface,op}    histogram
//       (Store::OperationStats; server/metrics/operation_metrics.h)
//   obkv_G_requests_total{operation,code}                 counter
//   obkv_G_request_duration_seconds{operation}            histogram
//   obkv_G_open_scanners, obkv_G_connections              gauges
//   obkv_G_expired_scanners_total                         counter
//   obkv_G_uptime_seconds                                 gauge
// where G is the gateway (ServerGauges::gateway): rest, thrift or thrift2;
// a Thrift gateway's operation is its method, its code 200 or the HTTP
// status of the same failure (server/thrift/call_metrics.h).
// Label values are escaped as the format requires (\\, \", \n).
//
// Thread safety: as the Store.

#ifndef OBKVLITE_SERVER_METRICS_PROMETHEUS_TEXT_H_
#define OBKVLITE_SERVER_METRICS_PROMETHEUS_TEXT_H_

#include <cstdint>
#include <string>

#include "obkvlite/store.h"
#include "server/metrics/request_metrics.h"

namespace obkvlite {
namespace metrics {

struct ServerGauges {
  const char* gateway = "rest";  // names the metrics: obkv_rest_...
  int open_scanners = 0;
  int64_t expired_scanners = 0;
};

// The whole exposition. A table whose statistics cannot be read is skipped
// (its error counted in obkv_metrics_errors_total), as are the operation
// statistics when they cannot be read.
std::string RenderPrometheus(Store* store, const RequestMetrics& metrics,
                             const ServerGauges& gauges);

// `value` escaped for a label value.
std::string EscapeLabelValue(const std::string& value);

}  // namespace metrics
}  // namespace obkvlite

#endif  // OBKVLITE_SERVER_METRICS_PROMETHEUS_TEXT_H_
