// Copyright (c) obkvlite authors.
//
// InfoApp: the operator's view of a gateway over HTTP, the part every
// gateway shares: /metrics (Prometheus, metrics/prometheus_text.h) and the
// /ui pages (web/ui_pages.h), each request timed into the gateway's
// RequestMetrics. `obkv rest start` serves it beside HBase's REST API on
// its one port (HttpApp); `obkv thrift start --info-port` on a port of its
// own, as HBase's Thrift server serves its info pages on 9095.
//
// REQUIRED: the Store and the RequestMetrics outlive the app.
// Thread safety: Handle may be called from several threads at once.

#ifndef OBKVLITE_SERVER_HTTP_INFO_APP_H_
#define OBKVLITE_SERVER_HTTP_INFO_APP_H_

#include <functional>
#include <optional>
#include <string>

#include "obkvlite/store.h"
#include "server/common/http_message.h"
#include "server/metrics/prometheus_text.h"
#include "server/metrics/request_metrics.h"

namespace obkvlite {
namespace http {

struct InfoOptions {
  // Names the gateway's metrics (obkv_rest_..., obkv_thrift_...).
  const char* gateway = "rest";
  // The address the gateway serves ("host:port"), which /ui shows.
  std::string listen;
  bool read_only = false;
  // The gateway's scanners now (open, expired); none when empty.
  std::function<metrics::ServerGauges()> scanners;
};

class InfoApp {
 public:
  InfoApp(Store* store, InfoOptions options, metrics::RequestMetrics* metrics)
      : store_(store), options_(std::move(options)), metrics_(metrics) {}

  // The answer for /metrics and the /ui pages; nullopt for any other path.
  std::optional<server::HttpResponse> Handle(
      const server::HttpRequest& request);

 private:
  metrics::ServerGauges Gauges() const;
  server::HttpResponse Metrics(const server::HttpRequest& request);
  server::HttpResponse Ui(const server::HttpRequest& request,
                          const std::string& path);

  Store* const store_;
  const InfoOptions options_;
  metrics::RequestMetrics* const metrics_;
};

}  // namespace http
}  // namespace obkvlite

#endif  // OBKVLITE_SERVER_HTTP_INFO_APP_H_
