// Copyright (c) obkvlite authors.
//
// NormalScanner: the Scanner of the normal layout. It leases a read
// connection and holds one read transaction on it for its whole life, so
// it sees one consistent snapshot (a concurrent batch whole or not at all),
// and pulls rows from a RowReader, applying `limit` (rows) and `batch`
// (cells per RowResult). At the end, on error or on destruction it gives
// the connection back. NextCell streams cells from SQLite's row buffers
// when the reader can (RowReader::StreamsCells: forward, no filter), and
// otherwise hands out views of whole rows (Scanner's default). A scan
// spanning shards (ReadsShardsInParallel) reads them on threads instead,
// each with its own lease and snapshot (hbase/read/shard_stream.h). It
// counts what it returns itself (a ScanCounter) rather than being wrapped
// in a CountingScanner: one call less per cell.
//
// REQUIRED: the StoreContext outlives the scanner.
// Thread safety: one thread at a time (obkvlite/scanner.h).

#ifndef OBKVLITE_HBASE_READ_NORMAL_SCANNER_H_
#define OBKVLITE_HBASE_READ_NORMAL_SCANNER_H_

#include <memory>

#include "hbase/read/read_plan.h"
#include "hbase/read/row_reader.h"
#include "hbase/stats/scan_counter.h"
#include "hbase/context/store_context.h"
#include "obkvlite/scanner.h"
#include "storage/transaction.h"

namespace obkvlite {

class NormalScanner final : public Scanner {
 public:
  // Opens every pruned partition (the snapshot starts here). With
  // `counter` (hbase/stats/scan_counter.h) the scan counts its requests
  // once open, and the rows and cells it returns.
  static Result<std::unique_ptr<Scanner>> Open(
      StoreContext* ctx, ReadPlan plan,
      std::unique_ptr<ScanCounter> counter = nullptr, int64_t now_ms = 0);
  ~NormalScanner() override;

  bool NextCell(CellView* out) override;
  Status status() const override { return status_; }
  // Whether every call already ends the scan with the API guard's status
  // on an exception (hbase/guarded_scanner.h), so the store may hand the
  // scanner out unwrapped: true when it streams cells, as then the
  // default NextCell's row views, which Scanner::Next updates unguarded,
  // are never made.
  bool guards_itself() const { return streams_cells_; }
  int partitions_opened() const override { return partitions_opened_; }

 protected:
  bool NextRow(RowResult* out) override;

 private:
  explicit NormalScanner(ReadPlan plan)
      : plan_(std::make_unique<ReadPlan>(std::move(plan))),
        streams_cells_(RowReader::StreamsCells(*plan_)) {}
  // NextRow before counting.
  bool ReadRow(RowResult* out);
  // Begins the read of `kind` on lease_ and opens the reader's cursors
  // (their first pages), dropping any earlier reader and transaction.
  Status OpenReader(storage::Transaction::Kind kind);
  // Emits the next `batch` cells of pending_ into `out`.
  void EmitChunk(RowResult* out);
  // Releases the reader, the transaction and the connection.
  void Finish();
  // Ends the scan on the exception being handled (std::bad_alloc), with
  // the API guard's status. REQUIRED: called inside a catch block.
  void Fail();

  std::unique_ptr<ReadPlan> plan_;  // stable address for the reader
  const bool streams_cells_;        // RowReader::StreamsCells(*plan_)
  // Destroyed in reverse order: reader, transaction, lease.
  storage::ConnectionPool::Lease lease_;
  storage::Transaction txn_;
  std::unique_ptr<RowReader> reader_;
  std::unique_ptr<ScanCounter> counter_;  // null: not counted
  RowResult pending_;  // the rest of a row split by `batch`
  size_t pending_pos_ = 0;
  int64_t rows_ = 0;
  int partitions_opened_ = 0;
  Status status_;
};

}  // namespace obkvlite

#endif  // OBKVLITE_HBASE_READ_NORMAL_SCANNER_H_
