// Copyright (c) obkvlite authors.
#include "hbase/counting_scanner.h"

#include <utility>
#include <vector>

#include "hbase/request_counting.h"

namespace obkvlite {
namespace {

class CountedScanner final : public Scanner {
 public:
  CountedScanner(std::shared_ptr<TableCounters> counters,
                 std::shared_ptr<const TableSchema> schema,
                 std::vector<FamilyRead> families,
                 std::unique_ptr<Scanner> inner)
      : counters_(std::move(counters)),
        schema_(std::move(schema)),
        families_(std::move(families)),
        inner_(std::move(inner)) {}

  bool Next(RowResult* out) override {
    if (!inner_->Next(out)) return false;
    CountRowRead(counters_.get(), *schema_, families_, *out);
    return true;
  }
  Status status() const override { return inner_->status(); }
  int partitions_opened() const override {
    return inner_->partitions_opened();
  }

 private:
  const std::shared_ptr<TableCounters> counters_;
  const std::shared_ptr<const TableSchema> schema_;  // families_ point here
  const std::vector<FamilyRead> families_;
  const std::unique_ptr<Scanner> inner_;
};

}  // namespace

Result<std::unique_ptr<Scanner>> CountingScanner(
    std::shared_ptr<TableCounters> counters, ReadPlan plan, int64_t now_ms,
    const ScanOpener& open) {
  if (counters == nullptr) return open(std::move(plan));
  std::shared_ptr<const TableSchema> schema = plan.schema;
  std::vector<FamilyRead> families = plan.families;
  OBKV_ASSIGN_OR_RETURN(std::unique_ptr<Scanner> scanner,
                        open(std::move(plan)));
  CountReadRequests(counters.get(), *schema, families, now_ms);
  return std::unique_ptr<Scanner>(std::make_unique<CountedScanner>(
      std::move(counters), std::move(schema), std::move(families),
      std::move(scanner)));
}

}  // namespace obkvlite
