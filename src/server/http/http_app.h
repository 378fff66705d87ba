// Copyright (c) obkvlite authors.
//
// HttpApp: everything `obkv rest start` serves on its one port, routed by
// path: /metrics (Prometheus, metrics/prometheus_text.h), /ui... (the web
// pages, web/ui_pages.h), and every other path to HBase's REST API
// (rest/rest_service.h). Each request is timed into the app's
// RequestMetrics. Handle catches nothing: HttpServer's one catch per
// request answers an exception with 500 (and it is recorded as 500).
//
// REQUIRED: the Store and the RequestMetrics outlive the app.
// Thread safety: Handle may be called from several threads at once.

#ifndef OBKVLITE_SERVER_HTTP_HTTP_APP_H_
#define OBKVLITE_SERVER_HTTP_HTTP_APP_H_

#include "obkvlite/store.h"
#include "server/common/http_message.h"
#include "server/http/info_app.h"
#include "server/metrics/request_metrics.h"
#include "server/rest/rest_service.h"

namespace obkvlite {
namespace http {

using server::HttpRequest;
using server::HttpResponse;

class HttpApp {
 public:
  HttpApp(Store* store, const rest::RestOptions& options,
          metrics::RequestMetrics* metrics);

  HttpResponse Handle(const HttpRequest& request);

  rest::RestService* service() { return &service_; }

 private:
  rest::RestService service_;
  InfoApp info_;  // /metrics and /ui
};

}  // namespace http
}  // namespace obkvlite

#endif  // OBKVLITE_SERVER_HTTP_HTTP_APP_H_
