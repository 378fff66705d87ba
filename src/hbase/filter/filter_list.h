// Copyright (c) obkvlite authors.
//
// FilterList: the AND and OR of the filter language, with HBase's
// FilterListWithAND / FilterListWithOR semantics:
//
// AND  FilterRowKey asks every child (so each sees the row) and drops the
//      row if any drops it; FilterCell asks children in order and stops at
//      the first that does not include the cell (HBASE-20565), merging
//      codes by "farthest skip"; FilterRow is true at the first child that
//      says true (later children, e.g. a PageFilter, are not asked).
//      Narrows the scan range by every child, unless a WHILE is inside
//      (it must see the rows the narrowing would skip).
// OR   drops a row only if every child drops it; FilterCell merges codes by
//      "nearest skip" and does not ask again a child that said NEXT_COL
//      (NEXT_ROW) for a cell of the same column (family) (HBASE-17678,
//      HBASE-18368); a cell is transformed only by children that included
//      it; FilterRow is false at the first child that says false. Does not
//      narrow.
// Both pass SetReversed, Reset and FilterRowCells to every child; a child
// that has ended (FilterAllRemaining) is not asked about cells.
//
// Thread safety: not thread-safe (per-scan state).

#ifndef OBKVLITE_HBASE_FILTER_FILTER_LIST_H_
#define OBKVLITE_HBASE_FILTER_FILTER_LIST_H_

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "obkvlite/filter.h"

namespace obkvlite {
namespace filter {

class FilterList : public Filter {
 public:
  enum class Op { kAnd, kOr };

  // REQUIRED: !children.empty().
  FilterList(Op op, std::vector<std::unique_ptr<Filter>> children);

  Op op() const { return op_; }
  const std::vector<std::unique_ptr<Filter>>& children() const {
    return children_;
  }

  void Reset() override;
  bool FilterAllRemaining() override;
  bool FilterRowKey(std::string_view row) override;
  ReturnCode FilterCell(const Cell& cell) override;
  void TransformCell(Cell* cell) override;
  bool HasFilterRow() const override;
  void FilterRowCells(std::vector<Cell>* cells) override;
  bool FilterRow() override;
  void SetReversed(bool reversed) override;
  void NarrowRowRange(KeyRange* range) const override;
  // Any child reads values.
  bool ReadsValues() const override;
  // AND: any child empties values (every transform applies); OR: every
  // child does (a cell takes the transforms of the children that kept it).
  bool EmptiesValues() const override;
  // "A AND B AND C"; a child that is itself a list is parenthesized.
  std::string ToString() const override;
  // The first child's error, if any.
  Status status() const override;

 private:
  // What an OR child said about the previous cell it was asked about.
  struct Previous {
    ReturnCode code;
    std::string family;
    std::string qualifier;
  };

  ReturnCode FilterCellAnd(const Cell& cell);
  ReturnCode FilterCellOr(const Cell& cell);
  // The code an OR child must give `cell` without being asked, if any.
  std::optional<ReturnCode> Implied(size_t i, const Cell& cell) const;

  Op op_;
  std::vector<std::unique_ptr<Filter>> children_;
  std::vector<std::optional<Previous>> previous_;  // OR only
  std::vector<bool> included_;                     // OR only
};

// True if `filter` is, or contains through lists or SKIP, a WHILE wrapper.
bool ContainsWhile(const Filter& filter);

// What makes `filter` a row-level filter: `filter` itself, or for a list
// its first child with HasFilterRow(), searched through nested lists.
// REQUIRED: filter.HasFilterRow().
const Filter& RowLevelPart(const Filter& filter);

}  // namespace filter
}  // namespace obkvlite

#endif  // OBKVLITE_HBASE_FILTER_FILTER_LIST_H_
