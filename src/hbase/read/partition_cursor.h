// Copyright (c) obkvlite authors.
//
// PartitionCursor: the normal layout's CellCursor (hbase/read/cell_cursor.h)
// over a cached prepared statement of its connection. Three modes:
//   - range: rows in a KeyRange, T bounds, forward or reversed;
//   - row: one whole row (a Get of whole families), forward, by K = ?;
//   - columns: one row, a sorted list of qualifiers (a Get with columns),
//     forward, one qualifier after the other; `lock_rows` reads them FOR
//     UPDATE where the engine locks rows (the read of a read-modify-write).
// A paged range cursor on a connection with page_rows() > 0 reads in pages
// (layout::Page):
// each page is one bounded result, the next one starts after the last
// cell read, so memory stays flat and the connection is free between
// pages for the other cursors and writes of the same transaction.
// Inside a read whose snapshot is pending (Connection::BeginReadOnDemand)
// a cursor that needs a second statement (a full first page, a second
// qualifier) takes the snapshot first, and reads its first page again in
// it. A full first page of a limited scan is read as it is, its rows
// counted: when the read's last row starts before the page's last row,
// the page ends the read in its own snapshot; otherwise, at the page's
// last row (which may go on past the page), the cursor takes the snapshot
// and reads on from that row. Each row is then read whole from one
// snapshot, the rows before it from the page's (HBase's row atomicity;
// an HBase scan is no snapshot of the table either).
//
// REQUIRED: the Connection outlives the cursor, and no other cursor uses
// the same (table, statement kind) of that connection at the same time
// (a read opens one cursor per partition table).
// Thread safety: used by one thread.

#ifndef OBKVLITE_HBASE_READ_PARTITION_CURSOR_H_
#define OBKVLITE_HBASE_READ_PARTITION_CURSOR_H_

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "hbase/cells_per_row_hint.h"
#include "hbase/read/cell_cursor.h"
#include "hbase/routed_cell.h"
#include "layout/normal_layout.h"
#include "layout/timestamp_codec.h"
#include "obkvlite/router.h"
#include "obkvlite/status.h"
#include "storage/connection.h"

namespace obkvlite {

class PartitionCursor final : public CellCursor {
 public:
  // A range cursor; `keys` is copied. Positions on the first cell. With
  // `paged` it reads in pages where the connection asks for them (a scan;
  // a Get reads its one row whole, one statement being one snapshot).
  // `row_limit` (0: none), the rows the read takes from this cursor at
  // most, sizes the first page so that a short scan is one page, and tells
  // a read whose snapshot is pending that a first page holding more rows
  // ends it.
  // `shape` says whether the T bounds apply and V is read (layout/
  // normal_layout.h: ReadShape; without V, value() is empty).
  // `cells_per_row` (may be null: CellsPerRowHint::kInitial), the family's
  // hint, sizes that first page, and learns from a full one; REQUIRED: it
  // outlives the cursor.
  static Result<std::unique_ptr<CellCursor>> OpenRange(
      storage::Connection* conn, const std::string& table, const KeyRange& keys,
      layout::TBounds times, layout::ScanOrder order, int family_index,
      int partition, bool paged = true, int64_t row_limit = 0,
      layout::ReadShape shape = layout::ReadShape(),
      CellsPerRowHint* cells_per_row = nullptr);

  // An unopened cursor on `conn` (not valid()), for StartRow and
  // StartColumns: a point read opens its families' cursors in turn in one
  // object, without an allocation.
  explicit PartitionCursor(storage::Connection* conn)
      : CellCursor(0, 0), conn_(conn) {}

  // (Re)opens this cursor as a row cursor over every qualifier of `row`,
  // forward, never paged, releasing the statement of its previous opening;
  // positions it on the first cell. It reads Q, T (and V): key() is `row`.
  // The error, if any, is also status().
  // REQUIRED: `row` outlives this opening (it is not copied).
  Status StartRow(const std::string& table, std::string_view row,
                  layout::TBounds times, int family_index, int partition,
                  layout::ReadShape shape);
  // The same as a columns cursor over `row` and `qualifiers` (sorted
  // ascending, distinct; both copied), never paged. It reads T (and V)
  // only: key() and qualifier() are the ones asked for. With several
  // qualifiers it takes the connection's pending snapshot (one statement
  // per qualifier). `versions` > 0 stops each qualifier after that many
  // cells, its newest (a read without a filter wants no more: a counter's
  // Increment reads one version, not all of them); 0 reads them all. On a
  // server the statement says so too (LIMIT), so the older versions are
  // neither sent nor, with `lock_rows`, locked.
  Status StartColumns(const std::string& table, std::string_view row,
                      const std::vector<std::string>& qualifiers,
                      layout::TBounds times, int family_index, int partition,
                      bool lock_rows, layout::ReadShape shape,
                      int64_t versions = 0);

  ~PartitionCursor() override;

  // The current cell's TTL (ms) in a read of ReadShape::cell_ttl, or
  // kNoCellTtl when it has none (or the read selects no TTL).
  int64_t ttl_ms() const {
    return col_ttl_ < 0 || stmt_->ColumnIsNull(col_ttl_)
               ? kNoCellTtl
               : stmt_->ColumnInt(col_ttl_);
  }
  // Inline for a cursor that streams (not paged, not by columns), per cell
  // the one call of the statement; the general case otherwise.
  void Next() override {
    if (!streams_) return NextInTurn();
    // Straight into the current cell: a row cursor reads no K, and keeps
    // the row it bound as the key.
    const storage::StepCode rc =
        stmt_->AdvanceRow(col_k_, col_q_, col_v_, col_t_, &cell_);
    if (rc != storage::StepCode::kRow) EndStream(rc);
  }

 private:
  PartitionCursor(storage::Connection* conn, const std::string& table,
                  int family_index, int partition)
      : CellCursor(family_index, partition), conn_(conn), table_(table) {}
  // Sets the table, place and shape of a point cursor's new opening.
  void StartPoint(const std::string& table, int family_index, int partition,
                  layout::ReadShape shape);
  // Takes the cached statement of `kind` on table_; false on error
  // (status_).
  bool UsePointStatement(int kind);
  // Sets the columns Next reads, by mode and shape.
  void SetColumns();
  // Binds the range (?1..?4) and, when paged, the page limit (?5).
  void BindRange();
  // Binds qualifier number `next_qualifier_` (columns mode).
  void BindNextQualifier();
  // Keeps the current cell as the page's last (before the statement moves).
  void RememberLast();
  // Starts the page after the last cell; false at the end or on error.
  bool NextPage();
  // At the first cell of a full first page read without a snapshot
  // (snapshot pending), with a row limit: true when the page may be read
  // lazily, its rows counted as they come (LazyRowMayPassPage); false when
  // the snapshot must be taken now (no limit, a page of one row, a page of
  // at most row_limit_ cells). Refills `row` (the current row's views).
  bool StartLazyPage(storage::RowColumns* row);
  // Lazily, at each cell of the page (K `k`) after the first: true when it
  // starts the page's last row (which may go on past the page) and the
  // read takes that row. Counts rows; false from the row after the read's
  // last on (the page ends the read: teaches the hint), or for any other
  // cell.
  bool LazyRowMayPassPage(std::string_view k);
  // Reads on from the page's last row, in a new first page (the range
  // narrowed to start there); false on error (status_).
  bool RestartAtPageLastRow();
  // Runs the statement of `page` over the range as it stands, with twice
  // the page limit (at most page_rows * kMaxPageGrowth), bound up to ?5;
  // false on error (status_). REQUIRED: the statement before it is reset.
  bool OpenNextPage(layout::Page page);
  // Next's general case: pages, qualifiers in turn, a pending snapshot.
  void NextInTurn();
  // Sets streams_ once the cursor is positioned on its first cell: whether
  // each later cell of this opening is one more step of its statement.
  void SetStreams();
  // A streaming cursor's statement stopped with `rc`: done, or an error.
  void EndStream(storage::StepCode rc);
  void Finish();

  storage::Connection* conn_;
  std::string table_;
  storage::Statement* stmt_ = nullptr;
  enum class Mode { kRange, kColumns, kRow };
  KeyRange keys_;         // bound blobs live here (range and columns modes)
  std::string_view row_;  // the one row (columns and row modes)
  layout::TBounds times_;
  layout::LoBound lo_ = layout::LoBound::kInclusive;
  layout::HiBound hi_ = layout::HiBound::kNone;
  layout::ScanOrder order_ = layout::ScanOrder::kForward;
  layout::ReadShape shape_;
  std::vector<std::string> qualifiers_;  // columns mode
  size_t next_qualifier_ = 0;
  // Columns mode: the cells a qualifier yields at most (0: all), and how
  // many the current one has yielded.
  int64_t versions_ = 0;
  int64_t qualifier_cells_ = 0;
  // Columns mode on a server: versions_, bound as the statement's LIMIT
  // (0: no LIMIT).
  int64_t column_limit_ = 0;
  Mode mode_ = Mode::kRange;
  // Valid, not paged and not by columns: Next steps the statement alone.
  bool streams_ = false;
  // The columns of K, Q, V, TTL (-1: not read) and T (SetColumns).
  int col_k_ = -1, col_q_ = -1, col_v_ = -1, col_t_ = -1, col_ttl_ = -1;
  // Pages: 0 = the statement streams.
  int64_t page_limit_ = 0;
  int64_t page_rows_read_ = 0;
  int64_t row_limit_ = 0;  // rows the read takes at most (0: unknown)
  CellsPerRowHint* cells_per_row_ = nullptr;  // the family's, or null
  // A first page read lazily (StartLazyPage): the K of its last cell, the
  // rows positioned on so far and the current row's K.
  bool lazy_ = false;
  std::string page_last_k_;
  int64_t rows_seen_ = 0;
  std::string row_k_;
  std::string last_k_, last_q_;  // the last cell of a full page
  int64_t last_t_ = 0;
};

}  // namespace obkvlite

#endif  // OBKVLITE_HBASE_READ_PARTITION_CURSOR_H_
