// Copyright (c) obkvlite authors.
//
// libFuzzer target: the REST gateway's request parser (src/server/rest/):
// request targets (paths, percent-encodings, query strings, cell paths),
// base64, CellSet / ScannerModel / TableSchema bodies in JSON, XML and
// protobuf, the JSON filter model, and Accept / Content-Type negotiation.
// The first byte chooses the parser (its low 3 bits) and the body type
// (bit 3: protobuf, else bit 0: XML or JSON); the rest is its input. For any input: nothing
// crashes, every error is an InvalidArgument, base64 round-trips, and a
// parsed CellSet renders to a body that parses back to the same cells.

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "fuzz/fuzz_check.h"
#include "server/rest/base64.h"
#include "server/rest/cell_set.h"
#include "server/rest/filter_model.h"
#include "server/rest/media_type.h"
#include "server/rest/rest_path.h"
#include "server/rest/scanner_model.h"
#include "server/rest/schema_model.h"

namespace {

using obkvlite::Status;
namespace rest = obkvlite::rest;

void CheckError(const Status& st) { OBKV_FUZZ_CHECK(st.IsInvalidArgument()); }

void CellSet(rest::MediaType type, std::string_view body) {
  auto model = rest::ParseCellSet(type, body);
  if (!model.ok()) return CheckError(model.status());
  // Rows whose keys and columns are all given render and parse back.
  std::vector<obkvlite::RowResult> rows;
  for (const rest::RowModel& r : model->rows) {
    if (!r.key) return;
    obkvlite::RowResult row;
    row.row = *r.key;
    for (const rest::CellModel& c : r.cells) {
      if (!c.column || !c.timestamp) return;
      const size_t colon = c.column->find(':');
      if (colon == std::string::npos) return;
      row.cells.push_back({*r.key, c.column->substr(0, colon),
                           c.column->substr(colon + 1), *c.timestamp,
                           c.value});
    }
    rows.push_back(std::move(row));
  }
  auto again = rest::ParseCellSet(type, rest::RenderCellSet(type, rows));
  OBKV_FUZZ_CHECK(again.ok());
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size == 0) return 0;
  const std::string_view input(reinterpret_cast<const char*>(data) + 1,
                               size - 1);
  const rest::MediaType body_type = (data[0] & 8) ? rest::MediaType::kProtobuf
                                   : (data[0] & 1) ? rest::MediaType::kXml
                                                   : rest::MediaType::kJson;
  switch (data[0] % 8) {
    case 0: {
      auto target = rest::ParseRestTarget(input);
      if (!target.ok()) CheckError(target.status());
      auto row = rest::ParseMultigetRow(input);
      if (!row.ok()) CheckError(row.status());
      break;
    }
    case 1: {
      auto decoded = rest::Base64Decode(input, "fuzz");
      if (!decoded.ok()) {
        CheckError(decoded.status());
      } else {
        auto again = rest::Base64Decode(rest::Base64Encode(*decoded), "fuzz");
        OBKV_FUZZ_CHECK(again.ok() && *again == *decoded);
      }
      auto round = rest::Base64Decode(rest::Base64Encode(input), "fuzz");
      OBKV_FUZZ_CHECK(round.ok() && *round == input);
      break;
    }
    case 2:
    case 3:
      CellSet(body_type, input);
      break;
    case 4:
    case 5: {
      auto model = rest::ParseScannerModel(body_type, input);
      if (!model.ok()) CheckError(model.status());
      auto schema = rest::ParseTableSchema(body_type, input);
      if (!schema.ok()) {
        CheckError(schema.status());
      } else {
        auto json = rest::SpecJsonForSchema("t", *schema, nullptr, true);
        if (!json.ok()) CheckError(json.status());
      }
      break;
    }
    case 6: {
      auto filter = rest::FilterModelToLanguage(input);
      if (!filter.ok()) CheckError(filter.status());
      break;
    }
    default:
      (void)rest::ChooseResponseType(
          input, {rest::MediaType::kXml, rest::MediaType::kJson,
                  rest::MediaType::kBinary, rest::MediaType::kProtobuf});
      (void)rest::ParseContentType(input);
      break;
  }
  return 0;
}
