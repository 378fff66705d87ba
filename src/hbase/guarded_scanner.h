// Copyright (c) obkvlite authors.
//
// GuardedScanner: the API guard (hbase/api_guard.h) of a scanner the store
// hands out (LiveTable::GetScanner, GetIndexScanner): an exception thrown
// while reading ends the scan with an IOError status naming `what`, as
// GuardApi does for the table's calls, whatever the layout's scanner.
// Next and NextCell, and their mixing, are the wrapped scanner's.
//
// Thread safety: as the wrapped Scanner (one thread at a time).

#ifndef OBKVLITE_HBASE_GUARDED_SCANNER_H_
#define OBKVLITE_HBASE_GUARDED_SCANNER_H_

#include <memory>

#include "obkvlite/scanner.h"
#include "obkvlite/status.h"

namespace obkvlite {

class GuardedScanner final : public Scanner {
 public:
  // REQUIRED: `inner` is not null; `what` is a string literal.
  GuardedScanner(const char* what, std::unique_ptr<Scanner> inner)
      : what_(what), inner_(std::move(inner)) {}

  bool NextCell(CellView* out) override;
  Status status() const override;
  int partitions_opened() const override { return inner_->partitions_opened(); }

 protected:
  bool NextRow(RowResult* out) override;

 private:
  const char* what_;
  std::unique_ptr<Scanner> inner_;
  Status failed_;  // the guard's error, once an exception ended the scan
};

}  // namespace obkvlite

#endif  // OBKVLITE_HBASE_GUARDED_SCANNER_H_
