// Copyright (c) obkvlite authors.
//
// CellCursor: a stream of stored cells from one partition table, in the
// table's index order (forward: row, qualifier ascending, newest first;
// reversed: the exact opposite). The current cell is exposed as views into
// the connection's row buffer, valid until Next(): the merge (CellHeap)
// compares them without copying. PartitionCursor reads one partition table;
// ShardStream merges several on a thread of its own.
//
// Thread safety: used by one thread.

#ifndef OBKVLITE_HBASE_READ_CELL_CURSOR_H_
#define OBKVLITE_HBASE_READ_CELL_CURSOR_H_

#include <cstdint>
#include <string_view>

#include "obkvlite/status.h"
#include "storage/statement.h"

namespace obkvlite {

class CellCursor {
 public:
  CellCursor(int family_index, int partition)
      : family_index_(family_index), partition_(partition) {}
  virtual ~CellCursor() = default;

  // Moves to the next cell; sets !valid() at the end or on error.
  virtual void Next() = 0;

  bool valid() const { return valid_; }
  const Status& status() const { return status_; }
  // Position of the current cell's family in the read (byte order of
  // names) and its partition. Fixed for a PartitionCursor; a cursor merging
  // several tables (ShardStream) sets them per cell.
  int family_index() const { return family_index_; }
  int partition() const { return partition_; }

  // The current cell. REQUIRED: valid().
  std::string_view key() const { return cell_.a; }
  std::string_view qualifier() const { return cell_.b; }
  int64_t t() const { return cell_.integer; }  // the stored (negated) T
  std::string_view value() const { return cell_.c; }

 protected:
  bool valid_ = false;
  Status status_;
  // The current cell, as a statement's AdvanceRow fills it in place (no
  // copy per cell): a = key, b = qualifier, c = value, integer = stored T.
  storage::RowColumns cell_;
  int family_index_;
  int partition_;
};

}  // namespace obkvlite

#endif  // OBKVLITE_HBASE_READ_CELL_CURSOR_H_
