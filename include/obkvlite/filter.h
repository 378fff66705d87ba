// Copyright (c) obkvlite authors.
//
// HBase filters, parsed from HBase's filter language (ParseFilter grammar):
//   PrefixFilter('r') AND (ValueFilter(=,'binary:x') OR SKIP KeyOnlyFilter())
// Precedence: parentheses, then SKIP/WHILE, then AND, then OR. A chain of
// one operator is one n-ary list; a parenthesized group stays a nested list.
//
// Lexical rules (as HBase's ParseFilter):
//   - string arguments are quoted with ', and '' inside stands for one '.
//     The bytes between the quotes are taken as they are: the language has
//     no other escape, so '\x00' is the four bytes \ x 0 0, and a binary
//     key is written by putting the raw bytes (any value, 0x00 included)
//     inside the quotes.
//   - compare operators (< <= = != >= >), integers and booleans (true,
//     false, any case) are bare; a quoted '5' or '=' is an error.
//   - comparators are quoted 'type:value' with type binary, binaryprefix,
//     substring (case-insensitive: SubstringMode below), regexstring or
//     regexstringnocase; substring and regex comparators only go with =
//     and != (DependentColumnFilter takes any operator, as HBase's). Regular
//     expressions are Java's (java.util.regex, as HBase's
//     RegexStringComparator: DOTALL, find() on the value decoded as UTF-8),
//     run by PCRE2 under a match limit; Java-only class union [a[b]] and
//     intersection [a&&b] are refused.
//   - AND, OR, SKIP and WHILE are upper-case keywords, and only with spaces
//     or parentheses around them, not tabs; space and tab separate tokens.
//     A line break (CR, LF) reads as a space: HBase refuses it, but its
//     shell's scan help writes a FILTER string over two lines.
//   - arguments are separated by any run of spaces and commas: (1, 2),
//     (1 2) and (1,,2) are alike.
//   - the end of the input closes a '(' left open, as in HBase.
//
// A Filter follows HBase's Filter contract, driven per row by the read path
// through RowMatcher (src/hbase/read/row_matcher.h), in HBase's order: Reset()
// at each row, FilterAllRemaining() and FilterRowKey(), FilterCell() for each
// candidate cell (after projection, TTL and time range, before the versions
// cap: HBASE-17125) and TransformCell() on included cells, then
// FilterRowCells() (when HasFilterRow()) and FilterRow() (when the row still
// has cells). FilterAllRemaining() true ends the scan. A ReturnCode that
// skips "the row" skips the rest of the current family in the row, as
// HBase's per-family store scanners do. A filter whose status() is not OK
// (a regular expression over its match limit) ends the Get or Scan with
// that error at the end of the row; the row is not returned.
//
// REQUIRED: a Filter instance serves one Get or Scan at a time; call
// SetReversed() and NarrowRowRange() before the first row.
// Thread safety: not thread-safe (filters keep per-scan state).

#ifndef OBKVLITE_FILTER_H_
#define OBKVLITE_FILTER_H_

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "obkvlite/cell.h"
#include "obkvlite/compat.h"
#include "obkvlite/status.h"

namespace obkvlite {

struct KeyRange;  // obkvlite/router.h

class Filter {
 public:
  // HBase's Filter.ReturnCode.
  enum class ReturnCode {
    kInclude,                // keep the cell, go on
    kIncludeAndNextCol,      // keep it, skip older versions of the column
    kIncludeAndSeekNextRow,  // keep it, skip the rest of the row (family)
    kSkip,                   // drop the cell, go on
    kNextCol,                // drop it and the column's older versions
    kNextRow,                // drop it and the rest of the row (family)
  };

  virtual ~Filter() = default;

  // Called before each row.
  virtual void Reset() {}
  // True ends the whole scan (PageFilter, InclusiveStopFilter, WHILE).
  virtual bool FilterAllRemaining() { return false; }
  // True drops the whole row before its cells are read.
  virtual bool FilterRowKey(std::string_view row) {
    (void)row;
    return false;
  }
  virtual ReturnCode FilterCell(const Cell& cell) {
    (void)cell;
    return ReturnCode::kInclude;
  }
  // Rewrites an included cell (KeyOnlyFilter).
  virtual void TransformCell(Cell* cell) { (void)cell; }
  // True when FilterRowCells must be called (then FilterRow is called only
  // if cells remain after it).
  virtual bool HasFilterRow() const { return false; }
  // May edit the row's included cells (SingleColumnValueExcludeFilter).
  virtual void FilterRowCells(std::vector<Cell>* cells) { (void)cells; }
  // True drops the row after its cells were seen; called only for a row
  // with cells (PageFilter counts the calls).
  virtual bool FilterRow() { return false; }
  // Scan direction; set once before use.
  virtual void SetReversed(bool reversed) { reversed_ = reversed; }
  // Narrows `range` to the rows this filter can accept (push-down of
  // PrefixFilter, InclusiveStopFilter, RowFilter with a binary or
  // binaryprefix comparator, and AND lists of them). Never widens it, and
  // never changes what the scan returns. Depends on SetReversed(). The
  // result may be empty.
  virtual void NarrowRowRange(KeyRange* range) const { (void)range; }
  // Whether any stage of the filter reads Cell::value (a read that returns
  // no values then reads none from storage). True unless the filter says
  // otherwise, so a filter that does not know stays correct.
  virtual bool ReadsValues() const { return true; }
  // Whether every cell the filter keeps leaves it with an empty value
  // (KeyOnlyFilter): the read then fetches no values, if no stage reads them.
  virtual bool EmptiesValues() const { return false; }
  // The filter in the filter language, canonical form: ParseFilter() of it
  // gives an equivalent filter with the same ToString().
  virtual std::string ToString() const = 0;
  // OK, or the error that keeps this filter from deciding (a regular
  // expression match that reached its limit); sticky once set.
  virtual Status status() const { return Status::OK(); }

 protected:
  bool reversed_ = false;
};

// Parses a filter string. Errors are InvalidArgument with the byte position
// and what was expected, e.g.
//   "filter: position 0: PrefixFilter takes 1 argument, got 2"
//   "filter: position 19: expected AND, OR or ')' to close '(' at position 0,
//    got 'PrefixFilter'"
// Safe for any input bytes (a fuzzer drives it): no exception escapes and
// nesting deeper than 64 levels is an error, not a stack overflow.
Result<std::unique_ptr<Filter>> ParseFilter(std::string_view text);

// How a parsed filter judges cells.
struct FilterOptions {
  // The substring comparator's semantics (doc/obkv-compat.md C-29).
  // kHBase: HBase's SubstringComparator, Java's String.toLowerCase of the
  // UTF-8 value contains that of the pattern. kObkv: OBKV-HBase's, a C
  // string search without case: the value and the pattern end at their
  // first NUL byte, and only ASCII letters fold.
  CompatProfile compat = CompatProfile::kHBase;
};

// The same, with `options`.
Result<std::unique_ptr<Filter>> ParseFilter(std::string_view text,
                                            const FilterOptions& options);

}  // namespace obkvlite

#endif  // OBKVLITE_FILTER_H_
