// Copyright (c) obkvlite authors.
//
// The REST resources' handlers (one file per resource group), called by
// RestService once the target is parsed, the method allowed and the body
// within its limit. Each returns the response; errors from the store go
// through ErrorResponse, the one Status -> HTTP mapping.
//
// Thread safety: as RestService::Handle.

#ifndef OBKVLITE_SERVER_REST_REST_HANDLERS_H_
#define OBKVLITE_SERVER_REST_REST_HANDLERS_H_

#include <initializer_list>
#include <optional>
#include <string>

#include "obkvlite/store.h"
#include "server/common/http_message.h"
#include "server/rest/media_type.h"
#include "server/rest/rest_path.h"
#include "server/rest/rest_service.h"

namespace obkvlite {
namespace rest {

// What resources produce, in HBase's @Produces order (the first for no
// Accept): the admin models, which have a text form; cells; cells or one
// raw value.
inline constexpr std::initializer_list<MediaType> kModelTypes = {
    MediaType::kText, MediaType::kXml, MediaType::kJson, MediaType::kProtobuf};
// The models HBase has no protobuf message for (/version/cluster).
inline constexpr std::initializer_list<MediaType> kTextModelTypes = {
    MediaType::kText, MediaType::kXml, MediaType::kJson};
// What request bodies of a model may be.
inline constexpr std::initializer_list<MediaType> kBodyTypes = {
    MediaType::kJson, MediaType::kXml, MediaType::kProtobuf};
inline constexpr std::initializer_list<MediaType> kCellTypes = {
    MediaType::kXml, MediaType::kJson, MediaType::kProtobuf};
inline constexpr std::initializer_list<MediaType> kCellOrValueTypes = {
    MediaType::kXml, MediaType::kJson, MediaType::kBinary,
    MediaType::kProtobuf};

struct RestContext {
  Store* store;
  const RestOptions& options;
  server::ScannerRegistry* scanners;
  const HttpRequest& request;
  const RestTarget& target;
};

// HBase's answer for a failed operation: NotFound 404 "Not found: ...",
// InvalidArgument / FailedPrecondition / NotSupported 400 "Bad request:
// ...", AlreadyExists 403, Unavailable / Busy / IOError 503, anything else
// 500.
HttpResponse ErrorResponse(const Status& status);
// The same for an error found on the target's table by `operation`, in the
// words of the store's profile (CompatWording, obkvlite/compat.h): under
// the obkv profile, what the gateway checks itself before the library (a
// family the table lacks) is answered as OBKV-HBase words it.
HttpResponse ErrorResponse(const RestContext& ctx, const char* operation,
                           const Status& status);
// Judges `operation` on `table` by reference row `rule` of
// doc/obkv-compat.md (Store::CompatCheck): OK, or the refusal of the obkv
// profile as HBase's REST gateway answers that exception (ErrorResponse:
// a client's RuntimeException 400, an IOException 503).
std::optional<HttpResponse> CompatRefusal(const RestContext& ctx,
                                          const std::string& table,
                                          const char* operation,
                                          const char* rule);
// 400 "Bad request: <message>".
HttpResponse BadRequest(const std::string& message);
// 404 "Not found" (with ": <detail>" when given).
HttpResponse NotFound(const std::string& detail = "");
// The InvalidArgument of a read whose answer passes RestOptions'
// max_response_cells (`limit`).
Status TooManyCells(int64_t limit);

// The response type the request's Accept picks among `produces`, or
// nullopt after setting *refused to a 406.
std::optional<MediaType> ResponseType(const RestContext& ctx,
                                      std::initializer_list<MediaType> produces,
                                      HttpResponse* refused);
// The request body's type when it is one of `accepted`, else nullopt after
// setting *refused to a 415.
std::optional<MediaType> BodyType(const RestContext& ctx,
                                  std::initializer_list<MediaType> accepted,
                                  HttpResponse* refused);
// A body of `type`.
HttpResponse Body(MediaType type, std::string body, int status = 200);

// The table of the target; NotFound when absent.
Result<Table*> TargetTable(const RestContext& ctx);

// cluster_resources.cc
HttpResponse GetVersion(const RestContext& ctx);
HttpResponse GetClusterVersion(const RestContext& ctx);
HttpResponse GetClusterStatus(const RestContext& ctx);
HttpResponse GetTableList(const RestContext& ctx);
HttpResponse HandleNamespaces(const RestContext& ctx);

// schema_resource.cc
HttpResponse HandleSchema(const RestContext& ctx);
HttpResponse GetExists(const RestContext& ctx);
HttpResponse GetRegions(const RestContext& ctx);

// row_resource.cc
HttpResponse GetRow(const RestContext& ctx);
HttpResponse PutRow(const RestContext& ctx);
HttpResponse DeleteRow(const RestContext& ctx);
HttpResponse GetMultiple(const RestContext& ctx);

// table_scan_resource.cc
// HBase's TableScanResource (/T/PREFIX*) with its query parameters: XML,
// JSON or protobuf only, 200 also when no row matches; protobuf streams
// CellSets of at most 10 rows, each after its size as a 2-byte big-endian
// short.
HttpResponse GetTableScan(const RestContext& ctx);

// scanner_resource.cc
HttpResponse CreateScanner(const RestContext& ctx);
HttpResponse NextScannerBatch(const RestContext& ctx);
HttpResponse DeleteScanner(const RestContext& ctx);

}  // namespace rest
}  // namespace obkvlite

#endif  // OBKVLITE_SERVER_REST_REST_HANDLERS_H_
