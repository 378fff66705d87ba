// Copyright (c) obkvlite authors.
//
// EmptyQualifierScanner: the scanner of a table-group scan (one naming no
// family, or several; ReadsTableGroup) judged cell by cell for rule C-22
// of doc/obkv-compat.md: OBKV's 2.x client fails such a scan at the first
// cell whose qualifier is empty. At that cell the gate (compat_gate.h)
// decides: under the obkv profile the scan ends there with the refusal as
// its status, as OBKV's ResultScanner throws mid-scan; under the hbase
// profile the scan goes on and one finding is recorded for it. Next and
// NextCell, and their mixing, are the wrapped scanner's.
//
// REQUIRED: `gate` outlives the scanner; `inner` is not null and guarded
// (hbase/guarded_scanner.h, or a scanner that guards itself): this one
// guards only its own judging.
// Thread safety: as the wrapped Scanner (one thread at a time).

#ifndef OBKVLITE_HBASE_TABLE_EMPTY_QUALIFIER_SCANNER_H_
#define OBKVLITE_HBASE_TABLE_EMPTY_QUALIFIER_SCANNER_H_

#include <memory>
#include <string>

#include "hbase/compat/compat_gate.h"
#include "obkvlite/scanner.h"
#include "obkvlite/status.h"

namespace obkvlite {

class EmptyQualifierScanner final : public Scanner {
 public:
  EmptyQualifierScanner(const compat::Gate* gate, std::string table,
                        std::unique_ptr<Scanner> inner)
      : gate_(gate), table_(std::move(table)), inner_(std::move(inner)) {}

  bool NextCell(CellView* out) override;
  Status status() const override;
  int partitions_opened() const override { return inner_->partitions_opened(); }

 protected:
  bool NextRow(RowResult* out) override;

 private:
  // Judges a cell with an empty qualifier: false when the scan must end.
  bool Judge();

  const compat::Gate* const gate_;
  const std::string table_;
  std::unique_ptr<Scanner> inner_;
  bool judged_ = false;  // the first empty qualifier was judged
  Status refused_;       // the obkv profile's refusal, once given
};

}  // namespace obkvlite

#endif  // OBKVLITE_HBASE_TABLE_EMPTY_QUALIFIER_SCANNER_H_
