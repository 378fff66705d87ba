// Copyright (c) obkvlite authors.
//
// ImportColumns: the column list of HBase's ImportTsv (importtsv.columns),
// as `obkv load --columns` takes it, and the Put it makes of one record.
// The rules follow ImportTsv.java (TsvParser and ImportTsv.run) in
// hbase-mapreduce:
//   - a comma-separated list, each entry trimmed of white space; one entry
//     per field of a record, in order;
//   - HBASE_ROW_KEY exactly once: that field is the row;
//   - HBASE_TS_KEY at most once: that field is the timestamp (ms) of every
//     cell of the record; a blank or non-numeric one is a bad record.
//     Without it every cell gets the one timestamp the load started at
//     (ImportTsv's importtsv.timestamp default, the job's start time);
//   - every other entry is `family:qualifier` or `family` (the empty
//     qualifier, as is `family:`), and at least one is required;
//   - HBASE_CELL_TTL at most once: that field is the cell TTL (ms) of every
//     cell of the record (ImportTsv's Put.setTTL); a blank or non-numeric
//     one is a bad record, and the families need "cell_ttl" (the table's
//     check refuses the first record otherwise);
//   - HBASE_ATTRIBUTES_KEY and HBASE_CELL_VISIBILITY are refused: obkvlite
//     has no operation attributes or visibility labels to honour them with.
// Stricter than ImportTsv, so that a file either loads whole or names its
// first bad record: a record with fewer fields than entries is bad (where
// ImportTsv writes the fields present), and an entry naming the same
// column twice is refused. As everywhere on the obkv command line, a
// qualifier is in Bytes.toStringBinary form (`f:a\x2Cb`); the fields
// themselves are raw bytes, as ImportTsv takes them (no unescaping).
//
// Thread safety: immutable after Parse; const methods are safe from any
// thread.

#ifndef OBKVLITE_TOOLS_CLI_TRANSFER_IMPORT_COLUMNS_H_
#define OBKVLITE_TOOLS_CLI_TRANSFER_IMPORT_COLUMNS_H_

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "obkvlite/mutation.h"
#include "obkvlite/query.h"
#include "obkvlite/status.h"
#include "obkvlite/table.h"

namespace obkvlite {
namespace cli {

class ImportColumns {
 public:
  // Parses "HBASE_ROW_KEY,f:a,f,HBASE_TS_KEY". Errors are InvalidArgument
  // naming the option and, for one entry, its number (from 1, as fields):
  //   "--columns: HBASE_ROW_KEY must appear exactly once, got 0"
  //   "--columns: entry 3: HBASE_CELL_VISIBILITY is not supported: ..."
  static Result<ImportColumns> Parse(std::string_view spec);

  // Every family named exists in the table (Table::ValidatePut), else
  // "--columns: entry 2: unknown family 'z' in table 't'".
  Status CheckFamilies(Table& table, int64_t now_ms) const;

  // The Put of one record's `fields`, one cell per column entry, in order.
  // Errors: "expected 3 fields (HBASE_ROW_KEY,f:a,f:b), got 2" and the
  // timestamp's "ts: must be a non-negative integer (ms), got \"x\"" (and
  // the cell TTL's "ttl: ...").
  Result<Put> ToPut(std::vector<std::string> fields, int64_t default_ts) const;

  // How errors name cell `i` of a Put from ToPut: "field 3 (f:b)".
  std::string CellName(size_t i) const;

 private:
  ImportColumns() = default;

  std::vector<std::string> entries_;  // trimmed, as written
  size_t row_field_ = 0;
  int64_t ts_field_ = -1;             // -1: no HBASE_TS_KEY
  int64_t ttl_field_ = -1;            // -1: no HBASE_CELL_TTL
  std::vector<size_t> cell_fields_;   // field index of each cell
  std::vector<Column> cell_columns_;  // column of each cell
};

}  // namespace cli
}  // namespace obkvlite

#endif  // OBKVLITE_TOOLS_CLI_TRANSFER_IMPORT_COLUMNS_H_
