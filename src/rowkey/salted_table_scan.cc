// Copyright (c) obkvlite authors.
//
// Salted range scans over a store table: one Scan per bucket of the plan,
// each restricted to its bucket's prefix, merged back into the order of the
// unsalted scan (seed 004's parallel scans, seed 000's "scan every bucket
// and merge").

#include "obkvlite/rowkey.h"
#include "obkvlite/table.h"

namespace obkvlite {
namespace {

// Stops a stream after `limit` rows.
class RowLimit : public CellSource {
 public:
  RowLimit(std::unique_ptr<CellSource> source, int64_t limit)
      : source_(std::move(source)), limit_(limit) {}

  Result<bool> Next(Cell* cell) override {
    if (done_) return false;
    OBKV_ASSIGN_OR_RETURN(bool more, source_->Next(cell));
    if (!more) return false;
    if (rows_ == 0 || cell->row != last_row_) {
      if (rows_ == limit_) {
        done_ = true;
        return false;
      }
      ++rows_;
      last_row_ = cell->row;
    }
    return true;
  }

 private:
  std::unique_ptr<CellSource> source_;
  int64_t limit_;
  int64_t rows_ = 0;
  std::string last_row_;
  bool done_ = false;
};

// The bucket's Scan: the planned range in HBase terms (reversed scans run
// from the inclusive upper end down), within the bucket's prefix.
Scan BucketScan(const Scan& unsalted, const SaltedScanRange& range) {
  Scan scan = unsalted;
  const std::string hi = range.keys.hi_unbounded ? "" : range.keys.hi;
  scan.start_row = unsalted.reversed ? hi : range.keys.lo;
  scan.stop_row = unsalted.reversed ? range.keys.lo : hi;
  scan.prefix = range.prefix + unsalted.prefix;
  scan.batch = 0;
  return scan;
}

}  // namespace

Result<std::unique_ptr<CellSource>> ScanSalted(Table& table,
                                               const RowkeySpec& spec,
                                               const Scan& unsalted,
                                               bool strip_prefix) {
  const KeyRange keys =
      unsalted.reversed
          ? KeyRange::Reversed(unsalted.start_row, unsalted.stop_row)
          : KeyRange::Forward(unsalted.start_row, unsalted.stop_row);
  OBKV_ASSIGN_OR_RETURN(std::vector<SaltedScanRange> plan,
                        PlanSaltedScan(spec, keys, unsalted.reversed));
  std::vector<SaltedStream> streams;
  streams.reserve(plan.size());
  for (const SaltedScanRange& range : plan) {
    OBKV_ASSIGN_OR_RETURN(std::unique_ptr<Scanner> scanner,
                          table.GetScanner(BucketScan(unsalted, range)));
    streams.push_back(
        {range.prefix.size(), CellSourceOfScanner(std::move(scanner))});
  }
  SaltedMergeOptions options;
  options.reversed = unsalted.reversed;
  options.strip_prefix = strip_prefix;
  std::unique_ptr<CellSource> merged =
      MergeSaltedStreams(std::move(streams), options);
  if (unsalted.limit > 0) {
    return std::unique_ptr<CellSource>(
        std::make_unique<RowLimit>(std::move(merged), unsalted.limit));
  }
  return merged;
}

}  // namespace obkvlite
