// Copyright (c) obkvlite authors.
//
// The write side of the timeseries layout: a Put becomes one document per
// (row, family, ts), V holding every cell of that ts (a later cell with the
// same qualifier in the same put wins).
//
// A TimeseriesPlan validates a batch's puts before anything is written
// (limits of hbase/limits.h with their messages, UTF-8, one family per
// put, routing) and encodes every V into one text buffer, the bytes the
// insert binds. A thread reuses its plan, so a batch allocates nothing
// once the buffers have grown.
//
// Write times (S): put i of a batch is written at base + offset(i), base
// reserved once per batch from the store's clock (timeseries_clock.h).
// offset(i) is 0 unless an earlier put of the batch has a document with
// the same (family, row, ts): then it is one more than that put's, so the
// later put is newer and wins, as a later put in its own call would. A
// batch of distinct keys thus takes one write time. On a primary-key
// conflict (another process took that S) the writer removes what the put
// inserted, reserves a new base for the rest of the batch and retries.
//
// Thread safety: a plan and a writer are used by one thread at a time; the
// writer runs on writer connections under the store's write mutex.

#ifndef OBKVLITE_HBASE_TIMESERIES_TIMESERIES_WRITE_H_
#define OBKVLITE_HBASE_TIMESERIES_TIMESERIES_WRITE_H_

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "hbase/table_schema.h"
#include "hbase/write/write_path.h"
#include "layout/timeseries_value.h"
#include "obkvlite/mutation.h"
#include "obkvlite/status.h"
#include "storage/connection.h"

namespace obkvlite {

// One planned document.
struct TimeseriesDoc {
  const FamilyInfo* family;
  int partition;
  std::string_view row;  // into the Put, which outlives the write
  int64_t ts;
  size_t put;  // index of its put in the plan
  // V is the plan's text [value_begin, value_begin + value_size).
  size_t value_begin;
  size_t value_size;
};

class TimeseriesPlan {
 public:
  // Forgets the last batch; buffers grown past a limit are released.
  void Clear();

  // Validates `put` and appends its documents (one per distinct ts) as put
  // number puts(), cells without a timestamp stamped `now_ms`. On error
  // nothing is appended.
  Status AddPut(const TableSchema& schema, const Put& put, int64_t now_ms);
  // Appends a put number without documents (a delete of a batch).
  void AddNone() { put_end_.push_back(docs_.size()); }

  // Computes offset() and span(): call once, after the last put.
  void AssignWriteTimes();

  size_t puts() const { return put_end_.size(); }
  // The documents of put `i`: [docs_begin(i), docs_end(i)) of docs().
  size_t docs_begin(size_t i) const { return i == 0 ? 0 : put_end_[i - 1]; }
  size_t docs_end(size_t i) const { return put_end_[i]; }
  const std::vector<TimeseriesDoc>& docs() const { return docs_; }
  // The JSON text of `doc`'s V, valid until the next AddPut or Clear.
  std::string_view value(const TimeseriesDoc& doc) const {
    return std::string_view(text_).substr(doc.value_begin, doc.value_size);
  }
  // The write time of put `i` relative to the batch's base, and the
  // number of write times the batch needs (the largest offset + 1).
  int64_t offset(size_t i) const { return offsets_.empty() ? 0 : offsets_[i]; }
  int64_t span() const { return span_; }

  // Every routed cell of every put (sorted by ts and qualifier within a
  // put), for request counting.
  const std::vector<RoutedCell>& cells() const { return cells_; }

 private:
  // True when no two documents have the same (family, row, ts).
  bool KeysDistinct();

  std::vector<RoutedCell> cells_;
  std::vector<TimeseriesDoc> docs_;
  std::vector<size_t> put_end_;
  std::string text_;
  std::vector<int64_t> offsets_;  // per put; empty: all 0
  int64_t span_ = 1;
  // Scratch.
  std::vector<layout::TimeseriesMember> members_;
  std::vector<std::pair<uint64_t, uint32_t>> keys_;  // (hash, doc)
  std::vector<int32_t> prev_;  // per doc: the last earlier doc of its key
};

// Writes the puts of one plan with the write times described above, in
// multi-row INSERTs of up to layout::InsertRowsPerStatement(
// rows_per_insert()) documents of one partition table, each request within
// the connection's max_request_bytes(). A statement that hits a taken key
// inserts nothing; the writer then removes what the call inserted,
// reserves a new base and writes the call's puts again.
// REQUIRED: the plan (and the puts it points into) outlive the writer and
// do not change meanwhile.
class TimeseriesWriter {
 public:
  TimeseriesWriter(const std::string& store_path, int64_t now_ms,
                   const TimeseriesPlan& plan)
      : store_path_(store_path), now_ms_(now_ms), plan_(plan) {}

  // Inserts the documents of puts puts[0..n) (plan indexes) on `writer`;
  // the first call reserves the batch's base. Busy when no free S was
  // found.
  Status WritePuts(storage::Connection* writer, const size_t* puts, size_t n);
  // Inserts the documents of every put of the plan.
  Status WriteAll(storage::Connection* writer);

  // Starts an attempt of the write transaction: a rolled-back one runs
  // again, perhaps on a reconnected session whose statement cache is new,
  // so the remembered statement is looked up afresh.
  void BeginAttempt() {
    last_writer_ = nullptr;
    last_table_ = nullptr;
    insert_ = nullptr;
  }

 private:
  // Inserts the documents of order_ at base_; sets *conflict and stops
  // when a key was taken, *inserted being the count of order_'s first
  // documents inserted before it.
  Status InsertDocs(storage::Connection* writer, size_t* inserted,
                    bool* conflict);
  // Removes order_'s first `n` documents (written at base_).
  Status RemoveDocs(storage::Connection* writer, size_t n);
  // S of `doc` at base_.
  int64_t WriteTime(const TimeseriesDoc& doc) const;

  const std::string& store_path_;
  const int64_t now_ms_;
  const TimeseriesPlan& plan_;
  bool reserved_ = false;
  int64_t base_ = 0;
  // The documents of the current call, grouped by partition table.
  std::vector<uint32_t> order_;
  // The insert statement of `last_rows_` rows of the last table on
  // `last_writer_`.
  storage::Connection* last_writer_ = nullptr;
  const std::string* last_table_ = nullptr;
  size_t last_rows_ = 0;
  storage::Statement* insert_ = nullptr;
};

}  // namespace obkvlite

#endif  // OBKVLITE_HBASE_TIMESERIES_TIMESERIES_WRITE_H_
