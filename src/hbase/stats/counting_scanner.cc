// Copyright (c) obkvlite authors.
#include "hbase/stats/counting_scanner.h"

#include <utility>

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

std::unique_ptr<Scanner> CountingScanner(std::unique_ptr<ScanCounter> counter,
                                         int64_t now_ms,
                                         std::unique_ptr<Scanner> scanner) {
  if (counter == nullptr) return scanner;
  counter->CountRequests(now_ms);
  return std::make_unique<CountedScanner>(std::move(counter),
                                          std::move(scanner));
}

}  // namespace obkvlite
