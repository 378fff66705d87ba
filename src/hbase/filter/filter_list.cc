// Copyright (c) obkvlite authors.
#include "hbase/filter/filter_list.h"

#include <cassert>

#include "hbase/filter/return_codes.h"
#include "hbase/filter/wrapper_filters.h"

namespace obkvlite {
namespace filter {

FilterList::FilterList(Op op, std::vector<std::unique_ptr<Filter>> children)
    : op_(op),
      children_(std::move(children)),
      previous_(children_.size()),
      included_(children_.size(), false) {
  assert(!children_.empty());
}

void FilterList::Reset() {
  for (auto& child : children_) child->Reset();
  for (auto& p : previous_) p.reset();
  included_.assign(children_.size(), false);
}

bool FilterList::FilterAllRemaining() {
  for (auto& child : children_) {
    const bool done = child->FilterAllRemaining();
    if (op_ == Op::kAnd && done) return true;
    if (op_ == Op::kOr && !done) return false;
  }
  return op_ == Op::kOr;
}

bool FilterList::FilterRowKey(std::string_view row) {
  // Every child sees the row key (PrefixFilter and others keep state).
  bool any_drops = false;
  bool all_drop = true;
  for (auto& child : children_) {
    const bool drops = child->FilterAllRemaining() || child->FilterRowKey(row);
    any_drops = any_drops || drops;
    all_drop = all_drop && drops;
  }
  return op_ == Op::kAnd ? any_drops : all_drop;
}

Filter::ReturnCode FilterList::FilterCell(const Cell& cell) {
  return op_ == Op::kAnd ? FilterCellAnd(cell) : FilterCellOr(cell);
}

Filter::ReturnCode FilterList::FilterCellAnd(const Cell& cell) {
  ReturnCode rc = ReturnCode::kInclude;
  for (auto& child : children_) {
    if (child->FilterAllRemaining()) return ReturnCode::kNextRow;
    rc = MergeAnd(rc, child->FilterCell(cell));
    // Later children must not count a cell that is dropped anyway.
    if (!IsInclude(rc)) return rc;
  }
  return rc;
}

std::optional<Filter::ReturnCode> FilterList::Implied(size_t i,
                                                      const Cell& cell) const {
  const std::optional<Previous>& prev = previous_[i];
  if (!prev) return std::nullopt;
  const bool same_family = prev->family == cell.family;
  switch (SkipLevel(prev->code)) {
    case 1:
      if (same_family && prev->qualifier == cell.qualifier) {
        return ReturnCode::kNextCol;
      }
      return std::nullopt;
    case 2:
      if (same_family) return ReturnCode::kNextRow;
      return std::nullopt;
    default:
      return std::nullopt;
  }
}

Filter::ReturnCode FilterList::FilterCellOr(const Cell& cell) {
  std::optional<ReturnCode> rc;
  for (size_t i = 0; i < children_.size(); ++i) {
    included_[i] = false;
    if (children_[i]->FilterAllRemaining()) continue;
    std::optional<ReturnCode> local = Implied(i, cell);
    if (!local) local = children_[i]->FilterCell(cell);
    previous_[i] = Previous{*local, cell.family, cell.qualifier};
    rc = rc ? MergeOr(*rc, *local) : *local;
    included_[i] = IsInclude(*local);
  }
  return rc.value_or(ReturnCode::kSkip);
}

void FilterList::TransformCell(Cell* cell) {
  for (size_t i = 0; i < children_.size(); ++i) {
    if (op_ == Op::kAnd || included_[i]) children_[i]->TransformCell(cell);
  }
}

bool FilterList::ReadsValues() const {
  for (const auto& child : children_) {
    if (child->ReadsValues()) return true;
  }
  return false;
}

bool FilterList::EmptiesValues() const {
  for (const auto& child : children_) {
    if (child->EmptiesValues() == (op_ == Op::kAnd)) return op_ == Op::kAnd;
  }
  return op_ == Op::kOr;
}

bool FilterList::HasFilterRow() const {
  for (const auto& child : children_) {
    if (child->HasFilterRow()) return true;
  }
  return false;
}

void FilterList::FilterRowCells(std::vector<Cell>* cells) {
  for (auto& child : children_) child->FilterRowCells(cells);
}

bool FilterList::FilterRow() {
  for (auto& child : children_) {
    const bool drops = child->FilterRow();
    if (op_ == Op::kAnd && drops) return true;
    if (op_ == Op::kOr && !drops) return false;
  }
  return op_ == Op::kOr;
}

void FilterList::SetReversed(bool reversed) {
  Filter::SetReversed(reversed);
  for (auto& child : children_) child->SetReversed(reversed);
}

void FilterList::NarrowRowRange(KeyRange* range) const {
  if (op_ != Op::kAnd) return;
  for (const auto& child : children_) {
    if (ContainsWhile(*child)) return;
  }
  for (const auto& child : children_) child->NarrowRowRange(range);
}

std::string FilterList::ToString() const {
  std::string out;
  for (size_t i = 0; i < children_.size(); ++i) {
    if (i > 0) out += op_ == Op::kAnd ? " AND " : " OR ";
    const bool list = dynamic_cast<const FilterList*>(children_[i].get());
    out +=
        list ? "(" + children_[i]->ToString() + ")" : children_[i]->ToString();
  }
  return out;
}

Status FilterList::status() const {
  for (const auto& child : children_) {
    Status st = child->status();
    if (!st.ok()) return st;
  }
  return Status::OK();
}

bool ContainsWhile(const Filter& filter) {
  if (dynamic_cast<const WhileMatchFilter*>(&filter) != nullptr) return true;
  if (const auto* skip = dynamic_cast<const SkipFilter*>(&filter)) {
    return ContainsWhile(skip->inner());
  }
  if (const auto* list = dynamic_cast<const FilterList*>(&filter)) {
    for (const auto& child : list->children()) {
      if (ContainsWhile(*child)) return true;
    }
  }
  return false;
}

const Filter& RowLevelPart(const Filter& filter) {
  if (const auto* list = dynamic_cast<const FilterList*>(&filter)) {
    for (const auto& child : list->children()) {
      if (child->HasFilterRow()) return RowLevelPart(*child);
    }
  }
  return filter;
}

}  // namespace filter
}  // namespace obkvlite
