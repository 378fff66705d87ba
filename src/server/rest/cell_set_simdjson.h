// Copyright (c) obkvlite authors.
//
// The quick path of the JSON CellSet reader (cell_set_json.h): simdjson
// (Debian's libsimdjson) validates and parses the body at gigabytes a
// second, and a body of the plain shape clients send is read from its
// document:
//   {"Row":[{"key":B64,"Cell":[{"column":B64,"timestamp":N,"$":B64}]}]}
// members in any order, "key", "column" and "timestamp" optional, other
// members skipped. Anything else declines (nullopt): a body simdjson
// cannot parse, a member given twice, a value of another type (a timestamp
// as a string, a null), a number past int64, base64 that does not decode.
// The caller then reads the body with the streaming reader, whose answers
// (models and errors) are the reference; where this path answers, it
// answers the same model (tests/server/rest/cell_set_json_test.cc checks
// both on a corpus and its random mutations).
//
// Thread safety: a pure function (each thread keeps its own parser).

#ifndef OBKVLITE_SERVER_REST_CELL_SET_SIMDJSON_H_
#define OBKVLITE_SERVER_REST_CELL_SET_SIMDJSON_H_

#include <optional>
#include <string_view>

#include "server/rest/cell_set.h"

namespace obkvlite {
namespace rest {

// The model of a plain-shaped body; nullopt: not read here.
std::optional<CellSetModel> ReadPlainCellSetJson(std::string_view body);

}  // namespace rest
}  // namespace obkvlite

#endif  // OBKVLITE_SERVER_REST_CELL_SET_SIMDJSON_H_
