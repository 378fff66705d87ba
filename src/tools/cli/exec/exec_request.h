// Copyright (c) obkvlite authors.
//
// ExecRequest: one line of `obkv exec` (DESIGN §5) parsed into the typed
// operations of the public API.
//
//   {"op":"put","table":"t","row":"r1",
//    "cells":[{"family":"f","qualifier":"q","value":"v","ts":100}]}
//   {"op":"get","table":"t","row":"r1","columns":["f:q"],"max_versions":3,
//    "time_range":[0,200]}
//
// Fields per op (every other member is an error):
//   put               row, cells[{family, qualifier, value, ts?}] (non-empty)
//   get               row, columns?, families?, max_versions?, time_range?,
//                     ts?, filter?
//   scan              start?, stop?, prefix?, reversed?, limit?, batch?,
//                     max_versions?, time_range?, families?, columns?,
//                     filter?
//   delete            row, type?, family?, qualifier?, ts?
//   increment         row, family, qualifier, amount? (default 1)
//   append            row, family, qualifier, value
//   check_and_mutate  row, condition, mutations (non-empty; put and delete)
//   batch             ops (put, delete, increment, append, check_and_mutate)
//   stats             family?, since?, until? (ms or ISO-8601 UTC), nodes?:
//                     the request report (exec_stats.h); top level only
//   index_scan        index, value | prefix, limit?, max_versions?,
//                     families?, columns?: the main table's rows through a
//                     secondary index (obkvlite/index.h); top level only
// Every op also has "op" and "table". An operation nested in a batch or in
// check_and_mutate's mutations may repeat "table" (and, in mutations, "row"),
// which must then equal the enclosing one.
//
// Delete types: column, columns, family, family_version, row. Without
// "type", a delete with family and qualifier is "columns" (all versions, as
// the HBase shell's deleteall 't', 'r', 'f:q'; its delete removes one
// version, "column"), with only a family "family", otherwise "row".
//
// Rows, qualifiers, values, start, stop and prefix are Bytes.toStringBinary
// text (obkvlite/bytes.h); families are plain identifiers; filter is HBase
// filter language text. The parser checks shapes, types, unknown fields and
// escapes; the table checks limits, families and filters.
//
// Every error is an InvalidArgument whose message starts with the field's
// JSON path, e.g. "cells[0].ts: must be a non-negative integer (ms), got -1".
//
// Thread safety: pure functions; safe for any input bytes (never throws).

#ifndef OBKVLITE_TOOLS_CLI_EXEC_EXEC_REQUEST_H_
#define OBKVLITE_TOOLS_CLI_EXEC_EXEC_REQUEST_H_

#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "obkvlite/index.h"
#include "obkvlite/mutation.h"
#include "obkvlite/query.h"
#include "obkvlite/status.h"

namespace obkvlite {
namespace cli {

// The "batch" op: mutations applied together, all or none.
struct ExecBatch {
  std::vector<Mutation> mutations;
};

// The "stats" op: the table's request report (exec_stats.h).
struct ExecStats {
  std::string family;  // empty: the first
  int64_t since_ms = 0;
  int64_t until_ms = INT64_MAX;
  int nodes = 0;
};

using ExecOperation =
    std::variant<Put, Get, Scan, Delete, Increment, Append, CheckAndMutate,
                 ExecBatch, ExecStats, IndexScan>;

struct ExecRequest {
  std::string table;
  ExecOperation operation;
};

// Parses one JSON line.
Result<ExecRequest> ParseExecRequest(std::string_view line);

// Parses an already decoded JSON request (the flag forms of put, get, scan
// and delete build one, so they share this validation).
Result<ExecRequest> ParseExecRequestJson(const nlohmann::json& request);

}  // namespace cli
}  // namespace obkvlite

#endif  // OBKVLITE_TOOLS_CLI_EXEC_EXEC_REQUEST_H_
