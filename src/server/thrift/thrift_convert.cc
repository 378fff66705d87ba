// Copyright (c) obkvlite authors.
#include "server/thrift/thrift_convert.h"

#include "obkvlite/rowkey.h"
#include "server/thrift/call_metrics.h"

namespace obkvlite {
namespace server {

ColumnName ParseColumnName(std::string_view text) {
  const ColumnParts parts = SplitColumnName(text);
  ColumnName c;
  c.family = std::string(parts.family);
  c.qualifier = std::string(parts.qualifier);
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

Status AddProjection(const TableSpec& spec,
                     const std::vector<std::string>& columns,
                     std::vector<std::string>* families,
                     std::vector<Column>* out_columns) {
  for (const std::string& text : columns) {
    OBKV_RETURN_IF_ERROR(
        AddToProjection(spec, ParseColumnName(text), families, out_columns));
  }
  return Status::OK();
}

void AppendCells(const std::vector<Cell>& cells, std::vector<gen::TCell>* out) {
  for (const Cell& cell : cells) {
    gen::TCell t;
    t.__set_value(cell.value);
    t.__set_timestamp(cell.timestamp);
    out->push_back(std::move(t));
  }
}

RowResultBuilder::RowResultBuilder(bool sorted,
                                   std::vector<gen::TRowResult>* out)
    : sorted_(sorted), out_(out) {}

void RowResultBuilder::StartRow(std::string_view row) {
  gen::TRowResult& r = out_->emplace_back();
  r.row.assign(row.data(), row.size());
  r.__isset.row = true;
  if (sorted_) {
    r.__isset.sortedColumns = true;
  } else {
    r.__isset.columns = true;
  }
  has_last_ = false;
}

void RowResultBuilder::AddCell(std::string_view family,
                               std::string_view qualifier, int64_t timestamp,
                               std::string value) {
  // A row's versions of one column are adjacent, newest first: keep the
  // first (Thrift1's TRowResult holds one cell per column).
  if (has_last_ && last_family_ == family && last_qualifier_ == qualifier) {
    return;
  }
  has_last_ = true;
  last_family_.assign(family.data(), family.size());
  last_qualifier_.assign(qualifier.data(), qualifier.size());
  gen::TRowResult& r = out_->back();
  gen::TCell* cell;
  if (sorted_) {
    gen::TColumn& column = r.sortedColumns.emplace_back();
    column.columnName = JoinColumnName(family, qualifier);
    column.__isset.columnName = true;
    column.__isset.cell = true;
    cell = &column.cell;
  } else {
    cell = &r.columns
                .emplace_hint(r.columns.end(),
                              JoinColumnName(family, qualifier), gen::TCell())
                ->second;
  }
  cell->value = std::move(value);
  cell->timestamp = timestamp;
  cell->__isset.value = true;
  cell->__isset.timestamp = true;
}

void AppendRowResult(RowResult* row, bool sorted,
                     std::vector<gen::TRowResult>* out) {
  if (row->cells.empty()) return;
  RowResultBuilder builder(sorted, out);
  builder.StartRow(row->cells.front().row);
  for (Cell& cell : row->cells) {
    builder.AddCell(cell.family, cell.qualifier, cell.timestamp,
                    std::move(cell.value));
  }
}

void ThrowIOError(std::string_view method, const std::string& message) {
  NoteCallFailure(503);
  gen::IOError e;
  e.__set_message(std::string(method) + ": " + message);
  e.__set_canRetry(false);
  throw e;
}

void ThrowIllegalArgument(std::string_view method, const std::string& message) {
  NoteCallFailure(400);
  gen::IllegalArgument e;
  e.__set_message(std::string(method) + ": " + message);
  throw e;
}

void ThrowStatus(std::string_view method, const Status& status,
                 bool illegal_argument, bool already_exists) {
  if (already_exists && status.IsAlreadyExists()) {
    NoteCallFailure(403);
    gen::AlreadyExists e;
    e.__set_message(std::string(method) + ": " + status.message());
    throw e;
  }
  if (illegal_argument && status.IsInvalidArgument()) {
    ThrowIllegalArgument(method, status.message());
  }
  NoteCallFailure(503);
  gen::IOError e;
  e.__set_message(std::string(method) + ": " + status.message());
  e.__set_canRetry(status.code() == Status::Code::kBusy ||
                   status.code() == Status::Code::kUnavailable);
  throw e;
}

int64_t DecodeCounter(std::string_view method, const Cell& cell) {
  if (cell.value.size() != 8) {
    ThrowIOError(method,
                 "column '" + JoinColumnName(cell.family, cell.qualifier) +
                     "' is not a long: " + std::to_string(cell.value.size()) +
                     " bytes wide, 8 expected");
  }
  uint64_t v = 0;
  for (unsigned char b : cell.value) v = (v << 8) | b;
  return static_cast<int64_t>(v);
}

Result<std::optional<int64_t>> CellTtlAttribute(
    const std::map<std::string, std::string>& attributes) {
  static constexpr char kTtl[] = "_ttl";  // Mutation.OP_ATTRIBUTE_TTL
  auto it = attributes.find(kTtl);
  if (it == attributes.end()) return std::optional<int64_t>();
  Result<int64_t> ttl = DecodeBigEndian64(it->second);
  if (!ttl.ok()) {
    return Status::InvalidArgument(
        "attributes[\"_ttl\"]: must be an 8-byte big-endian long, got " +
        std::to_string(it->second.size()) + " bytes");
  }
  if (*ttl == INT64_MAX) return std::optional<int64_t>();
  if (*ttl < 0) {
    return Status::InvalidArgument("attributes[\"_ttl\"]: must be >= 0, got " +
                                   std::to_string(*ttl));
  }
  return std::optional<int64_t>(*ttl);
}

}  // namespace server
}  // namespace obkvlite
