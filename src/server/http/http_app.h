// Copyright (c) obkvlite authors.
//
// RestApp: everything `obkv rest start` serves on its one port, routed by
// path: /metrics (Prometheus, metrics/prometheus_text.h), /ui... (the web
// pages, web/ui_pages.h), and every other path to HBase's REST API
// (rest_service.h). Each request is timed into the app's RequestMetrics.
//
// REQUIRED: the Store and the RequestMetrics outlive the app.
// Thread safety: Handle may be called from several threads at once.

#ifndef OBKVLITE_SERVER_HTTP_HTTP_APP_H_
#define OBKVLITE_SERVER_HTTP_HTTP_APP_H_

#include "obkvlite/store.h"
#include "server/common/http_message.h"
#include "server/metrics/request_metrics.h"
#include "server/rest/rest_service.h"

namespace obkvlite {
namespace rest {

class RestApp {
 public:
  RestApp(Store* store, const RestOptions& options,
          metrics::RequestMetrics* metrics);

  HttpResponse Handle(const HttpRequest& request);

  RestService* service() { return &service_; }

 private:
  HttpResponse Timed(const char* operation, metrics::RequestKind kind,
                     const HttpRequest& request,
                     HttpResponse (RestApp::*page)(const HttpRequest&));
  HttpResponse Metrics(const HttpRequest& request);
  HttpResponse Ui(const HttpRequest& request);

  Store* const store_;
  metrics::RequestMetrics* const metrics_;
  RestService service_;
};

}  // namespace rest
}  // namespace obkvlite

#endif  // OBKVLITE_SERVER_HTTP_HTTP_APP_H_
