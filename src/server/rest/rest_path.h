// Copyright (c) obkvlite authors.
//
// The request parser: a request target ("/t/row%2F1/f:q,g/100,200?v=3")
// into the HBase REST resource it names and its arguments, as HBase's
// RESTServer routes paths (RowSpec for the cell paths):
//
//   /                         table list          /version[/rest]
//   /version/cluster          /status/cluster     /namespaces[/NS[/tables]]
//   /T/schema  /T/exists  /T/regions  /T/multiget  /T/scanner[/ID]
//   /T/ROW[/COLS][/TS | /START,END]   ROW ending in an unescaped '*' is a
//                                     prefix glob; COLS is "f", "f:" (the
//                                     empty qualifier) or "f:q", comma-
//                                     separated.
//   /T/PREFIX*                        a glob alone: HBase's stateless table
//                                     scan (TableResource's scanspec),
//                                     kTableScan, not a row.
//
// Each path segment (and each column and qualifier, split at the unescaped
// ',' and ':') is percent-decoded; a bad escape is an InvalidArgument
// naming the part and offset. Query parameters are decoded with '+' as a
// space. Nothing here touches a store.
//
// Thread safety: pure functions.

#ifndef OBKVLITE_SERVER_REST_REST_PATH_H_
#define OBKVLITE_SERVER_REST_REST_PATH_H_

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "obkvlite/status.h"
#include "server/common/column_rules.h"
#include "server/common/percent_decode.h"

namespace obkvlite {
namespace rest {

enum class RestResource {
  kTableList,
  kVersion,
  kClusterVersion,
  kClusterStatus,
  kNamespaces,
  kNamespace,        // /namespaces/NS
  kNamespaceTables,  // /namespaces/NS/tables
  kTable,            // /T alone (no method serves it)
  kSchema,
  kExists,
  kRegions,
  kMultiget,
  kScanners,   // /T/scanner: create
  kScanner,    // /T/scanner/ID
  kRow,        // /T/ROW...
  kTableScan,  // /T/PREFIX*: row.prefix_glob, nothing after the row
};

// One column of a cell path: a whole family ("f" without ':'), or
// family:qualifier.
using ColumnSpec = server::ColumnName;

// HBase's RowSpec.
struct RowSpec {
  std::string row;           // decoded; without the glob '*'
  bool prefix_glob = false;  // the row ended in an unescaped '*'
  std::vector<ColumnSpec> columns;
  std::optional<int64_t> timestamp;  // "/TS": exactly TS
  std::optional<int64_t> start_ts;   // "/START,END": [START, END)
  std::optional<int64_t> end_ts;
};

struct RestTarget {
  RestResource resource = RestResource::kTableList;
  std::string table;  // tables' resources
  std::string name;   // namespace or scanner id
  RowSpec row;        // kRow
  // Decoded query parameters in order (a name may repeat: multiget's row).
  std::vector<std::pair<std::string, std::string>> query;

  // The first value of parameter `name`, or nullopt.
  std::optional<std::string> Param(std::string_view name) const;
  // Every value of parameter `name`.
  std::vector<std::string> Params(std::string_view name) const;
};

// server/common/percent_decode.h.
using server::PercentDecode;

// Parses "f", "f:" or "f:q": percent-decoded whole when `decode`, then
// split at the first ':' (SplitColumnName), as HBase's RowSpec does. An
// empty family is an InvalidArgument naming `field`.
Result<ColumnSpec> ParseColumnSpec(std::string_view raw, std::string_view field,
                                   bool decode);

// Parses a request target. InvalidArgument (HTTP 400) names what is wrong:
// a target not starting with '/', a bad escape, a bad timestamp segment,
// segments after the timestamps, an empty table or row.
Result<RestTarget> ParseRestTarget(std::string_view target);

// Parses a multiget row parameter, "ROW[/COLS[/TS]]", already decoded once
// (HBase reads it with RowSpec too).
Result<RowSpec> ParseMultigetRow(std::string_view value);

}  // namespace rest
}  // namespace obkvlite

#endif  // OBKVLITE_SERVER_REST_REST_PATH_H_
