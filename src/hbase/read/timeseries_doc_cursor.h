// Copyright (c) obkvlite authors.
//
// DocCursor: the documents (K, T, S, V) of one timeseries table in a key
// range and T bounds, in (K, T, S) order. On a connection with
// page_rows() > 0 it reads in pages (layout/page.h), each page one bounded
// result and the next starting after the last document, so memory stays
// flat; otherwise its statement streams. The timeseries scanner and the
// table copy read documents through it.
//
// REQUIRED: the connection and `keys` outlive the cursor; no other cursor
// uses the same (table, statement kind) of the connection at the same
// time; the caller holds a read transaction when paged (one snapshot),
// which may be one whose snapshot is pending (Transaction::kReadOnDemand):
// a full first page then takes it and is read again inside it.
// The current document's views are valid until Next().
// Thread safety: used by one thread.

#ifndef OBKVLITE_HBASE_READ_TIMESERIES_DOC_CURSOR_H_
#define OBKVLITE_HBASE_READ_TIMESERIES_DOC_CURSOR_H_

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>

#include "layout/timestamp_codec.h"
#include "obkvlite/router.h"
#include "obkvlite/status.h"
#include "storage/connection.h"

namespace obkvlite {

class DocCursor {
 public:
  // Positions on the first document. `paged`: read in pages where the
  // connection asks for them (a scan; a Get reads its row whole).
  Status Open(storage::Connection* conn, std::string table,
              const KeyRange* keys, layout::TBounds times, bool paged);
  DocCursor() = default;
  ~DocCursor() { Close(); }
  // A moved-from cursor is closed without touching the statement it held.
  DocCursor(DocCursor&& other) noexcept { *this = std::move(other); }
  DocCursor& operator=(DocCursor&& other) noexcept;
  DocCursor(const DocCursor&) = delete;
  DocCursor& operator=(const DocCursor&) = delete;

  // The next document; !valid() at the end.
  Status Next();
  bool valid() const { return valid_; }
  // The current document. REQUIRED: valid().
  std::string_view key() const;
  int64_t t() const;  // stored (negated) timestamp
  int64_t s() const;
  std::string_view value() const;

  // Frees the cached statement for others.
  void Close();

 private:
  // Binds the statement of `page` (layout::Page).
  Status Start(int page);

  storage::Connection* conn_ = nullptr;
  std::string table_;
  const KeyRange* keys_ = nullptr;
  layout::TBounds times_;
  int hi_ = 2;  // layout::TimeseriesScanKind's hi
  storage::Statement* stmt_ = nullptr;
  bool valid_ = false;
  int64_t page_limit_ = 0;  // 0: the statement streams
  int64_t page_rows_read_ = 0;
  std::string last_k_;  // the last document of a full page
  int64_t last_t_ = 0, last_s_ = 0;
};

}  // namespace obkvlite

#endif  // OBKVLITE_HBASE_READ_TIMESERIES_DOC_CURSOR_H_
