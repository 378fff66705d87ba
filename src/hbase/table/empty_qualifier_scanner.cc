// Copyright (c) obkvlite authors.
#include "hbase/table/empty_qualifier_scanner.h"

#include "hbase/api_guard.h"

namespace obkvlite {

bool EmptyQualifierScanner::Judge() {
  if (judged_) return refused_.ok();
  judged_ = true;
  try {
    refused_ = gate_->Check(table_, "scan", "C-22");
  } catch (...) {  // a finding's memory: the scan ends as the guard says
    refused_ = CurrentExceptionStatus("scan");
  }
  return refused_.ok();
}

bool EmptyQualifierScanner::NextCell(CellView* out) {
  if (!refused_.ok() || !inner_->NextCell(out)) return false;
  return !out->qualifier.empty() || Judge();
}

bool EmptyQualifierScanner::NextRow(RowResult* out) {
  if (!refused_.ok() || !inner_->Next(out)) return false;
  for (const Cell& cell : out->cells) {
    if (cell.qualifier.empty()) return Judge();
  }
  return true;
}

Status EmptyQualifierScanner::status() const {
  if (!refused_.ok()) return refused_;
  return inner_->status();
}

}  // namespace obkvlite
