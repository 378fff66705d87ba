// Copyright (c) obkvlite authors.
//
// The JSON CellSet reader (cell_set.h), as a stream: nlohmann's SAX
// interface hands it one token at a time, and it keeps one row's raw
// members until the row ends, decodes them (base64) into the model and
// drops them, so a 1,000-row PUT never builds a document tree. It answers
// exactly what reading the whole document first would (json_body.h): a
// malformed body or an out-of-range number wins over every other error,
// "body: must be a JSON object", "body: Row: missing", the first row's
// first bad member in the order key, Cell, then each cell's column,
// timestamp and $; a member given twice counts once, the last (as a
// parsed object keeps it); members it does not know are skipped. A body
// of the plain shape clients send is read first by the quick path
// (cell_set_simdjson.h), which answers the same model; any other body,
// and every error, comes from the stream.
//
// Thread safety: a pure function.

#ifndef OBKVLITE_SERVER_REST_CELL_SET_JSON_H_
#define OBKVLITE_SERVER_REST_CELL_SET_JSON_H_

#include <string_view>

#include "obkvlite/status.h"
#include "server/rest/cell_set.h"

namespace obkvlite {
namespace rest {

// {"Row":[{"key":B64,"Cell":[{"column":B64,"timestamp":N,"$":B64}]}]}.
Result<CellSetModel> ParseCellSetJson(std::string_view body);

}  // namespace rest
}  // namespace obkvlite

#endif  // OBKVLITE_SERVER_REST_CELL_SET_JSON_H_
