// Copyright (c) obkvlite authors.
#include "tools/cli/transfer/import_columns.h"

#include <optional>
#include <utility>

#include "server/common/column_rules.h"
#include "tools/cli/column_text.h"
#include "tools/cli/transfer/cell_line.h"

namespace obkvlite {
namespace cli {
namespace {

constexpr std::string_view kRowKey = "HBASE_ROW_KEY";
constexpr std::string_view kTsKey = "HBASE_TS_KEY";
constexpr std::string_view kTtlKey = "HBASE_CELL_TTL";

// ImportTsv's special entries that obkvlite cannot honour, and why.
struct Refused {
  std::string_view name;
  std::string_view why;
};
constexpr Refused kRefused[] = {
    {"HBASE_ATTRIBUTES_KEY", "obkvlite puts carry no operation attributes"},
    {"HBASE_CELL_VISIBILITY", "obkvlite has no cell visibility labels"},
};

std::string_view Trim(std::string_view text) {
  constexpr std::string_view kSpace = " \t\r\n\f\v";
  const size_t first = text.find_first_not_of(kSpace);
  if (first == std::string_view::npos) return {};
  return text.substr(first, text.find_last_not_of(kSpace) - first + 1);
}

// Entries are numbered from 1, as fields are.
std::string EntryField(size_t i) {
  return "--columns: entry " + std::to_string(i + 1);
}

Status CountError(std::string_view name, std::string_view rule, int got) {
  return Status::InvalidArgument("--columns: " + std::string(name) +
                                 " must appear " + std::string(rule) +
                                 ", got " + std::to_string(got));
}

}  // namespace

Result<ImportColumns> ImportColumns::Parse(std::string_view spec) {
  ImportColumns columns;
  int rows = 0;
  int timestamps = 0;
  int ttls = 0;
  for (size_t start = 0;;) {
    const size_t comma = spec.find(',', start);
    columns.entries_.emplace_back(Trim(spec.substr(start, comma - start)));
    if (comma == std::string_view::npos) break;
    start = comma + 1;
  }
  for (size_t i = 0; i < columns.entries_.size(); ++i) {
    const std::string& entry = columns.entries_[i];
    if (entry.empty()) {
      return Status::InvalidArgument(EntryField(i) + ": empty entry");
    }
    if (entry == kRowKey) {
      columns.row_field_ = i;
      ++rows;
      continue;
    }
    if (entry == kTsKey) {
      columns.ts_field_ = static_cast<int64_t>(i);
      ++timestamps;
      continue;
    }
    if (entry == kTtlKey) {
      columns.ttl_field_ = static_cast<int64_t>(i);
      ++ttls;
      continue;
    }
    for (const Refused& refused : kRefused) {
      if (entry == refused.name) {
        return Status::InvalidArgument(
            EntryField(i) + ": " + entry +
            " is not supported: " + std::string(refused.why));
      }
    }
    Column column;
    if (!server::SplitColumnName(entry).has_colon) {
      column.family = entry;  // "f": the empty qualifier
    } else {
      OBKV_ASSIGN_OR_RETURN(column, ParseColumn(entry, EntryField(i)));
    }
    for (size_t j = 0; j < columns.cell_columns_.size(); ++j) {
      const Column& seen = columns.cell_columns_[j];
      if (seen.family == column.family && seen.qualifier == column.qualifier) {
        return Status::InvalidArgument(
            EntryField(i) + ": " + entry + " names the same column as entry " +
            std::to_string(columns.cell_fields_[j] + 1));
      }
    }
    columns.cell_fields_.push_back(i);
    columns.cell_columns_.push_back(std::move(column));
  }
  if (rows != 1) return CountError(kRowKey, "exactly once", rows);
  if (timestamps > 1) return CountError(kTsKey, "at most once", timestamps);
  if (ttls > 1) return CountError(kTtlKey, "at most once", ttls);
  if (columns.cell_fields_.empty()) {
    return Status::InvalidArgument(
        "--columns: needs at least one family or family:qualifier besides " +
        std::string(kRowKey) + ", " + std::string(kTsKey) + " and " +
        std::string(kTtlKey));
  }
  return columns;
}

Status ImportColumns::CheckFamilies(Table& table, int64_t now_ms) const {
  // The table's own check of a put of one cell of the column: only its
  // family's verdict counts here (the records' cells are checked later).
  // With HBASE_CELL_TTL, the family's cell_ttl verdict counts too.
  constexpr std::string_view kFamilyField = "cells[0].family: ";
  constexpr std::string_view kTtlField = "ttl_ms: ";
  for (size_t j = 0; j < cell_columns_.size(); ++j) {
    Put probe("row");
    probe.cells.push_back({cell_columns_[j].family, "q", 0, ""});
    if (ttl_field_ >= 0) probe.ttl_ms = 0;
    const Status st = table.ValidatePut(probe, now_ms);
    if (st.message().compare(0, kFamilyField.size(), kFamilyField) == 0) {
      return Status::InvalidArgument(EntryField(cell_fields_[j]) + ": " +
                                     st.message().substr(kFamilyField.size()));
    }
    if (st.message().compare(0, kTtlField.size(), kTtlField) == 0) {
      return Status::InvalidArgument(
          EntryField(static_cast<size_t>(ttl_field_)) + ": " +
          std::string(kTtlKey) + ": " + st.message().substr(kTtlField.size()));
    }
  }
  return Status::OK();
}

Result<Put> ImportColumns::ToPut(std::vector<std::string> fields,
                                 int64_t default_ts) const {
  if (fields.size() != entries_.size()) {
    std::string spec;
    for (const std::string& entry : entries_) {
      spec += (spec.empty() ? "" : ",") + entry;
    }
    return Status::InvalidArgument(
        "expected " + std::to_string(entries_.size()) + " fields (" + spec +
        "), got " + std::to_string(fields.size()));
  }
  int64_t ts = default_ts;
  if (ts_field_ >= 0) {
    OBKV_ASSIGN_OR_RETURN(ts, ParseTsField(fields[ts_field_]));
  }
  std::optional<int64_t> ttl;
  if (ttl_field_ >= 0) {
    OBKV_ASSIGN_OR_RETURN(ttl, ParseTsField(fields[ttl_field_], "ttl"));
  }
  Put put(std::move(fields[row_field_]));
  put.ttl_ms = ttl;
  put.cells.reserve(cell_fields_.size());
  for (size_t j = 0; j < cell_fields_.size(); ++j) {
    put.cells.push_back({cell_columns_[j].family, cell_columns_[j].qualifier,
                         ts, std::move(fields[cell_fields_[j]])});
  }
  return put;
}

std::string ImportColumns::CellName(size_t i) const {
  return "field " + std::to_string(cell_fields_[i] + 1) + " (" +
         entries_[cell_fields_[i]] + ")";
}

}  // namespace cli
}  // namespace obkvlite
