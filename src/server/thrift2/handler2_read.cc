// Copyright (c) obkvlite authors.
//
// Thrift2Handler's reads. get returns a TResult without a row for a row
// with no cells; getMultiple returns one TResult per TGet, in order; exists
// is true when the Get would return a cell. A TGet's storeLimit and
// storeOffset (HBase's maxResultsPerColumnFamily and
// rowOffsetPerColumnFamily) count the cells of each family, versions
// included, after the other conditions: the first storeOffset are skipped,
// then at most storeLimit kept (not under the obkv profile, C-17).
// existence_only returns no cells, as HBase's Result of an existence check
// has none.

#include <string>
#include <utility>
#include <vector>

#include "server/thrift2/thrift2_convert.h"
#include "server/thrift2/thrift2_handler.h"

namespace obkvlite {
namespace server {
namespace {

// Keeps, per family, the cells from `offset` on, at most `limit` of them
// (limit < 0: all). A row's cells are grouped by family.
void LimitPerFamily(int32_t limit, int32_t offset, std::vector<Cell>* cells) {
  std::vector<Cell> kept;
  std::string family;
  int32_t seen = 0;
  for (size_t i = 0; i < cells->size(); ++i) {
    Cell& c = (*cells)[i];
    if (i == 0 || c.family != family) {
      family = c.family;
      seen = 0;
    }
    const int32_t at = seen++;
    if (at < offset) continue;
    if (limit >= 0 && at - offset >= limit) continue;
    kept.push_back(std::move(c));
  }
  *cells = std::move(kept);
}

// What `tget` asks of the row read: its per-family limit and offset when
// `limited`, no cells for existence_only.
void ShapeRow(const gen2::TGet& tget, bool limited, RowResult* row) {
  if (limited) {
    LimitPerFamily(tget.__isset.storeLimit ? tget.storeLimit : -1,
                   tget.__isset.storeOffset ? tget.storeOffset : 0,
                   &row->cells);
  }
  if (tget.__isset.existence_only && tget.existence_only) row->cells.clear();
}

}  // namespace

bool Thrift2Handler::StoreLimited(const char* method, const Table* table,
                                  const gen2::TGet& tget) {
  // OBKV's client leaves the per-family limit and offset out of a Get
  // (C-17): the obkv profile returns every cell, as OBKV-HBase does.
  const bool limited = (tget.__isset.storeLimit || tget.__isset.storeOffset) &&
                       store_->compat_profile() != CompatProfile::kObkv;
  if (limited) CheckCompat(method, table->spec().name, "C-17");
  return limited;
}

RowResult Thrift2Handler::GetRow(const char* method, Table* table,
                                 const gen2::TGet& tget,
                                 const std::string& field) {
  Result<Get> get = GetOf(table->spec(), tget, field);
  if (!get.ok()) ThrowStatus2(method, Worded(method, table, get.status()));
  const bool limited = StoreLimited(method, table, tget);
  Result<RowResult> row = table->Get(*get);
  if (!row.ok()) ThrowStatus2(method, row.status());
  ShapeRow(tget, limited, &*row);
  return std::move(row).value();
}

bool Thrift2Handler::exists(const Text& table, const gen2::TGet& tget) {
  Table* t = OpenTable("exists", table);
  Result<Get> get = GetOf(t->spec(), tget, "tget");
  if (!get.ok()) ThrowStatus2("exists", Worded("exists", t, get.status()));
  Result<bool> found = t->Exists(*get);
  if (!found.ok()) ThrowStatus2("exists", found.status());
  return *found;
}

void Thrift2Handler::existsAll(std::vector<bool>& _return, const Text& table,
                               const std::vector<gen2::TGet>& tgets) {
  Table* t = OpenTable("existsAll", table);
  std::vector<Get> gets;
  gets.reserve(tgets.size());
  for (size_t i = 0; i < tgets.size(); ++i) {
    Result<Get> get =
        GetOf(t->spec(), tgets[i], "tgets[" + std::to_string(i) + "]");
    if (!get.ok())
      ThrowStatus2("existsAll", Worded("existsAll", t, get.status()));
    gets.push_back(std::move(get).value());
  }
  for (const Get& get : gets) {
    Result<bool> found = t->Exists(get);
    if (!found.ok()) ThrowStatus2("existsAll", found.status());
    _return.push_back(*found);
  }
}

void Thrift2Handler::get(gen2::TResult& _return, const Text& table,
                         const gen2::TGet& tget) {
  RowResult row = GetRow("get", OpenTable("get", table), tget, "tget");
  _return = ResultOf(&row);
}

void Thrift2Handler::getMultiple(std::vector<gen2::TResult>& _return,
                                 const Text& table,
                                 const std::vector<gen2::TGet>& tgets) {
  Table* t = OpenTable("getMultiple", table);
  // Every TGet is checked before the first read; the rows are read as one
  // Table::MultiGet, HBase's get(List).
  std::vector<Get> gets;
  gets.reserve(tgets.size());
  for (size_t i = 0; i < tgets.size(); ++i) {
    Result<Get> get =
        GetOf(t->spec(), tgets[i], "tgets[" + std::to_string(i) + "]");
    if (!get.ok())
      ThrowStatus2("getMultiple", Worded("getMultiple", t, get.status()));
    gets.push_back(std::move(get).value());
  }
  std::vector<bool> limited;
  limited.reserve(tgets.size());
  for (const gen2::TGet& tget : tgets) {
    limited.push_back(StoreLimited("getMultiple", t, tget));
  }
  Result<std::vector<RowResult>> rows = t->MultiGet(gets);
  if (!rows.ok()) ThrowStatus2("getMultiple", rows.status());
  _return.reserve(rows->size());
  for (size_t i = 0; i < rows->size(); ++i) {
    ShapeRow(tgets[i], limited[i], &(*rows)[i]);
    _return.push_back(ResultOf(&(*rows)[i]));
  }
}

}  // namespace server
}  // namespace obkvlite
