// Copyright (c) obkvlite authors.
//
// The indexed load of obkv-crash-writer (--indexed 1): batches on table
// "crash_indexed", whose index "crash_by_q" indexes f:q and covers g:q
// (obkvlite/index.h). Batch n is one Table::Batch: the 16 rows of
// BatchPuts(n) with f:q set to one of a few short values, then a row
// delete of row 0 of batch n-1 and a newer f:q on its row 1, so entries
// are added, moved and removed. The crash test kills the writer and checks
// that the index is consistent (Table::CheckIndex).
//
// Thread safety: pure functions.

#ifndef OBKVLITE_TOOLS_CRASH_INDEXED_BATCH_H_
#define OBKVLITE_TOOLS_CRASH_INDEXED_BATCH_H_

#include <string>
#include <vector>

#include "obkvlite/mutation.h"
#include "tools/crash/batch_load.h"

namespace obkvlite {
namespace crash {

inline constexpr const char* kIndexedTableName = "crash_indexed";
inline constexpr const char* kIndexedSpecJson =
    R"({"table": "crash_indexed", "families": [{"name": "f"}, {"name": "g"}],)"
    R"( "partition": {"strategy": "key", "partitions": 7}, "indexes": [)"
    R"({"name": "crash_by_q", "family": "f", "qualifier": "q",)"
    R"( "covered": ["g:q"], "partition": {"strategy": "key", "partitions": 3}}]})";

inline std::vector<Mutation> IndexedBatch(const std::string& writer,
                                          int64_t batch) {
  std::vector<Mutation> ops;
  for (Put& put : BatchPuts(writer, batch)) {
    put.cells[0].value = "v" + std::to_string((batch + put.row.back()) % 5);
    ops.push_back(std::move(put));
  }
  if (batch > 0) {
    ops.push_back(Delete{RowKey(writer, batch - 1, 0), DeleteType::kRow, "",
                         "", std::nullopt});
    ops.push_back(Put(RowKey(writer, batch - 1, 1))
                      .Add("f", "q", 2, "moved" + std::to_string(batch)));
  }
  return ops;
}

}  // namespace crash
}  // namespace obkvlite

#endif  // OBKVLITE_TOOLS_CRASH_INDEXED_BATCH_H_
