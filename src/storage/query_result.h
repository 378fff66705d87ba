// Copyright (c) obkvlite authors.
//
// The rows of one read-only statement of `obkv sql`
// (storage/open/readonly_query.h), whatever engine ran it: each engine's runner
// (storage/sqlite/sqlite_readonly.h, storage/mysql/mysql_query.h) fills
// them.
//
// Thread safety: plain values.

#ifndef OBKVLITE_STORAGE_QUERY_RESULT_H_
#define OBKVLITE_STORAGE_QUERY_RESULT_H_

#include <string>
#include <vector>

namespace obkvlite {
namespace storage {

// One value of a result row.
struct QueryValue {
  enum Kind { kNull, kInteger, kFloat, kText, kBlob };
  Kind kind = kNull;
  std::string bytes;  // the text the engine gives (blob: the bytes)
};

// The rows of one statement; no columns for a statement without rows.
struct QueryResult {
  std::vector<std::string> columns;
  std::vector<std::vector<QueryValue>> rows;
};

}  // namespace storage
}  // namespace obkvlite

#endif  // OBKVLITE_STORAGE_QUERY_RESULT_H_
