// Copyright (c) obkvlite authors.
//
// Salted range scans, merged: the per-bucket streams of a plan become one
// stream in the order of the unsalted scan, holding one cell per stream.

#include <queue>

#include "obkvlite/rowkey.h"

namespace obkvlite {
namespace {

struct Head {
  Cell cell;
  size_t stream = 0;
};

class SaltedMerger : public CellSource {
 public:
  SaltedMerger(std::vector<SaltedStream> streams, SaltedMergeOptions options)
      : streams_(std::move(streams)),
        options_(options),
        heads_(HeadAfter{this}) {}

  Result<bool> Next(Cell* cell) override {
    if (!primed_) {
      primed_ = true;
      for (size_t i = 0; i < streams_.size(); ++i) {
        OBKV_RETURN_IF_ERROR(Pull(i));
      }
    } else if (refill_ < streams_.size()) {
      const size_t i = refill_;
      refill_ = streams_.size();
      OBKV_RETURN_IF_ERROR(Pull(i));
    }
    if (heads_.empty()) return false;
    Head top = heads_.top();
    heads_.pop();
    refill_ = top.stream;
    *cell = std::move(top.cell);
    if (options_.strip_prefix)
      cell->row.erase(0, PrefixOf(top.stream, cell->row));
    return true;
  }

 private:
  // Orders the priority queue so that top() is the next cell to emit.
  struct HeadAfter {
    const SaltedMerger* merger;
    bool operator()(const Head& a, const Head& b) const {
      return merger->Before(b, a);
    }
  };

  size_t PrefixOf(size_t stream, const std::string& row) const {
    const size_t n = streams_[stream].prefix_length;
    return n < row.size() ? n : row.size();
  }

  // True when `a` comes before `b` in the merged order.
  bool Before(const Head& a, const Head& b) const {
    const std::string_view ra =
        std::string_view(a.cell.row).substr(PrefixOf(a.stream, a.cell.row));
    const std::string_view rb =
        std::string_view(b.cell.row).substr(PrefixOf(b.stream, b.cell.row));
    if (int c = ra.compare(rb); c != 0)
      return options_.reversed ? c > 0 : c < 0;
    if (int c = a.cell.family.compare(b.cell.family); c != 0) return c < 0;
    if (int c = a.cell.qualifier.compare(b.cell.qualifier); c != 0)
      return c < 0;
    if (a.cell.timestamp != b.cell.timestamp) {
      return a.cell.timestamp > b.cell.timestamp;
    }
    return a.stream < b.stream;
  }

  Status Pull(size_t i) {
    Head head;
    head.stream = i;
    OBKV_ASSIGN_OR_RETURN(bool more, streams_[i].source->Next(&head.cell));
    if (more) heads_.push(std::move(head));
    return Status::OK();
  }

  std::vector<SaltedStream> streams_;
  SaltedMergeOptions options_;
  std::priority_queue<Head, std::vector<Head>, HeadAfter> heads_;
  bool primed_ = false;
  size_t refill_ = static_cast<size_t>(-1);
};

}  // namespace

std::unique_ptr<CellSource> MergeSaltedStreams(
    std::vector<SaltedStream> streams, SaltedMergeOptions options) {
  return std::make_unique<SaltedMerger>(std::move(streams), options);
}

}  // namespace obkvlite
