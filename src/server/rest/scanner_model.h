// Copyright (c) obkvlite authors.
//
// HBase's ScannerModel, the body that creates a REST scanner:
//   JSON {"startRow":B64,"endRow":B64,"column":[B64,...],"batch":N,
//         "startTime":MS,"endTime":MS,"maxVersions":N,"filter":"<filter
//         model JSON as a string>","limit":N,"reversed":false,"caching":N}
//   XML  <Scanner startRow="B64" endRow="B64" batch="N" ...>
//          <column>B64</column><filter>...</filter></Scanner>
//   protobuf Scanner { bytes startRow = 1; bytes endRow = 2; repeated bytes
//          columns = 3; int32 batch = 4; int64 startTime = 5; int64
//          endTime = 6; int32 maxVersions = 7; string filter = 8; ...
//          int32 limit = 12 } (rest_models.proto; no reversed)
// Columns are "family" or "family:qualifier". Unknown members are ignored
// (cacheBlocks and labels change nothing here); caching goes to
// Scan::caching.
//
// Thread safety: plain values and pure functions.

#ifndef OBKVLITE_SERVER_REST_SCANNER_MODEL_H_
#define OBKVLITE_SERVER_REST_SCANNER_MODEL_H_

#include <string_view>

#include "obkvlite/query.h"
#include "obkvlite/status.h"
#include "server/rest/media_type.h"

namespace obkvlite {
namespace rest {

// Cells a scanner GET returns when the model sets no batch (HBase's default
// is unbounded; a bound keeps one response's memory in check).
inline constexpr int kDefaultScannerBatch = 1000;
// The largest batch a model may ask for.
inline constexpr int kMaxScannerBatch = 1000000;

struct ScannerModel {
  Scan scan;                         // rows, columns, times, versions, filter
  int batch = kDefaultScannerBatch;  // cells per GET
};

// Parses a JSON, XML or protobuf ScannerModel, the filter model included
// (filter_model.h). InvalidArgument names the member: "body:
// Scanner.batch: must be an integer in [1, 1000000], got '0'".
// REQUIRED: type is kJson, kXml or kProtobuf.
Result<ScannerModel> ParseScannerModel(MediaType type, std::string_view body);

}  // namespace rest
}  // namespace obkvlite

#endif  // OBKVLITE_SERVER_REST_SCANNER_MODEL_H_
