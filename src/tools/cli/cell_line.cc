// Copyright (c) obkvlite authors.
#include "tools/cli/cell_line.h"

#include <charconv>
#include <vector>

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

// Splits a csv line; a field may be "quoted" with "" for a quote.
Result<std::vector<std::string>> SplitCsv(std::string_view line) {
  std::vector<std::string> fields(1);
  size_t i = 0;
  while (i < line.size()) {
    std::string& field = fields.back();
    if (line[i] == '"' && field.empty()) {
      const size_t open = i++;
      for (;;) {
        if (i >= line.size()) {
          return Status::InvalidArgument(
              "field " + std::to_string(fields.size()) +
              ": unterminated quote opened at offset " + std::to_string(open));
        }
        if (line[i] == '"') {
          if (i + 1 < line.size() && line[i + 1] == '"') {
            field.push_back('"');
            i += 2;
            continue;
          }
          ++i;
          break;
        }
        field.push_back(line[i++]);
      }
      if (i < line.size() && line[i] != ',') {
        return Status::InvalidArgument(
            "field " + std::to_string(fields.size()) +
            ": text after the closing quote at offset " + std::to_string(i));
      }
      continue;
    }
    if (line[i] == ',') {
      fields.emplace_back();
    } else {
      field.push_back(line[i]);
    }
    ++i;
  }
  return fields;
}

std::vector<std::string> SplitTsv(std::string_view line) {
  std::vector<std::string> fields;
  size_t start = 0;
  for (;;) {
    const size_t tab = line.find('\t', start);
    fields.emplace_back(line.substr(start, tab - start));
    if (tab == std::string_view::npos) return fields;
    start = tab + 1;
  }
}

Result<std::optional<int64_t>> ParseTs(const std::string& text) {
  if (text.empty()) return std::optional<int64_t>();
  int64_t ts = 0;
  const char* end = text.data() + text.size();
  auto [ptr, ec] = std::from_chars(text.data(), end, ts);
  if (ec != std::errc() || ptr != end || ts < 0) {
    return Status::InvalidArgument(
        "ts: must be a non-negative integer (ms), got \"" +
        ToStringBinary(text) + "\"");
  }
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

Result<CellLine> ParseCellLine(std::string_view line, CellFormat format) {
  if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
  std::vector<std::string> fields;
  if (format == CellFormat::kCsv) {
    OBKV_ASSIGN_OR_RETURN(fields, SplitCsv(line));
  } else {
    fields = SplitTsv(line);
  }
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
