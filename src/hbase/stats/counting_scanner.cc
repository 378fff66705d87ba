// Copyright (c) obkvlite authors.
#include "hbase/stats/counting_scanner.h"

#include <string>
#include <utility>
#include <vector>

#include "hbase/stats/request_counting.h"

namespace obkvlite {
namespace {

class CountedScanner final : public Scanner {
 public:
  CountedScanner(std::shared_ptr<TableCounters> counters,
                 std::shared_ptr<const TableSchema> schema,
                 std::vector<FamilyRead> families, bool batched,
                 std::unique_ptr<Scanner> inner)
      : batched_(batched),
        counters_(std::move(counters)),
        schema_(std::move(schema)),
        families_(std::move(families)),
        inner_(std::move(inner)),
        cell_counter_(counters_.get(), *schema_, families_) {}

  ~CountedScanner() override { EndCellRow(); }

  bool NextCell(CellView* out) override {
    if (!inner_->NextCell(out)) {
      EndCellRow();
      return false;
    }
    // A batched Next's row may go on in NextCell: counted as the same row.
    if (!in_cell_row_ || out->first_in_row) {
      EndCellRow();
      in_cell_row_ = true;
      cell_counter_.BeginRow(out->first_in_row);
    }
    cell_counter_.AddCell(out->row, out->family, out->timestamp);
    return true;
  }
  Status status() const override { return inner_->status(); }
  int partitions_opened() const override { return inner_->partitions_opened(); }

 protected:
  bool NextRow(RowResult* out) override {
    EndCellRow();  // Next after NextCell starts at the next row
    if (!inner_->Next(out)) return false;
    // A scan's batch splits a row into chunks of one row each: one row.
    const bool new_row = !batched_ || !started_ || out->row != last_row_;
    CountRowRead(counters_.get(), *schema_, families_, *out, new_row);
    if (batched_ && new_row) {
      last_row_ = out->row;
      started_ = true;
    }
    return true;
  }

 private:
  // Counts the row NextCell was returning, if any.
  void EndCellRow() {
    if (!in_cell_row_) return;
    cell_counter_.EndRow();
    in_cell_row_ = false;
  }

  const bool batched_;  // the scan has a batch: rows come in chunks
  const std::shared_ptr<TableCounters> counters_;
  const std::shared_ptr<const TableSchema> schema_;  // families_ point here
  const std::vector<FamilyRead> families_;
  const std::unique_ptr<Scanner> inner_;
  std::string last_row_;  // the row of the last chunk returned
  bool started_ = false;
  // NextCell: the row being returned, counted when it ends.
  RowReadCounter cell_counter_;
  bool in_cell_row_ = false;
};

}  // namespace

Result<std::unique_ptr<Scanner>> CountingScanner(
    std::shared_ptr<TableCounters> counters, ReadPlan plan, int64_t now_ms,
    const ScanOpener& open) {
  if (counters == nullptr) return open(std::move(plan));
  std::shared_ptr<const TableSchema> schema = plan.schema;
  std::vector<FamilyRead> families = plan.families;
  const bool batched = plan.batch > 0;
  OBKV_ASSIGN_OR_RETURN(std::unique_ptr<Scanner> scanner,
                        open(std::move(plan)));
  CountReadRequests(counters.get(), *schema, families, now_ms);
  return std::unique_ptr<Scanner>(std::make_unique<CountedScanner>(
      std::move(counters), std::move(schema), std::move(families), batched,
      std::move(scanner)));
}

}  // namespace obkvlite
