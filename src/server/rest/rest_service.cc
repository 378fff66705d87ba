// Copyright (c) obkvlite authors.
#include "server/rest/rest_service.h"

#include <algorithm>

#include "obkvlite/compat.h"
#include "server/rest/rest_handlers.h"
#include "server/rest/xml_doc.h"

namespace obkvlite {
namespace rest {
namespace {

using metrics::RequestKind;

// What a (resource, method) pair runs: the operation's name for the
// metrics, its kind, whether it writes, and the handler.
struct Route {
  const char* operation = nullptr;  // null: 405
  RequestKind kind = RequestKind::kAdmin;
  bool writes = false;
  HttpResponse (*handler)(const RestContext&) = nullptr;
};

Route Resolve(RestResource resource, const std::string& method) {
  const bool get = method == "GET" || method == "HEAD";
  const bool put = method == "PUT" || method == "POST";
  const bool del = method == "DELETE";
  switch (resource) {
    case RestResource::kTableList:
      if (get) return {"table_list", RequestKind::kAdmin, false, GetTableList};
      break;
    case RestResource::kVersion:
      if (get) return {"version", RequestKind::kAdmin, false, GetVersion};
      break;
    case RestResource::kClusterVersion:
      if (get) {
        return {"cluster_version", RequestKind::kAdmin, false,
                GetClusterVersion};
      }
      break;
    case RestResource::kClusterStatus:
      if (get) {
        return {"cluster_status", RequestKind::kAdmin, false, GetClusterStatus};
      }
      break;
    case RestResource::kNamespaces:
    case RestResource::kNamespaceTables:
      if (get)
        return {"namespace", RequestKind::kAdmin, false, HandleNamespaces};
      break;
    case RestResource::kNamespace:
      if (get || put || del) {
        return {"namespace", RequestKind::kAdmin, !get, HandleNamespaces};
      }
      break;
    case RestResource::kTable:
      break;
    case RestResource::kSchema:
      if (get) return {"schema_get", RequestKind::kAdmin, false, HandleSchema};
      if (put) return {"schema_put", RequestKind::kAdmin, true, HandleSchema};
      if (del)
        return {"schema_delete", RequestKind::kAdmin, true, HandleSchema};
      break;
    case RestResource::kExists:
      if (get) return {"exists", RequestKind::kAdmin, false, GetExists};
      break;
    case RestResource::kRegions:
      if (get) return {"regions", RequestKind::kAdmin, false, GetRegions};
      break;
    case RestResource::kMultiget:
      if (get) return {"multiget", RequestKind::kRead, false, GetMultiple};
      break;
    case RestResource::kScanners:
      if (put) {
        return {"scanner_create", RequestKind::kScan, false, CreateScanner};
      }
      break;
    case RestResource::kScanner:
      if (get) {
        return {"scanner_next", RequestKind::kScan, false, NextScannerBatch};
      }
      if (del) {
        return {"scanner_delete", RequestKind::kScan, false, DeleteScanner};
      }
      break;
    case RestResource::kRow:
      if (get) return {"row_get", RequestKind::kRead, false, GetRow};
      if (put) return {"row_put", RequestKind::kWrite, true, PutRow};
      if (del) return {"row_delete", RequestKind::kDelete, true, DeleteRow};
      break;
    case RestResource::kTableScan:
      if (get) return {"table_scan", RequestKind::kScan, false, GetTableScan};
      break;
  }
  return {};
}

// HBase REST's scanners: ids of milliseconds and random hex, scoped to
// their table, closed only by the sweep when idle.
server::ScannerRegistryOptions RegistryOptions(const RestScannerOptions& o) {
  server::ScannerRegistryOptions r;
  r.max_open = o.max_scanners;
  r.idle_ms = int64_t{o.idle_seconds} * 1000;
  r.ids = server::ScannerIds::kTimeRandom;
  r.expire_on_use = false;
  r.sweep_interval_ms = std::clamp(o.idle_seconds * 250, 100, 1000);
  return r;
}

// The methods `resource` answers: 405's Allow (RFC 9110 §15.5.6).
std::string AllowOf(RestResource resource) {
  std::string allow;
  for (const char* method : {"GET", "HEAD", "PUT", "POST", "DELETE"}) {
    if (Resolve(resource, method).operation == nullptr) continue;
    if (!allow.empty()) allow += ", ";
    allow += method;
  }
  return allow;
}

}  // namespace

RestService::RestService(Store* store, const RestOptions& options,
                         metrics::RequestMetrics* metrics)
    : store_(store),
      options_(options),
      metrics_(metrics),
      scanners_(std::make_unique<server::ScannerRegistry>(
          RegistryOptions(options.scanners))) {
  InitXml();
}

RestService::~RestService() { CloseScanners(); }

int RestService::open_scanners() const { return scanners_->size(); }

int64_t RestService::expired_scanners() const { return scanners_->expired(); }

void RestService::CloseScanners() { scanners_->CloseAll(); }

HttpResponse RestService::Handle(const HttpRequest& request) {
  ScopedCompatSurface surface("rest");
  // Recorded on every way out; an exception is answered (and recorded) as
  // a 500 by the host's one catch (http/http_server.h).
  metrics::ScopedRequestRecord record(metrics_, "bad_request",
                                      RequestKind::kAdmin);
  HttpResponse response;
  Result<RestTarget> target = ParseRestTarget(request.target);
  if (!target.ok()) {
    response = BadRequest(target.status().message());
  } else {
    const Route route = Resolve(target->resource, request.method);
    if (route.operation == nullptr) {
      record.set_operation("method_not_allowed", RequestKind::kAdmin);
      const std::string allow = AllowOf(target->resource);
      response = HttpResponse::Text(
          405, "Method not allowed: " + request.method + " (allowed: " +
                   (allow.empty() ? std::string("none") : allow) + ")");
      response.headers.emplace_back("Allow", allow);
    } else {
      record.set_operation(route.operation, route.kind);
      if (route.writes && options_.read_only) {
        response =
            HttpResponse::Text(403, "Forbidden: the server is read-only");
      } else if (static_cast<int64_t>(request.body.size()) >
                 options_.max_body_bytes) {
        response = HttpResponse::Text(
            413, "Payload too large: the limit is " +
                     std::to_string(options_.max_body_bytes) + " bytes");
      } else {
        RestContext ctx{store_, options_, scanners_.get(), request, *target};
        response = route.handler(ctx);
      }
    }
  }
  record.set_status(response.status);
  return response;
}

}  // namespace rest
}  // namespace obkvlite
