// Copyright (c) obkvlite authors.
//
// Read operations: Get (one row) and Scan (a row range), with HBase's
// options. Projections: `families` selects whole families, `columns`
// selects family:qualifier pairs; both empty means every family.
// Versions: the newest max_versions versions inside time_range (or exactly
// `timestamp`) are returned; a family's MaxVersions caps it further and its
// TimeToLive hides expired cells. `filter` is an HBase filter-language
// string, e.g. "PrefixFilter('r') AND ValueFilter(=,'binary:x')".
//
// Thread safety: plain values.

#ifndef OBKVLITE_QUERY_H_
#define OBKVLITE_QUERY_H_

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "obkvlite/read_consistency.h"
#include "obkvlite/time_range.h"

namespace obkvlite {

// family:qualifier.
struct Column {
  std::string family;
  std::string qualifier;
};

struct Get {
  std::string row;                    // required, 1..1024 bytes
  std::vector<std::string> families;  // whole families to return
  std::vector<Column> columns;        // single columns to return
  int max_versions = 1;               // >= 1
  TimeRange time_range;               // [min, max)
  std::optional<int64_t> timestamp;   // exact ts; overrides time_range
  std::string filter;                 // HBase filter language; "" = none
  // Strong or weak (obkvlite/read_consistency.h); nullopt: the store's
  // StoreOptions::read_consistency.
  std::optional<ReadConsistency> consistency;

  Get() = default;
  explicit Get(std::string r) : row(std::move(r)) {}
};

struct Scan {
  std::string start_row;  // inclusive; "" = first row (reversed: last row)
  std::string stop_row;   // exclusive; "" = unbounded
  std::string prefix;     // "" = none; otherwise only rows with this prefix
  bool reversed = false;  // rows in descending order, from start down to stop
  int64_t limit = 0;      // max rows returned; 0 = unlimited
  int batch = 0;          // max cells per RowResult; 0 = whole rows. As in
                          // HBase, not with a row-level filter (one whose
                          // HasFilterRow() is true): InvalidArgument
  int max_versions = 1;   // >= 1
  TimeRange time_range;   // [min, max)
  std::vector<std::string> families;
  std::vector<Column> columns;
  std::string filter;  // HBase filter language; "" = none
  // Strong or weak (obkvlite/read_consistency.h); nullopt: the store's
  // StoreOptions::read_consistency.
  std::optional<ReadConsistency> consistency;
  // Rows a client fetches per round trip, as HBase's Scan.setCaching; <= 0
  // (HBase's default is -1) = unset. The library reads ahead on its own,
  // so it changes no result; it is kept because OBKV-HBase refuses a
  // caching scan on a time-series table (doc/obkv-compat.md C-39).
  int caching = -1;
};

}  // namespace obkvlite

#endif  // OBKVLITE_QUERY_H_
