// Copyright (c) obkvlite authors.
#include "tools/cli/transfer/cell_line.h"

#include <charconv>

#include "obkvlite/bytes.h"
#include "tools/cli/column_text.h"

namespace obkvlite {
namespace cli {
namespace {

constexpr size_t kFields = 4;

Status FieldCount(size_t got) {
  return Status::InvalidArgument(
      "expected 4 fields (row, family:qualifier, ts, value), got " +
      std::to_string(got));
}

Result<std::optional<int64_t>> ParseTs(const std::string& text) {
  if (text.empty()) return std::optional<int64_t>();
  OBKV_ASSIGN_OR_RETURN(const int64_t ts, ParseTsField(text));
  return std::optional<int64_t>(ts);
}

std::string CsvField(const std::string& text) {
  if (text.find_first_of(",\"") == std::string::npos) return text;
  std::string out = "\"";
  for (char c : text) {
    if (c == '"') out.push_back('"');
    out.push_back(c);
  }
  return out + "\"";
}

}  // namespace

Result<CellFormat> ParseCellFormat(std::string_view name,
                                   std::string_view field) {
  if (name == "tsv") return CellFormat::kTsv;
  if (name == "csv") return CellFormat::kCsv;
  return Status::InvalidArgument(std::string(field) +
                                 ": must be tsv or csv, got '" +
                                 std::string(name) + "'");
}

Result<int64_t> ParseTsField(std::string_view text, std::string_view field) {
  int64_t ts = 0;
  const char* end = text.data() + text.size();
  auto [ptr, ec] = std::from_chars(text.data(), end, ts);
  if (text.empty() || ec != std::errc() || ptr != end || ts < 0) {
    return Status::InvalidArgument(
        std::string(field) + ": must be a non-negative integer (ms), got \"" +
        ToStringBinary(text) + "\"");
  }
  return ts;
}

Result<CellLine> ParseCellFields(const std::vector<std::string>& fields) {
  if (fields.size() != kFields) return FieldCount(fields.size());
  CellLine cell;
  OBKV_ASSIGN_OR_RETURN(cell.row, FromStringBinary(fields[0], "row"));
  OBKV_ASSIGN_OR_RETURN(Column column, ParseColumn(fields[1], "column"));
  cell.family = std::move(column.family);
  cell.qualifier = std::move(column.qualifier);
  OBKV_ASSIGN_OR_RETURN(cell.ts, ParseTs(fields[2]));
  OBKV_ASSIGN_OR_RETURN(cell.value, FromStringBinary(fields[3], "value"));
  return cell;
}

std::string FormatCellLine(const Cell& cell, CellFormat format) {
  const std::string fields[kFields] = {
      ToStringBinary(cell.row),
      cell.family + ":" + ToStringBinary(cell.qualifier),
      std::to_string(cell.timestamp), ToStringBinary(cell.value)};
  std::string out;
  for (size_t i = 0; i < kFields; ++i) {
    if (i > 0) out.push_back(format == CellFormat::kCsv ? ',' : '\t');
    out += format == CellFormat::kCsv ? CsvField(fields[i]) : fields[i];
  }
  return out;
}

}  // namespace cli
}  // namespace obkvlite
