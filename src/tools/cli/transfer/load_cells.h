// Copyright (c) obkvlite authors.
//
// The engine of `obkv load`: imports records (record_reader.h) into a
// table, validate-all-then-write. A record is either a cell line
// (cell_line.h: one cell) or, with `columns`, an ImportTsv row
// (import_columns.h: one Put of a cell per column).
//   1. every record is parsed and checked exactly as Table::Put checks it
//      (family, K/Q/V limits, timestamp, partition bounds) without writing;
//      the first bad record stops the load with "<name>:<line>: <field>:
//      <rule>", <line> being the line the record starts on (a csv record
//      may span lines), and the store is unchanged;
//   2. only then are the records written, `batch_size` per transaction.
// Step 2 reads the input again, so the input must be seekable (cmd_load
// spools a pipe to a temporary file first). Step 2 fails only for reasons
// outside the file (disk full, a lock held too long, a concurrent schema
// change); the batches before the failing one stay committed and the error
// says how many cells were loaded. Empty lines between records are
// skipped.
//
// REQUIRED: `table` outlives the call.
// Thread safety: as the Table.

#ifndef OBKVLITE_TOOLS_CLI_TRANSFER_LOAD_CELLS_H_
#define OBKVLITE_TOOLS_CLI_TRANSFER_LOAD_CELLS_H_

#include <cstdint>
#include <iosfwd>
#include <optional>
#include <string>

#include "obkvlite/status.h"
#include "obkvlite/table.h"
#include "tools/cli/transfer/cell_line.h"
#include "tools/cli/transfer/import_columns.h"
#include "tools/cli/transfer/progress.h"

namespace obkvlite {
namespace cli {

struct LoadOptions {
  CellFormat format = CellFormat::kTsv;
  // Set: records are ImportTsv rows of these columns, not cell lines.
  std::optional<ImportColumns> columns;
  // The tsv field separator (ImportTsv's importtsv.separator); csv always
  // separates by commas. REQUIRED: TAB unless `columns` is set.
  char separator = '\t';
  int batch_size = 1000;  // records per transaction, >= 1
  std::string name;       // input name in errors: "data.tsv"
  // The timestamp of ImportTsv rows without HBASE_TS_KEY, and validation's
  // now: the store's clock when the load starts (Store::NowMs).
  int64_t now_ms = 0;
};

// Loads every record of `in` (rewound between the two steps) into `table`
// and returns the number of cells written. `progress` (may be null) sees
// step 2. With `columns`, a family the table lacks fails before step 1.
Result<int64_t> LoadCells(Table& table, std::istream& in,
                          const LoadOptions& options, Progress* progress);

}  // namespace cli
}  // namespace obkvlite

#endif  // OBKVLITE_TOOLS_CLI_TRANSFER_LOAD_CELLS_H_
