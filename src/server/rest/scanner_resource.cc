// Copyright (c) obkvlite authors.
//
// HBase REST's stateful scanners: PUT/POST /T/scanner creates one (201 and
// its Location), GET /T/scanner/ID returns its next cells (up to the
// batch, or ?n=N) and 204 once it is done, DELETE /T/scanner/ID closes it.

#include <limits>

#include "server/rest/base64.h"
#include "server/rest/cell_set.h"
#include "server/rest/json_body.h"
#include "server/rest/rest_handlers.h"
#include "server/rest/scanner_model.h"

namespace obkvlite {
namespace rest {
namespace {

// One open REST scanner.
struct RestScanner : server::ScannerEntry {
  int batch = 0;  // cells per GET
};

}  // namespace

HttpResponse CreateScanner(const RestContext& ctx) {
  HttpResponse refused;
  std::optional<MediaType> type = BodyType(ctx, kBodyTypes, &refused);
  if (!type) return refused;
  Result<ScannerModel> model = ParseScannerModel(*type, ctx.request.body);
  if (!model.ok()) return ErrorResponse(model.status());
  Result<Table*> table = TargetTable(ctx);
  if (!table.ok()) return ErrorResponse(table.status());
  for (const std::string& f : model->scan.families) {
    Status st = server::CheckFamily((*table)->spec(), f);
    if (!st.ok()) return ErrorResponse(ctx, "scan", st);
  }
  for (const Column& c : model->scan.columns) {
    Status st = server::CheckFamily((*table)->spec(), c.family);
    if (!st.ok()) return ErrorResponse(ctx, "scan", st);
  }
  Result<std::unique_ptr<Scanner>> scanner = (*table)->GetScanner(model->scan);
  if (!scanner.ok()) return ErrorResponse(scanner.status());
  auto open = std::make_unique<RestScanner>();
  open->table = ctx.target.table;
  open->batch = model->batch;
  open->scanner = std::move(scanner).value();
  Result<std::string> id = ctx.scanners->Add(std::move(open));
  if (!id.ok() && id.status().IsUnavailable()) {  // the open bound
    return ErrorResponse(Status::Unavailable(
        "too many open scanners (" + std::to_string(ctx.scanners->max_open()) +
        "); delete some or wait for them to expire"));
  }
  if (!id.ok()) return ErrorResponse(id.status());
  std::string host = ctx.request.Header("host");
  if (host.empty()) host = ctx.options.location;
  HttpResponse created;
  created.status = 201;
  // The table part of the path as the client sent it (still encoded).
  const std::string& target = ctx.request.target;
  const size_t end = target.find_first_of("?");
  std::string path = target.substr(0, end);
  while (!path.empty() && path.back() == '/') path.pop_back();
  created.headers.emplace_back(
      "Location", ctx.options.scheme + "://" + host + path + "/" + *id);
  return created;
}

HttpResponse NextScannerBatch(const RestContext& ctx) {
  HttpResponse refused;
  std::optional<MediaType> type =
      ResponseType(ctx, kCellOrValueTypes, &refused);
  if (!type) return refused;
  int64_t want = 0;
  if (std::optional<std::string> n = ctx.target.Param("n")) {
    Result<int64_t> v = ParseIntField(*n, "n", 1, kMaxScannerBatch);
    if (!v.ok()) {
      return BadRequest("n: must be an integer in [1, " +
                        std::to_string(kMaxScannerBatch) + "], got '" +
                        n->substr(0, 40) + "'");
    }
    want = *v;
  }
  server::ScannerRegistry::Lease lease =
      ctx.scanners->Use(ctx.target.name, ctx.target.table);
  if (!lease) return NotFound("scanner '" + ctx.target.name + "'");
  RestScanner& open = *static_cast<RestScanner*>(lease.get());
  if (want == 0) want = open.batch;
  if (*type == MediaType::kBinary) want = 1;
  std::vector<RowResult> rows;
  CellView view;
  int64_t got = 0;
  while (got < want && open.scanner->NextCell(&view)) {
    if (rows.empty() || rows.back().row != view.row) {
      rows.emplace_back();
      rows.back().row = std::string(view.row);
    }
    rows.back().cells.push_back(view.ToCell());
    ++got;
  }
  if (got == 0) {
    Status st = open.scanner->status();
    if (!st.ok()) return ErrorResponse(st);
    HttpResponse done;
    done.status = 204;
    return done;
  }
  if (*type == MediaType::kBinary) {
    const Cell& c = rows.front().cells.front();
    HttpResponse r = Body(*type, c.value);
    r.headers.emplace_back("X-Row", Base64Encode(c.row));
    r.headers.emplace_back("X-Column",
                           Base64Encode(c.family + ":" + c.qualifier));
    r.headers.emplace_back("X-Timestamp", std::to_string(c.timestamp));
    return r;
  }
  return Body(*type, RenderCellSet(*type, rows));
}

HttpResponse DeleteScanner(const RestContext& ctx) {
  if (!ctx.scanners->Remove(ctx.target.name, ctx.target.table)) {
    return NotFound("scanner '" + ctx.target.name + "'");
  }
  return HttpResponse();
}

}  // namespace rest
}  // namespace obkvlite
