// Copyright (c) obkvlite authors.
//
// RecordReader: splits the input of `obkv load` into records of fields.
// This is the one place where delimited text is split.
//
//   - Delimited (tsv): one record per line, fields separated by one byte
//     (TAB by default), no quoting and no escaping: every byte between two
//     separators belongs to the field. This is ImportTsv's TsvParser.
//   - Quoted (csv, RFC 4180): fields separated by commas; a field that
//     starts with '"' is quoted, "" inside it is one quote, and a quoted
//     field may hold commas and line breaks, so one record may span several
//     lines. A line break inside quotes is kept as written ("\n", or "\r\n"
//     in a CRLF file).
//
// In both, a CR before the LF that ends a record is dropped (CRLF files),
// and empty lines between records are skipped. line() is the line on which
// the last record returned started, so errors name where a record begins.
//
// REQUIRED: `in` outlives the reader. Reads with std::getline, so
// `in.tellg()` after Next() is the offset just past the record.
// Thread safety: one reader per stream; not thread-safe.

#ifndef OBKVLITE_TOOLS_CLI_TRANSFER_RECORD_READER_H_
#define OBKVLITE_TOOLS_CLI_TRANSFER_RECORD_READER_H_

#include <cstdint>
#include <istream>
#include <string>
#include <vector>

#include "obkvlite/status.h"

namespace obkvlite {
namespace cli {

struct RecordSyntax {
  char separator = '\t';
  bool quoted = false;  // RFC 4180 quoting; the separator is then ','

  static RecordSyntax Tsv(char separator = '\t') { return {separator, false}; }
  static RecordSyntax Csv() { return {',', true}; }
};

class RecordReader {
 public:
  RecordReader(std::istream& in, RecordSyntax syntax);

  // Reads the next record into `fields` (replacing its contents). Returns
  // false at the end of the input. Errors (InvalidArgument, the record's
  // line is line()) are malformed quoting, counted from the record's
  // start, with fields numbered from 1:
  //   "field 2: text after the closing quote at offset 7"
  //   "field 4: unterminated quote opened at offset 8"
  // A stream read error is an IOError.
  Result<bool> Next(std::vector<std::string>* fields);

  // The 1-based line on which the last record read started.
  int64_t line() const { return record_line_; }

 private:
  // Splits the unquoted line `text` at the separator.
  void SplitDelimited(const std::string& text,
                      std::vector<std::string>* fields) const;
  // Parses the quoted record whose first line is `text` (`had_cr`: it
  // ended in CRLF), reading more lines while a quote is open.
  Status ParseQuoted(std::string text, bool had_cr,
                     std::vector<std::string>* fields);
  // Reads one line without its LF and without a CR before it; `had_cr`
  // says whether there was one. False at the end of the input.
  bool ReadLine(std::string* text, bool* had_cr);

  std::istream& in_;
  RecordSyntax syntax_;
  int64_t lines_read_ = 0;
  int64_t record_line_ = 0;
};

}  // namespace cli
}  // namespace obkvlite

#endif  // OBKVLITE_TOOLS_CLI_TRANSFER_RECORD_READER_H_
