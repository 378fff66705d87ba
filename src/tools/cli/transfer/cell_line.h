// Copyright (c) obkvlite authors.
//
// The cell-line format of `obkv load` and `obkv export`: one cell per
// record,
//   row <SEP> family:qualifier <SEP> ts <SEP> value
// with SEP a TAB (tsv) or a comma (csv). Row, qualifier and value are in
// Bytes.toStringBinary form (obkvlite/bytes.h), so a TAB, CR or LF inside
// them is \x09, \x0D, \x0A. ts is the HBase timestamp in ms; on load an
// empty ts means "now". Records are split by RecordReader
// (record_reader.h): in csv a field may be double-quoted (RFC 4180, ""
// for a quote, line breaks allowed inside quotes), and export quotes
// fields holding a comma or a quote.
//
// Thread safety: pure functions.

#ifndef OBKVLITE_TOOLS_CLI_TRANSFER_CELL_LINE_H_
#define OBKVLITE_TOOLS_CLI_TRANSFER_CELL_LINE_H_

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "obkvlite/cell.h"
#include "obkvlite/status.h"

namespace obkvlite {
namespace cli {

enum class CellFormat { kTsv, kCsv };

// "tsv" or "csv"; anything else is an InvalidArgument naming `field`.
Result<CellFormat> ParseCellFormat(std::string_view name,
                                   std::string_view field);

// One parsed line; bytes are raw (unescaped).
struct CellLine {
  std::string row;
  std::string family;
  std::string qualifier;
  std::optional<int64_t> ts;  // nullopt: now
  std::string value;
};

// Interprets the fields of one record. Errors are InvalidArgument naming
// the field: "expected 4 fields (row, family:qualifier, ts, value), got 3",
// "ts: must be a non-negative integer (ms), got \"x\"", "row: bad escape at
// offset 2: expected \xHH", "column: must be \"family:qualifier\"...".
Result<CellLine> ParseCellFields(const std::vector<std::string>& fields);

// A timestamp (or cell TTL) field as load reads it: a non-negative integer
// in ms, else "<field>: must be a non-negative integer (ms), got \"<text>\"".
Result<int64_t> ParseTsField(std::string_view text,
                             std::string_view field = "ts");

// The line of a cell, without the newline.
std::string FormatCellLine(const Cell& cell, CellFormat format);

}  // namespace cli
}  // namespace obkvlite

#endif  // OBKVLITE_TOOLS_CLI_TRANSFER_CELL_LINE_H_
