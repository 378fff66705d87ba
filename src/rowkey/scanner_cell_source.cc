// Copyright (c) obkvlite authors.
//
// A store Scanner as a CellSource: its rows, flattened into cells.

#include "obkvlite/rowkey.h"
#include "obkvlite/scanner.h"

namespace obkvlite {
namespace {

class ScannerCellSource : public CellSource {
 public:
  explicit ScannerCellSource(std::unique_ptr<Scanner> scanner)
      : scanner_(std::move(scanner)) {}

  Result<bool> Next(Cell* cell) override {
    while (next_ >= row_.cells.size()) {
      row_.cells.clear();
      next_ = 0;
      if (!scanner_->Next(&row_)) {
        OBKV_RETURN_IF_ERROR(scanner_->status());
        return false;
      }
    }
    *cell = std::move(row_.cells[next_++]);
    return true;
  }

 private:
  std::unique_ptr<Scanner> scanner_;
  RowResult row_;
  size_t next_ = 0;
};

}  // namespace

std::unique_ptr<CellSource> CellSourceOfScanner(
    std::unique_ptr<Scanner> scanner) {
  return std::make_unique<ScannerCellSource>(std::move(scanner));
}

}  // namespace obkvlite
