// Copyright (c) obkvlite authors.
#include "server/http/http_app.h"

#include "server/metrics/prometheus_text.h"
#include "server/web/ui_pages.h"

namespace obkvlite {
namespace http {
namespace {

std::string PathOf(const std::string& target) {
  return target.substr(0, target.find('?'));
}

}  // namespace

HttpApp::HttpApp(Store* store, const rest::RestOptions& options,
                 metrics::RequestMetrics* metrics)
    : store_(store), metrics_(metrics), service_(store, options, metrics) {}

HttpResponse HttpApp::Handle(const HttpRequest& request) {
  const std::string path = PathOf(request.target);
  if (path == "/metrics") {
    return Timed("metrics", metrics::RequestKind::kUi, request,
                 &HttpApp::Metrics);
  }
  if (web::IsUiPath(path)) {
    return Timed("ui", metrics::RequestKind::kUi, request, &HttpApp::Ui);
  }
  return service_.Handle(request);
}

HttpResponse HttpApp::Timed(const char* operation, metrics::RequestKind kind,
                            const HttpRequest& request,
                            HttpResponse (HttpApp::*page)(const HttpRequest&)) {
  metrics::ScopedRequestRecord record(metrics_, operation, kind);
  HttpResponse r = (this->*page)(request);
  record.set_status(r.status);
  return r;
}

HttpResponse HttpApp::Metrics(const HttpRequest& request) {
  if (request.method != "GET" && request.method != "HEAD") {
    return HttpResponse::Text(405, "Method not allowed");
  }
  metrics::ServerGauges gauges;
  gauges.open_scanners = service_.open_scanners();
  gauges.expired_scanners = service_.expired_scanners();
  HttpResponse r;
  r.content_type = "text/plain; version=0.0.4; charset=utf-8";
  r.body = metrics::RenderPrometheus(store_, *metrics_, gauges);
  return r;
}

HttpResponse HttpApp::Ui(const HttpRequest& request) {
  web::UiContext ctx;
  ctx.store = store_;
  ctx.metrics = metrics_;
  ctx.open_scanners = service_.open_scanners();
  ctx.expired_scanners = service_.expired_scanners();
  ctx.listen = service_.options().location;
  ctx.read_only = service_.options().read_only;
  return web::RenderUiPage(ctx, request.method, PathOf(request.target));
}

}  // namespace http
}  // namespace obkvlite
