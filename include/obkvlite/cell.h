// Copyright (c) obkvlite authors.
//
// Cell and RowResult: what gets and scans return.
//
// A Cell is one HBase cell <row, family, qualifier, timestamp, value>; all
// byte strings are raw bytes (any value, including 0x00). A RowResult is
// HBase's Result: the cells of one row (or one `batch` chunk of a row), in
// family, qualifier ascending, timestamp descending order. It is named
// RowResult because Result<T> is obkvlite's error-or-value type. A
// CellView is a Cell as views into memory someone else owns (Scanner's
// zero-copy NextCell says how long they live).
//
// Thread safety: plain values.

#ifndef OBKVLITE_CELL_H_
#define OBKVLITE_CELL_H_

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace obkvlite {

struct Cell {
  std::string row;
  std::string family;
  std::string qualifier;
  int64_t timestamp = 0;  // positive HBase timestamp in ms
  std::string value;

  bool operator==(const Cell& o) const {
    return row == o.row && family == o.family && qualifier == o.qualifier &&
           timestamp == o.timestamp && value == o.value;
  }
  bool operator!=(const Cell& o) const { return !(*this == o); }
};

// A cell whose bytes belong to whoever filled it (Scanner::NextCell: valid
// until that scanner's next call).
struct CellView {
  std::string_view row;
  std::string_view family;
  std::string_view qualifier;
  int64_t timestamp = 0;  // positive HBase timestamp in ms
  std::string_view value;
  // Set on the first cell of each row a scanner returns (Scanner::NextCell),
  // so a reader finds row boundaries without comparing rows.
  bool first_in_row = false;

  // An owning copy.
  Cell ToCell() const {
    return Cell{std::string(row), std::string(family), std::string(qualifier),
                timestamp, std::string(value)};
  }
};

struct RowResult {
  std::string row;          // empty when the get found nothing
  std::vector<Cell> cells;  // ordered as described above

  bool empty() const { return cells.empty(); }
};

}  // namespace obkvlite

#endif  // OBKVLITE_CELL_H_
