// Copyright (c) obkvlite authors.
//
// Secondary index tables (doc/indexes.md). OBKV-HBase has no secondary
// indexes: a query that is not a row-key prefix needs a table whose row key
// starts with the indexed value. A spec's "indexes" (obkvlite/spec.h
// IndexSpec) declares such tables; the store creates and drops them with
// their table, keeps them in step in the same transaction as every write,
// and reads through them (Table::GetIndexScanner). Each is an ordinary
// HBase table, so `list`, `scan`, `sql` and the OceanBase DDL see it.
//
// Index row key: the value escaped (0x00 -> 0x00 0xFF, every other byte as
// is), the terminator 0x00 0x00, then the main row key unchanged. Its
// memcmp order is the order of (value, row key), and the escaped value is a
// prefix of exactly the keys whose value starts with it, for any bytes.
// The index row holds the main row's newest stored version of the indexed
// cell and of each covered column (same family, qualifier, timestamp and
// value).
//
// Thread safety: the functions are pure; the types are plain values.

#ifndef OBKVLITE_INDEX_H_
#define OBKVLITE_INDEX_H_

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "obkvlite/query.h"
#include "obkvlite/status.h"

namespace obkvlite {

// The escaped value followed by the terminator: the start of every index
// key of `value`.
std::string EncodeIndexValue(std::string_view value);

// The escaped `prefix` without terminator: the start of every index key
// whose value starts with `prefix`.
std::string EncodeIndexValuePrefix(std::string_view prefix);

// EncodeIndexValue(value) + row.
std::string EncodeIndexKey(std::string_view value, std::string_view row);

// Splits an index key into value and main row key; false when `key` is not
// one (no terminator, or a 0x00 followed by neither 0xFF nor 0x00).
bool DecodeIndexKey(std::string_view key, std::string* value,
                    std::string* row);

// A read through an index (Table::GetIndexScanner): the main table's rows
// whose indexed value equals `value` (or, with `prefix`, starts with it),
// in index order (value, then row key). Projections and versions are a
// Scan's; `limit` counts main rows. When every requested column is
// covered (or is the indexed column) and max_versions is 1, the index
// answers alone, without reading the main table.
struct IndexScan {
  std::string index;  // the index's name, with or without its namespace
  std::optional<std::string> value;   // exactly this value
  std::optional<std::string> prefix;  // or values starting with this
  int64_t limit = 0;                  // rows; 0 = unlimited
  int max_versions = 1;
  std::vector<std::string> families;
  std::vector<Column> columns;
};

// What Table::CheckIndex found.
struct IndexCheckReport {
  std::string index;     // the index table's name
  int64_t entries = 0;   // index rows found
  int64_t expected = 0;  // index rows the main table calls for
  // Entries the main table calls for and the index lacks.
  int64_t missing = 0;
  // Index rows that the main table does not call for, or whose cells
  // differ from it.
  int64_t stale = 0;
  // The first few keys (escaped as Bytes.toStringBinary) of each kind.
  std::vector<std::string> missing_keys;
  std::vector<std::string> stale_keys;

  bool clean() const { return missing == 0 && stale == 0; }
};

// How Table::RebuildIndex runs.
struct IndexRebuildOptions {
  int batch_rows = 1000;  // main rows per write transaction
  // Called after each batch with rows done and rows in all; may be empty.
  std::function<void(int64_t done, int64_t total)> progress;
};

}  // namespace obkvlite

#endif  // OBKVLITE_INDEX_H_
