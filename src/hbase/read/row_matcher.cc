// Copyright (c) obkvlite authors.
#include "hbase/read/row_matcher.h"

#include "util/assign_bytes.h"
#include "util/same_bytes.h"

namespace obkvlite {

bool RowMatcher::BeginRow(std::string_view row) {
  kept_ = 0;
  skip_row_ = false;
  have_family_ = false;
  skip_family_ = false;
  have_column_ = false;
  view_family_ = -1;
  if (filter_ == nullptr) return true;
  if (Done()) return false;
  filter_->Reset();
  if (Done()) return false;
  const bool drop = filter_->FilterRowKey(row);
  return FilterOk() && !drop;
}

Cell* RowMatcher::Candidate() {
  if (kept_ == cells_.size()) {
    // A new reader (every Get) starts empty: skip the first regrowths.
    if (cells_.capacity() == 0) cells_.reserve(16);
    cells_.emplace_back();
  }
  return &cells_[kept_];
}

void RowMatcher::AdoptSlots(std::vector<Cell>* cells) {
  cells_.swap(*cells);
  cells->clear();
  kept_ = 0;
}

RowMatcher::Next RowMatcher::Offer(Cell&& cell, int max_versions,
                                   int family_max_versions) {
  *Candidate() = std::move(cell);
  return OfferCandidate(max_versions, family_max_versions);
}

bool RowMatcher::EnterColumn(std::string_view family,
                             std::string_view qualifier,
                             int family_max_versions, Next* skip) {
  if (skip_row_) {
    *skip = Next::kNextRow;
    return false;
  }
  if (!have_family_ || family != family_) {
    family_.assign(family.data(), family.size());
    have_family_ = true;
    skip_family_ = false;
    have_column_ = false;
  }
  *skip = Next::kNextColumn;
  if (skip_family_) return false;
  if (!have_column_ || !SameBytes(qualifier, qualifier_)) {
    AssignBytes(&qualifier_, qualifier);
    have_column_ = true;
    skip_column_ = false;
    column_seen_ = 0;
    column_kept_ = 0;
  }
  if (skip_column_) return false;
  // Versions beyond the family's MaxVersions do not exist for the filter.
  if (++column_seen_ > family_max_versions) {
    skip_column_ = true;
    return false;
  }
  return true;
}

bool RowMatcher::CountVersion(int max_versions) {
  if (column_kept_ >= max_versions) {
    skip_column_ = true;
    return false;
  }
  ++column_kept_;
  return true;
}

RowMatcher::Next RowMatcher::OfferCandidate(int max_versions,
                                            int family_max_versions) {
  const Cell& cell = cells_[kept_];
  Next skip;
  if (!EnterColumn(cell.family, cell.qualifier, family_max_versions, &skip)) {
    return skip;
  }
  return OfferEntered(max_versions);
}

bool RowMatcher::EnterCandidate(std::string_view family,
                                std::string_view qualifier,
                                int family_max_versions) {
  Next skip;
  return EnterColumn(family, qualifier, family_max_versions, &skip);
}

RowMatcher::Next RowMatcher::OfferEntered(int max_versions) {
  Cell& cell = cells_[kept_];
  Filter::ReturnCode rc = Filter::ReturnCode::kInclude;
  if (filter_ != nullptr) {
    if (Done()) {
      skip_row_ = true;
      return Next::kNextRow;
    }
    rc = filter_->FilterCell(cell);
  }
  switch (rc) {
    case Filter::ReturnCode::kSkip:
      return Next::kContinue;
    case Filter::ReturnCode::kNextCol:
      skip_column_ = true;
      return Next::kNextColumn;
    case Filter::ReturnCode::kNextRow:
      skip_family_ = true;
      return Next::kNextColumn;
    case Filter::ReturnCode::kInclude:
    case Filter::ReturnCode::kIncludeAndNextCol:
    case Filter::ReturnCode::kIncludeAndSeekNextRow:
      break;
  }
  // The request's versions are counted after the filter (HBASE-17125): the
  // first included version beyond the cap ends the column, so the filter
  // has seen the versions up to it.
  if (!CountVersion(max_versions)) return Next::kNextColumn;
  if (filter_ != nullptr) filter_->TransformCell(&cell);
  ++kept_;
  if (rc == Filter::ReturnCode::kIncludeAndSeekNextRow) {
    skip_family_ = true;
    return Next::kNextColumn;
  }
  // Without a filter nobody watches the versions past the cap: skip now.
  if (rc == Filter::ReturnCode::kIncludeAndNextCol ||
      (filter_ == nullptr && column_kept_ >= max_versions)) {
    skip_column_ = true;
    return Next::kNextColumn;
  }
  return Next::kContinue;
}

bool RowMatcher::EndRow(std::vector<Cell>* out) {
  // As HBase's RegionScannerImpl with FilterWrapper: FilterRowCells whenever
  // the filter has a row stage, FilterRow only for a row with cells left (so
  // PageFilter counts non-empty rows only).
  if (filter_ != nullptr) {
    if (!FilterOk()) {
      kept_ = 0;
    } else {
      if (filter_->HasFilterRow()) {
        cells_.resize(kept_);
        filter_->FilterRowCells(&cells_);
        kept_ = cells_.size();
      }
      if (kept_ > 0 && filter_->FilterRow()) kept_ = 0;
    }
  }
  if (kept_ == 0) return false;
  out->swap(cells_);
  out->resize(kept_);
  kept_ = 0;
  return true;
}

bool RowMatcher::Done() {
  if (!done_ && filter_ != nullptr && filter_->FilterAllRemaining()) {
    done_ = true;
  }
  return done_;
}

bool RowMatcher::FilterOk() {
  if (!status_.ok()) return false;
  status_ = filter_->status();
  if (status_.ok()) return true;
  done_ = true;
  return false;
}

}  // namespace obkvlite
