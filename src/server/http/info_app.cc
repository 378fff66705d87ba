// Copyright (c) obkvlite authors.
#include "server/http/info_app.h"

#include "server/web/ui_pages.h"

namespace obkvlite {
namespace http {

using server::HttpRequest;
using server::HttpResponse;

namespace {

// `target` without its query.
std::string PathOf(const std::string& target) {
  return target.substr(0, target.find('?'));
}

}  // namespace

std::optional<HttpResponse> InfoApp::Handle(const HttpRequest& request) {
  const std::string path = PathOf(request.target);
  const bool metrics = path == "/metrics";
  if (!metrics && !web::IsUiPath(path)) return std::nullopt;
  metrics::ScopedRequestRecord record(metrics_, metrics ? "metrics" : "ui",
                                      metrics::RequestKind::kUi);
  HttpResponse r = metrics ? Metrics(request) : Ui(request, path);
  record.set_status(r.status);
  return r;
}

metrics::ServerGauges InfoApp::Gauges() const {
  metrics::ServerGauges gauges;
  if (options_.scanners) gauges = options_.scanners();
  gauges.gateway = options_.gateway;
  return gauges;
}

HttpResponse InfoApp::Metrics(const HttpRequest& request) {
  if (request.method != "GET" && request.method != "HEAD") {
    return HttpResponse::Text(405, "Method not allowed");
  }
  HttpResponse r;
  r.content_type = "text/plain; version=0.0.4; charset=utf-8";
  r.body = metrics::RenderPrometheus(store_, *metrics_, Gauges());
  return r;
}

HttpResponse InfoApp::Ui(const HttpRequest& request, const std::string& path) {
  const metrics::ServerGauges gauges = Gauges();
  web::UiContext ctx;
  ctx.store = store_;
  ctx.metrics = metrics_;
  ctx.open_scanners = gauges.open_scanners;
  ctx.expired_scanners = gauges.expired_scanners;
  ctx.listen = options_.listen;
  ctx.read_only = options_.read_only;
  return web::RenderUiPage(ctx, request.method, path);
}

}  // namespace http
}  // namespace obkvlite
