// Copyright (c) obkvlite authors.
//
// CellCursor: a stream of stored cells from one partition table, in the
// table's index order (forward: row, qualifier ascending, newest first;
// reversed: the exact opposite). The current cell is exposed as views into
// SQLite's row buffer, valid until Next(): the merge compares them without
// copying.
//
// PartitionCursor is the normal layout's cursor over a cached prepared
// statement of its connection. Two modes:
//   - range: rows in a KeyRange, T bounds, forward or reversed;
//   - columns: one row, a sorted list of qualifiers (a Get with columns),
//     forward, one qualifier after the other.
//
// REQUIRED: the Connection outlives the cursor, and no other cursor uses
// the same (table, statement kind) of that connection at the same time
// (a read opens one cursor per partition table).
// Thread safety: used by one thread.

#ifndef OBKVLITE_HBASE_PARTITION_CURSOR_H_
#define OBKVLITE_HBASE_PARTITION_CURSOR_H_

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "layout/normal_layout.h"
#include "layout/timestamp_codec.h"
#include "obkvlite/router.h"
#include "obkvlite/status.h"
#include "storage/connection.h"

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
  // Position of the cursor's family in the read (byte order of names).
  int family_index() const { return family_index_; }
  int partition() const { return partition_; }

  // The current cell. REQUIRED: valid().
  std::string_view key() const { return key_; }
  std::string_view qualifier() const { return qualifier_; }
  int64_t t() const { return t_; }  // the stored (negated) timestamp
  std::string_view value() const { return value_; }

 protected:
  bool valid_ = false;
  Status status_;
  std::string_view key_, qualifier_, value_;
  int64_t t_ = 0;

 private:
  const int family_index_;
  const int partition_;
};

class PartitionCursor final : public CellCursor {
 public:
  // A range cursor; `keys` is copied. Positions on the first cell.
  static Result<std::unique_ptr<CellCursor>> OpenRange(
      storage::Connection* conn, const std::string& table, const KeyRange& keys,
      layout::TBounds times, layout::ScanOrder order, int family_index,
      int partition);

  // A columns cursor over `row` and `qualifiers` (sorted ascending,
  // distinct; copied). Positions on the first cell.
  static Result<std::unique_ptr<CellCursor>> OpenColumns(
      storage::Connection* conn, const std::string& table, std::string_view row,
      const std::vector<std::string>& qualifiers, layout::TBounds times,
      int family_index, int partition);

  ~PartitionCursor() override;
  void Next() override;

 private:
  PartitionCursor(storage::SqliteStatement* stmt, int family_index,
                  int partition)
      : CellCursor(family_index, partition), stmt_(stmt) {}
  // Binds qualifier number `next_qualifier_` (columns mode).
  void BindNextQualifier();
  void Finish();

  storage::SqliteStatement* stmt_;
  KeyRange keys_;                        // bound blobs live here
  std::vector<std::string> qualifiers_;  // columns mode
  size_t next_qualifier_ = 0;
  bool columns_mode_ = false;
};

}  // namespace obkvlite

#endif  // OBKVLITE_HBASE_PARTITION_CURSOR_H_
