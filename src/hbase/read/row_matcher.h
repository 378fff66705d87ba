// Copyright (c) obkvlite authors.
//
// RowMatcher: the one place where a row's candidate cells meet the filter
// and the versions caps, in HBase's order (UserScanQueryMatcher and
// RegionScannerImpl, with HBASE-17125's "filter before versions"):
//   1. the caller drops cells outside the requested columns, outside the
//      time range or past the TTL (HBase does these before the filter);
//   2. BeginRow: FilterAllRemaining, then FilterRowKey;
//   3. per cell: the family's MaxVersions (only the newest that many of a
//      column exist for the filter), FilterAllRemaining, FilterCell, then
//      the request's max_versions over the cells the filter included (the
//      first included version past it ends the column, as in HBase, so the
//      filter sees it), then TransformCell;
//   4. EndRow: FilterRowCells (if HasFilterRow, even for an empty row), then
//      FilterRow if the row still has cells.
// A filter whose status() turns bad (a regex over its match limit) ends the
// scan at BeginRow or EndRow: the row is dropped and status() has the
// error.
// A filter's NEXT_ROW (and INCLUDE_AND_SEEK_NEXT_ROW) skips the rest of the
// current family only: HBase runs one store scanner per family.
//
// Cells must be offered in read order: family, qualifier ascending,
// timestamp descending. The Next hints are optional: a caller may ignore
// them and keep offering cells; the matcher drops what it has already
// decided to skip.
//
// REQUIRED: `filter` (may be null) outlives the matcher; SetReversed() was
// called on it.
// Thread safety: one matcher per scan, used by one thread.

#ifndef OBKVLITE_HBASE_READ_ROW_MATCHER_H_
#define OBKVLITE_HBASE_READ_ROW_MATCHER_H_

#include <limits>
#include <string>
#include <string_view>
#include <vector>

#include "obkvlite/cell.h"
#include "obkvlite/filter.h"
#include "util/assign_bytes.h"
#include "util/same_bytes.h"

namespace obkvlite {

class RowMatcher {
 public:
  // What the caller may skip after offering a cell.
  // A filter's family-wide skip is reported as kNextColumn (the matcher
  // then drops the family's further cells in this row by itself).
  enum class Next {
    kContinue,    // offer the next cell
    kNextColumn,  // older versions of this column are not needed
    kNextRow,     // nothing more of this row is needed
  };

  // No MaxVersions on the family.
  static constexpr int kNoVersionCap = std::numeric_limits<int>::max();

  explicit RowMatcher(Filter* filter) : filter_(filter) {}

  // Starts a row; false when the filter drops it by key or the scan is over
  // (check Done()): the caller then skips the row's cells and calls neither
  // Offer nor EndRow for it.
  bool BeginRow(std::string_view row);

  // Offers one candidate cell. `max_versions` caps the versions returned
  // per column (the request's, lowered by the family's MaxVersions), counted
  // over the cells the filter includes. `family_max_versions` is the
  // family's MaxVersions: older versions are treated as already purged, so
  // the filter never sees them.
  Next Offer(Cell&& cell, int max_versions,
             int family_max_versions = kNoVersionCap);

  // The same without building a Cell: the caller assigns the candidate's
  // fields into Candidate(), which reuses the strings of earlier rows'
  // cells (no allocation per cell once rows repeat their shape), then calls
  // OfferCandidate. The pointer is valid until the next call of any method.
  Cell* Candidate();
  // Takes `cells` (emptied) as free slots for Candidate(), e.g. the cells
  // of a caller's previous row. REQUIRED: before the first BeginRow.
  void AdoptSlots(std::vector<Cell>* cells);
  Next OfferCandidate(int max_versions,
                      int family_max_versions = kNoVersionCap);

  // OfferCandidate in two steps, for a caller that copies a cell only when
  // it is offered: EnterCandidate enters the cell's column from views
  // (copied as needed) and returns false when the matcher drops the cell
  // unseen (a decided skip of its row, family or column, or a version past
  // the family's MaxVersions); when true, the caller fills Candidate() with
  // that cell and calls OfferEntered.
  bool EnterCandidate(std::string_view family, std::string_view qualifier,
                      int family_max_versions = kNoVersionCap);
  Next OfferEntered(int max_versions);

  // The same for a matcher without a filter, on views (a scanner's
  // zero-copy NextCell): true when the cell is returned. The matcher keeps
  // no cells and gives no hint: a skipped view costs no copy. Without a
  // filter the versions returned are the versions seen, so one cap
  // applies: `max_versions`, the request's lowered by the family's
  // MaxVersions (FamilyRead::max_versions). Families are told apart by
  // their number in the read (`family_index`); inline, as it runs per cell.
  // REQUIRED: constructed with a null filter; BeginRow started the row.
  bool OfferView(int family_index, std::string_view qualifier,
                 int max_versions) {
    if (family_index != view_family_ ||
        !SameBytes(qualifier, view_qualifier_)) {
      view_family_ = family_index;
      AssignBytes(&view_qualifier_, qualifier);
      view_kept_ = 0;
    }
    if (view_kept_ >= max_versions) return false;
    ++view_kept_;
    return true;
  }

  // Finishes the row: returns true and moves its cells into `out` when the
  // row is kept (and not empty). `out`'s previous cells are kept as slots
  // for later candidates.
  bool EndRow(std::vector<Cell>* out);

  // True once the filter has ended the scan (FilterAllRemaining) or failed.
  bool Done();
  // OK, or the filter's error that ended the scan.
  const Status& status() const { return status_; }

 private:
  // False (and the scan done) when the filter has failed.
  bool FilterOk();
  // Enters the cell's column (family and qualifier bookkeeping, the
  // family's MaxVersions); false with the skip in `*skip` when the cell is
  // not offered to the filter.
  bool EnterColumn(std::string_view family, std::string_view qualifier,
                   int family_max_versions, Next* skip);
  // Counts an included version of the column against the request's cap:
  // false (the column ends) when the cap is already reached.
  bool CountVersion(int max_versions);

  Filter* filter_;
  Status status_;
  std::vector<Cell> cells_;  // [0, kept_) kept; the rest are free slots
  size_t kept_ = 0;
  bool done_ = false;      // the scan is over
  bool skip_row_ = false;  // the rest of this row is dropped
  std::string family_;     // current family
  bool have_family_ = false;
  bool skip_family_ = false;
  std::string qualifier_;  // current column within family_
  bool have_column_ = false;
  bool skip_column_ = false;
  int column_seen_ = 0;  // versions offered (family cap)
  int column_kept_ = 0;  // versions included (request cap)
  // OfferView's column: family number (-1: none yet in this row),
  // qualifier, versions returned.
  int view_family_ = -1;
  std::string view_qualifier_;
  int view_kept_ = 0;
};

}  // namespace obkvlite

#endif  // OBKVLITE_HBASE_READ_ROW_MATCHER_H_
