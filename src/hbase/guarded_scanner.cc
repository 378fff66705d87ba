// Copyright (c) obkvlite authors.
#include "hbase/guarded_scanner.h"

#include "hbase/api_guard.h"

namespace obkvlite {

// No GuardApi here: a Result per cell would cost the zero-copy path; a
// try block costs nothing until something throws.
bool GuardedScanner::NextCell(CellView* out) {
  if (!failed_.ok()) return false;
  try {
    return inner_->NextCell(out);
  } catch (...) {
    failed_ = CurrentExceptionStatus(what_);
    return false;
  }
}

bool GuardedScanner::NextRow(RowResult* out) {
  if (!failed_.ok()) return false;
  try {
    return inner_->Next(out);
  } catch (...) {
    failed_ = CurrentExceptionStatus(what_);
    return false;
  }
}

Status GuardedScanner::status() const {
  if (!failed_.ok()) return failed_;
  return inner_->status();
}

}  // namespace obkvlite
