// Copyright (c) obkvlite authors.
#include "server/thrift/thrift_convert.h"

#include <algorithm>


namespace obkvlite {
namespace server {

ColumnName ParseColumnName(std::string_view text) {
  ColumnName c;
  const size_t colon = text.find(':');
  if (colon == std::string_view::npos) {
    c.family = std::string(text);
    c.whole_family = true;
    return c;
  }
  c.family = std::string(text.substr(0, colon));
  c.qualifier = std::string(text.substr(colon + 1));
  c.whole_family = c.qualifier.empty();
  return c;
}

std::string JoinColumnName(std::string_view family,
                           std::string_view qualifier) {
  std::string out;
  out.reserve(family.size() + 1 + qualifier.size());
  out.append(family).push_back(':');
  out.append(qualifier);
  return out;
}

Status CheckFamily(const TableSpec& spec, std::string_view family) {
  if (spec.FindFamily(family) != nullptr) return Status::OK();
  return Status::NotFound("table '" + spec.name + "' has no column family '" +
                          std::string(family) + "'");
}

Status AddProjection(const TableSpec& spec,
                     const std::vector<std::string>& columns,
                     std::vector<std::string>* families,
                     std::vector<Column>* out_columns) {
  for (const std::string& text : columns) {
    ColumnName c = ParseColumnName(text);
    OBKV_RETURN_IF_ERROR(CheckFamily(spec, c.family));
    if (c.whole_family) {
      if (std::find(families->begin(), families->end(), c.family) ==
          families->end()) {
        families->push_back(std::move(c.family));
      }
    } else {
      out_columns->push_back({std::move(c.family), std::move(c.qualifier)});
    }
  }
  return Status::OK();
}

void AppendCells(const std::vector<Cell>& cells,
                 std::vector<gen::TCell>* out) {
  for (const Cell& cell : cells) {
    gen::TCell t;
    t.__set_value(cell.value);
    t.__set_timestamp(cell.timestamp);
    out->push_back(std::move(t));
  }
}

void AppendRowResult(RowResult* row, bool sorted,
                     std::vector<gen::TRowResult>* out) {
  std::vector<Cell>& cells = row->cells;
  if (cells.empty()) return;
  gen::TRowResult r;
  r.__set_row(cells.front().row);
  if (sorted) r.sortedColumns.reserve(cells.size());
  for (size_t i = 0; i < cells.size(); ++i) {
    Cell& cell = cells[i];
    // A row's versions of one column are adjacent, newest first: keep the
    // first (Thrift1's TRowResult holds one cell per column).
    if (i > 0 && cells[i - 1].family == cell.family &&
        cells[i - 1].qualifier == cell.qualifier) {
      continue;
    }
    gen::TCell t;
    t.__set_timestamp(cell.timestamp);
    std::string name = JoinColumnName(cell.family, cell.qualifier);
    if (sorted) {
      gen::TColumn column;
      column.__set_columnName(std::move(name));
      column.cell = std::move(t);
      column.cell.value = std::move(cell.value);
      column.cell.__isset.value = true;
      column.__isset.cell = true;
      r.sortedColumns.push_back(std::move(column));
    } else {
      auto it = r.columns.emplace_hint(r.columns.end(), std::move(name),
                                       std::move(t));
      it->second.value = std::move(cell.value);
      it->second.__isset.value = true;
    }
  }
  if (sorted) {
    r.__isset.sortedColumns = true;
  } else {
    r.__isset.columns = true;
  }
  out->push_back(std::move(r));
}

void ThrowIOError(std::string_view method, const std::string& message) {
  gen::IOError e;
  e.__set_message(std::string(method) + ": " + message);
  e.__set_canRetry(false);
  throw e;
}

void ThrowIllegalArgument(std::string_view method,
                          const std::string& message) {
  gen::IllegalArgument e;
  e.__set_message(std::string(method) + ": " + message);
  throw e;
}

void ThrowStatus(std::string_view method, const Status& status,
                 bool illegal_argument, bool already_exists) {
  if (already_exists && status.IsAlreadyExists()) {
    gen::AlreadyExists e;
    e.__set_message(std::string(method) + ": " + status.message());
    throw e;
  }
  if (illegal_argument && status.IsInvalidArgument()) {
    ThrowIllegalArgument(method, status.message());
  }
  gen::IOError e;
  e.__set_message(std::string(method) + ": " + status.message());
  e.__set_canRetry(status.code() == Status::Code::kBusy ||
                   status.code() == Status::Code::kUnavailable);
  throw e;
}

int64_t DecodeCounter(std::string_view method, const Cell& cell) {
  if (cell.value.size() != 8) {
    ThrowIOError(method, "column '" +
                             JoinColumnName(cell.family, cell.qualifier) +
                             "' is not a long: " +
                             std::to_string(cell.value.size()) +
                             " bytes wide, 8 expected");
  }
  uint64_t v = 0;
  for (unsigned char b : cell.value) v = (v << 8) | b;
  return static_cast<int64_t>(v);
}

}  // namespace server
}  // namespace obkvlite
