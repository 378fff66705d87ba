// Copyright (c) obkvlite authors.
//
// The helpers every REST resource shares (rest_handlers.h).

#include "obkvlite/compat.h"
#include "server/rest/rest_handlers.h"

namespace obkvlite {
namespace rest {

HttpResponse ErrorResponse(const Status& status) {
  switch (status.code()) {
    case Status::Code::kNotFound:
      return NotFound(status.message());
    case Status::Code::kInvalidArgument:
    case Status::Code::kFailedPrecondition:
    case Status::Code::kNotSupported:
      return BadRequest(status.message());
    case Status::Code::kAlreadyExists:
      return HttpResponse::Text(403, "Forbidden: " + status.message());
    case Status::Code::kUnavailable:
    case Status::Code::kBusy:
    case Status::Code::kIOError:
      return HttpResponse::Text(503,
                                "Service unavailable: " + status.message());
    default:
      return HttpResponse::Text(500, "Internal error: " + status.ToString());
  }
}

HttpResponse ErrorResponse(const RestContext& ctx, const char* operation,
                           const Status& status) {
  return ErrorResponse(CompatWording(ctx.store->compat_profile(),
                                     ctx.target.table, operation, status));
}

std::optional<HttpResponse> CompatRefusal(const RestContext& ctx,
                                          const std::string& table,
                                          const char* operation,
                                          const char* rule) {
  Status st = ctx.store->CompatCheck(table, operation, rule);
  if (st.ok()) return std::nullopt;
  return ErrorResponse(st);
}

HttpResponse BadRequest(const std::string& message) {
  return HttpResponse::Text(400, "Bad request: " + message);
}

HttpResponse NotFound(const std::string& detail) {
  return HttpResponse::Text(
      404, detail.empty() ? "Not found" : "Not found: " + detail);
}

Status TooManyCells(int64_t limit) {
  return Status::InvalidArgument(
      "the answer has more than " + std::to_string(limit) +
      " cells (the server's limit); read it with a scanner");
}

std::optional<MediaType> ResponseType(const RestContext& ctx,
                                      std::initializer_list<MediaType> produces,
                                      HttpResponse* refused) {
  std::optional<MediaType> type =
      ChooseResponseType(ctx.request.Header("accept"), produces);
  if (!type) {
    std::string names;
    for (MediaType t : produces) {
      names += (names.empty() ? "" : ", ") + std::string(MediaTypeName(t));
    }
    *refused = HttpResponse::Text(
        406, "Not acceptable: this resource produces " + names);
  }
  return type;
}

std::optional<MediaType> BodyType(const RestContext& ctx,
                                  std::initializer_list<MediaType> accepted,
                                  HttpResponse* refused) {
  const std::string content_type = ctx.request.Header("content-type");
  std::optional<MediaType> type = ParseContentType(content_type);
  bool ok = false;
  for (MediaType t : accepted) ok = ok || (type && *type == t);
  if (!ok) {
    std::string names;
    for (MediaType t : accepted) {
      names += (names.empty() ? "" : ", ") + std::string(MediaTypeName(t));
    }
    *refused = HttpResponse::Text(
        415, "Unsupported media type: Content-Type '" + content_type +
                 "'; this resource reads " + names);
    return std::nullopt;
  }
  return type;
}

HttpResponse Body(MediaType type, std::string body, int status) {
  HttpResponse r;
  r.status = status;
  r.content_type = MediaTypeName(type);
  r.body = std::move(body);
  return r;
}

Result<Table*> TargetTable(const RestContext& ctx) {
  Result<Table*> table = ctx.store->GetTable(ctx.target.table);
  if (!table.ok() && table.status().IsNotFound()) {
    return Status::NotFound("table '" + ctx.target.table + "'");
  }
  return table;
}

}  // namespace rest
}  // namespace obkvlite
