// Copyright (c) obkvlite authors.
#include "server/http/http_app.h"

namespace obkvlite {
namespace http {

HttpApp::HttpApp(Store* store, const rest::RestOptions& options,
                 metrics::RequestMetrics* metrics)
    : service_(store, options, metrics),
      info_(store,
            InfoOptions{"rest", options.location, options.read_only,
                        [this] {
                          metrics::ServerGauges gauges;
                          gauges.open_scanners = service_.open_scanners();
                          gauges.expired_scanners = service_.expired_scanners();
                          return gauges;
                        }},
            metrics) {}

HttpResponse HttpApp::Handle(const HttpRequest& request) {
  if (std::optional<HttpResponse> info = info_.Handle(request)) return *info;
  return service_.Handle(request);
}

}  // namespace http
}  // namespace obkvlite
