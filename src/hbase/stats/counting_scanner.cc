// Copyright (c) obkvlite authors.
#include "hbase/stats/counting_scanner.h"

#include <utility>

#include "hbase/stats/scan_counter.h"

namespace obkvlite {
namespace {

class CountedScanner final : public Scanner {
 public:
  CountedScanner(std::unique_ptr<ScanCounter> counter,
                 std::unique_ptr<Scanner> inner)
      : counter_(std::move(counter)), inner_(std::move(inner)) {}

  bool NextCell(CellView* out) override {
    if (!inner_->NextCell(out)) {
      counter_->EndCellRow();
      return false;
    }
    counter_->CountCell(*out);
    return true;
  }
  Status status() const override { return inner_->status(); }
  int partitions_opened() const override { return inner_->partitions_opened(); }

 protected:
  bool NextRow(RowResult* out) override {
    counter_->EndCellRow();  // Next after NextCell starts at the next row
    if (!inner_->Next(out)) return false;
    counter_->CountRow(*out);
    return true;
  }

 private:
  const std::unique_ptr<ScanCounter> counter_;
  const std::unique_ptr<Scanner> inner_;
};

}  // namespace

Result<std::unique_ptr<Scanner>> CountingScanner(
    std::shared_ptr<TableCounters> counters, ReadPlan plan, int64_t now_ms,
    const ScanOpener& open) {
  std::unique_ptr<ScanCounter> counter =
      ScanCounter::For(std::move(counters), plan);
  if (counter == nullptr) return open(std::move(plan));
  OBKV_ASSIGN_OR_RETURN(std::unique_ptr<Scanner> scanner,
                        open(std::move(plan)));
  counter->CountRequests(now_ms);
  return std::unique_ptr<Scanner>(
      std::make_unique<CountedScanner>(std::move(counter), std::move(scanner)));
}

}  // namespace obkvlite
