// Copyright (c) obkvlite authors.
//
// HBase's ScannerModel, the body that creates a REST scanner:
//   JSON {"startRow":B64,"endRow":B64,"column":[B64,...],"batch":N,
//         "startTime":MS,"endTime":MS,"maxVersions":N,"filter":"<filter
//         model JSON as a string>","limit":N,"reversed":false,"caching":N}
//   XML  <Scanner startRow="B64" endRow="B64" batch="N" ...>
//          <column>B64</column><filter>...</filter></Scanner>
// Columns are "family" or "family:qualifier". Unknown members are ignored
// (caching, cacheBlocks and labels change nothing here).
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

// Parses a JSON or XML ScannerModel, the filter model included
// (filter_model.h). InvalidArgument names the member: "body:
// Scanner.batch: must be an integer in [1, 1000000], got '0'".
// REQUIRED: type is kJson or kXml.
Result<ScannerModel> ParseScannerModel(MediaType type, std::string_view body);

}  // namespace rest
}  // namespace obkvlite

#endif  // OBKVLITE_SERVER_REST_SCANNER_MODEL_H_
