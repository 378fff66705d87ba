// Copyright (c) obkvlite authors.
//
// IndexSync: keeps a table's secondary indexes in step with one write
// (obkvlite/index.h), inside the write's transaction. Before the write's
// first change to a row, Before() reads the newest stored version of each
// index column of the row; after the write, Apply() reads them again and,
// for each index whose entry changed, deletes the old index row and writes
// the new one (at most one row write per index and row, plus the delete
// when the entry moved). A new entry whose key is over kMaxRowKeyBytes
// fails Apply, which rolls the whole write back.
//
// Works for every mutation kind alike: it looks at the stored result, not
// at the mutation. A table without indexes makes every call a no-op.
//
// REQUIRED: `main` outlives the IndexSync; every call runs on the writer
// of one write transaction that sees the partition tables of the main and
// index tables (StoreContext::RunWrite).
// Thread safety: one thread.

#ifndef OBKVLITE_HBASE_INDEX_INDEX_SYNC_H_
#define OBKVLITE_HBASE_INDEX_INDEX_SYNC_H_

#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "hbase/index/index_entry.h"
#include "hbase/table_schema.h"
#include "obkvlite/status.h"
#include "storage/connection.h"

namespace obkvlite {

// The newest stored version of each column of `index` for `row`.
Result<IndexColumnsState> ReadIndexColumns(storage::Connection* conn,
                                           const TableSchema& main,
                                           const IndexInfo& index,
                                           std::string_view row);

class IndexSync {
 public:
  explicit IndexSync(const TableSchema* main) : main_(main) {}

  bool active() const { return !main_->indexes().empty(); }

  // Records the state of `row`, unless it already is.
  Status Before(storage::Connection* writer, std::string_view row);
  // Records that `row` has no entries in `indexes` (of the main table): a
  // rebuild of emptied indexes. REQUIRED: after Before(row).
  void ForgetEntries(std::string_view row,
                     const std::vector<const IndexInfo*>& indexes);
  // Brings the entries of every recorded row in step with the main table.
  Status Apply(storage::Connection* writer);

 private:
  const TableSchema* main_;
  // Row -> its state before the write, per index.
  std::map<std::string, std::vector<IndexColumnsState>, std::less<>> rows_;
};

}  // namespace obkvlite

#endif  // OBKVLITE_HBASE_INDEX_INDEX_SYNC_H_
