// Copyright (c) obkvlite authors.
//
// Page: which part of a range read's result a layout's SELECT returns. A
// session that must not hold a whole result (a server session,
// storage::Connection::page_rows) reads ranges in pages: the first adds
// "LIMIT ?5"; the pages after it also start after the last primary key
// read, bound to ?6, ?7, ?8 (the keyset continuation, in the read's order).
// Both layouts (normal_layout.h, timeseries_layout.h) write their paged
// statements this way.
//
// Thread safety: a plain enum.

#ifndef OBKVLITE_LAYOUT_PAGE_H_
#define OBKVLITE_LAYOUT_PAGE_H_

namespace obkvlite {
namespace layout {

enum class Page {
  kAll,    // every row: a streaming session
  kFirst,  // LIMIT ?5
  kAfter,  // after (?6, ?7, ?8) in the read's order, LIMIT ?5
};
inline constexpr int kPageCount = 3;

}  // namespace layout
}  // namespace obkvlite

#endif  // OBKVLITE_LAYOUT_PAGE_H_
