// Copyright (c) obkvlite authors.
//
// RowReader: executes a ReadPlan on one connection. It opens one cursor per
// (family, pruned partition), merges them with a CellHeap and assembles
// rows, driving every candidate cell through the RowMatcher (filter and
// versions cap); TimeToLive and the time range are already SQL bounds.
//
// Forward reads stream a row's cells straight into the matcher. Reversed
// reads receive a row's cells in exact reverse order (the index read
// backwards, which SQLite streams); the reader buffers the one row and
// offers it back to front, so cells keep family, qualifier ascending,
// newest first. Memory: the cursors plus one row.
//
// REQUIRED: the plan and the connection outlive the reader; the caller
// holds a transaction on the connection when the plan has several cursors
// (a consistent snapshot).
// Thread safety: used by one thread.
//
// NextCell streams a forward read without a filter cell by cell, as views
// of the cursors' current cells (no copy); NextRow after NextCell starts at
// the next row.

#ifndef OBKVLITE_HBASE_READ_ROW_READER_H_
#define OBKVLITE_HBASE_READ_ROW_READER_H_

#include <memory>
#include <string>
#include <vector>

#include "hbase/read/cell_cursor.h"
#include "hbase/read/cell_heap.h"
#include "hbase/read/partition_cursor.h"
#include "hbase/read/read_plan.h"
#include "hbase/read/row_matcher.h"
#include "layout/timestamp_codec.h"
#include "obkvlite/cell.h"
#include "storage/connection.h"
#include "util/always_inline.h"
#include "util/same_bytes.h"

namespace obkvlite {

// (Re)opens in `cursor` the point cursor of `plan`'s family `family_index`
// and partition `partition` (PartitionCursor::StartRow, or StartColumns
// for a family read by columns), as OpenPlanCursor would open it.
// REQUIRED: plan.point; `plan` outlives that opening.
Status StartPointCursor(const ReadPlan& plan, int family_index, int partition,
                        PartitionCursor* cursor);

// The cursor of `plan` over partition table `partition` of family number
// `family_index` (a range cursor, or for a point plan StartPointCursor's),
// positioned on its first cell: the one place a read's cursor is opened,
// by RowReader::Open and by the shard threads (shard_stream.h).
Result<std::unique_ptr<CellCursor>> OpenPlanCursor(const ReadPlan& plan,
                                                   storage::Connection* conn,
                                                   int family_index,
                                                   int partition);

class RowReader {
 public:
  // `conn` may be null when every cursor comes from AdoptCursors.
  RowReader(const ReadPlan* plan, storage::Connection* conn);

  // One cursor of the read: family number and partition.
  struct CursorSource {
    int family_index;
    int partition;
  };
  // Every cursor of `plan`, by family, then partition.
  static std::vector<CursorSource> Sources(const ReadPlan& plan);

  // Opens the cursors (each queries its partition table): all of them, or
  // `sources` only, the others coming from AdoptCursors.
  Status Open();
  Status Open(const std::vector<CursorSource>& sources);
  // Merges `cursors` too (each in the CellHeap order, positioned on its
  // first cell); with those of Open, they hold the plan's cells.
  void AdoptCursors(std::vector<std::unique_ptr<CellCursor>> cursors);

  // Number of cursors Open() would create; > 1 needs a snapshot.
  static int CursorCount(const ReadPlan& plan);
  // Number of pruned partitions of the plan (partitions_opened()).
  static int PartitionCount(const ReadPlan& plan);

  // The next row the filter keeps, whole (no limit or batch applied here).
  // False at the end or on error (status(): a cursor's or the filter's).
  bool NextRow(RowResult* out);

  // Whether NextCell can stream `plan` (forward, no filter).
  static bool StreamsCells(const ReadPlan& plan);

  // The next cell the read returns, as views valid until the next call of
  // NextCell, NextRow or Close; `*new_row` is set when it is the first of
  // its row. False at the end or on error (status()). Inline: it runs per
  // cell of a scan read by NextCell.
  // REQUIRED: StreamsCells(plan).
  OBKV_ALWAYS_INLINE bool NextCell(CellView* out, bool* new_row) {
    if (advance_pending_) {
      advance_pending_ = false;
      if (!AdvanceTop()) return false;
    }
    // The no-filter loop, fused: a cell leaves as views of its cursor's
    // current cell, once its column's versions cap lets it (RowMatcher).
    while (!heap_.empty()) {
      const CellCursor* c = heap_.top();
      const std::string_view key = c->key();
      if (!in_cell_row_ || (!plan_->point && !SameBytes(key, row_))) {
        SetRow(key);
        matcher_.BeginRow(row_);  // no filter: every row begins
        in_cell_row_ = true;
        row_returned_ = false;
      }
      const FamilyRead& read = plan_->families[c->family_index()];
      const std::string_view qualifier = c->qualifier();
      if (read.Wants(qualifier) &&
          matcher_.OfferView(c->family_index(), qualifier, read.max_versions)) {
        out->row = row_;
        out->family = read.family->name();
        out->qualifier = qualifier;
        out->timestamp = layout::DecodeTimestamp(c->t());
        out->value = c->value();
        *new_row = !row_returned_;
        row_returned_ = true;
        advance_pending_ = true;
        return true;
      }
      if (!AdvanceTop()) return false;
    }
    return EndCells(new_row);
  }

  // Reuses `cells` (emptied) as the memory of the cells to come
  // (RowMatcher::AdoptSlots). REQUIRED: before the first NextRow.
  void AdoptSlots(std::vector<Cell>* cells) { matcher_.AdoptSlots(cells); }

  const Status& status() const { return status_; }
  int partitions_opened() const { return partitions_opened_; }

  // Releases the cursors (their cached statements) early.
  void Close();

 private:
  struct BufferedCell {
    int family_index;
    std::string qualifier;
    int64_t t;
    std::string value;
  };

  // Opens the cursor of `source` (Close and status() on error).
  Status OpenCursor(const CursorSource& source);
  // Owns `cursor` and merges it.
  void Keep(std::unique_ptr<CellCursor> cursor);
  // Steps the top cursor and restores the heap; false on a cursor error.
  OBKV_ALWAYS_INLINE bool AdvanceTop() {
    CellCursor* top = heap_.top();
    if (top == first_partition_cursor_) {
      // A final class: inline, without a virtual call (a read of one
      // partition table steps only this one, per cell).
      first_partition_cursor_->Next();
    } else {
      top->Next();
    }
    if (!top->status().ok()) return FailTop();
    heap_.TopAdvanced();
    return true;
  }
  // The top cursor failed: its error ends the read (false).
  bool FailTop();
  // NextCell at the end of the read (false).
  bool EndCells(bool* new_row);
  // Feeds the current row's cells to the matcher.
  bool ReadRowForward();
  bool ReadRowReversed();
  bool SkipRow();
  // Offers one cell to the matcher (copied only when it is offered).
  void Offer(int family_index, std::string_view qualifier, int64_t t,
             std::string_view value);

  const ReadPlan* plan_;
  storage::Connection* conn_;
  // The cursors: the first inline (a Get of one family has no other).
  std::unique_ptr<CellCursor> first_cursor_;
  // first_cursor_ when it is a PartitionCursor (null otherwise), stepped
  // without a virtual call.
  PartitionCursor* first_partition_cursor_ = nullptr;
  std::vector<std::unique_ptr<CellCursor>> cursors_;
  CellHeap heap_;
  RowMatcher matcher_;
  Status status_;
  int partitions_opened_ = 0;
  bool done_ = false;

  // Makes `key` the current row.
  void SetRow(std::string_view key);

  // Per-row state: the current row, a view of row_buf_ or, for a point
  // read, of the plan's key (no copy).
  std::string row_buf_;
  std::string_view row_;
  std::vector<BufferedCell> buffer_;  // reversed: the row, reused
  size_t buffered_ = 0;
  // NextCell: row_ is being streamed; the top cursor's cell was handed out
  // and is stepped at the next call; a cell of row_ was returned.
  bool in_cell_row_ = false;
  bool advance_pending_ = false;
  bool row_returned_ = false;
};

}  // namespace obkvlite

#endif  // OBKVLITE_HBASE_READ_ROW_READER_H_
