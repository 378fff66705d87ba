// Copyright (c) obkvlite authors.
//
// RestService: HBase's REST API over a Store (doc/rest.md), one request at
// a time per call and any number of calls at once. It maps an HttpRequest
// to its resource (rest_path.h), checks the method, --readonly and the body
// limit, runs it on the store through the public API only, and answers
// with HBase's status codes and bodies:
//   200/201/204 as HBase; 400 naming what is wrong; 403 for a write on a
//   read-only server (and for creating what exists); 404 for a missing
//   table, row, column, namespace or scanner; 405 for a method the
//   resource has not; 406/415 for media types it does not produce or
//   read; 413 past max_body_bytes; 503 when the store is unavailable.
// Each request is timed into RequestMetrics. An exception (a bug, or
// memory) is not caught here: it reaches the HTTP host's one catch per
// request (http/http_server.h), which answers 500, and is recorded as 500.
//
// REQUIRED: the Store and the RequestMetrics outlive the service.
// Thread safety: Handle may be called from several threads at once.

#ifndef OBKVLITE_SERVER_REST_REST_SERVICE_H_
#define OBKVLITE_SERVER_REST_REST_SERVICE_H_

#include <cstdint>
#include <memory>
#include <string>

#include "obkvlite/store.h"
#include "server/common/http_message.h"
#include "server/common/scanner_registry.h"
#include "server/common/server_version.h"
#include "server/metrics/request_metrics.h"

namespace obkvlite {
namespace rest {

// server/common: the HTTP message, the server's version.
using server::HttpRequest;
using server::HttpResponse;
using server::ObkvliteVersion;

// The REST scanners' bounds (server/common/scanner_registry.h).
struct RestScannerOptions {
  // A scanner not read for this long is closed (seconds, >= 1) by a sweep
  // every quarter of it (at least 0.1 s and at most 1 s apart).
  int idle_seconds = 60;
  // Open scanners at most; a create past it is Unavailable (HTTP 503).
  int max_scanners = 1000;
};

struct RestOptions {
  // Refuse every write (PUT/POST/DELETE on cells, schemas, namespaces)
  // with 403; scanners still open and close.
  bool read_only = false;
  // Largest request body accepted, in bytes; past it, 413.
  int64_t max_body_bytes = 64 << 20;
  // Open scanners: idle expiry and count limit.
  RestScannerOptions scanners;
  // Cells one row GET (a '*' glob included) or multiget returns at most;
  // past it, 400 naming the limit (use a scanner).
  int64_t max_response_cells = 100000;
  // "host:port" the server listens on: region locations, /status/cluster,
  // and scanner Locations when a request has no Host header.
  std::string location = "127.0.0.1:8080";
  // The scheme of the URLs the server writes (scanner Locations): "https"
  // when it serves TLS.
  std::string scheme = "http";
};

class RestService {
 public:
  RestService(Store* store, const RestOptions& options,
              metrics::RequestMetrics* metrics);
  ~RestService();
  RestService(const RestService&) = delete;
  RestService& operator=(const RestService&) = delete;

  // Answers one request of the REST API.
  HttpResponse Handle(const HttpRequest& request);

  // Open scanners now, and those the idle sweep closed so far.
  int open_scanners() const;
  int64_t expired_scanners() const;
  // Closes every scanner (before the store closes).
  void CloseScanners();

  const RestOptions& options() const { return options_; }
  Store* store() const { return store_; }

 private:
  Store* const store_;
  const RestOptions options_;
  metrics::RequestMetrics* const metrics_;
  std::unique_ptr<server::ScannerRegistry> scanners_;
};

}  // namespace rest
}  // namespace obkvlite

#endif  // OBKVLITE_SERVER_REST_REST_SERVICE_H_
