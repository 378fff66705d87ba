// Copyright (c) obkvlite authors.
//
// HBase's CellSet model, the body of cell reads and writes:
//   JSON {"Row":[{"key":B64,"Cell":[{"column":B64,"timestamp":N,"$":B64}]}]}
//   XML  <CellSet><Row key="B64"><Cell column="B64" timestamp="N">B64</Cell>
//        </Row></CellSet>
//   protobuf CellSet { Row rows = 1 { bytes key = 1; Cell values = 2 {
//        bytes column = 2; int64 timestamp = 3; bytes data = 4 } } }
// where column is "family:qualifier" (or a bare family). Keys, columns and
// values are base64 in JSON and XML, raw bytes in protobuf and here.
//
// Thread safety: plain values and pure functions.

#ifndef OBKVLITE_SERVER_REST_CELL_SET_H_
#define OBKVLITE_SERVER_REST_CELL_SET_H_

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "obkvlite/cell.h"
#include "obkvlite/status.h"
#include "server/rest/media_type.h"

namespace obkvlite {
namespace rest {

struct CellModel {
  std::optional<std::string> column;  // "f:q"; absent: the URL's column
  std::optional<int64_t> timestamp;   // absent: now
  std::string value;
};

struct RowModel {
  std::optional<std::string> key;  // absent: the URL's row
  std::vector<CellModel> cells;
};

struct CellSetModel {
  std::vector<RowModel> rows;
};

// Parses a JSON, XML or protobuf CellSet. InvalidArgument names the
// element: "body: Row[1].Cell[0].$: not base64 (...)", "body: Row[0].Cell:
// must be an array". REQUIRED: type is kJson, kXml or kProtobuf.
Result<CellSetModel> ParseCellSet(MediaType type, std::string_view body);

// Renders rows (each RowResult one Row; cells of one row may come in
// several RowResults, which are merged when adjacent) as JSON, XML or
// protobuf; no rows is {"Row":[]}, <CellSet/> or an empty message.
// REQUIRED: type is kJson, kXml or kProtobuf.
std::string RenderCellSet(MediaType type, const std::vector<RowResult>& rows);

}  // namespace rest
}  // namespace obkvlite

#endif  // OBKVLITE_SERVER_REST_CELL_SET_H_
