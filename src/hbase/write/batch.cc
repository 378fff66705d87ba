// Copyright (c) obkvlite authors.
#include "hbase/write/batch.h"

#include <algorithm>
#include <optional>
#include <string>

#include "hbase/limits.h"
#include "hbase/write/check_and_mutate.h"
#include "hbase/write/delete_ops.h"
#include "hbase/write/increment_append.h"
#include "hbase/write/write_path.h"

namespace obkvlite {
namespace {

std::string OpPrefix(size_t i) { return "ops[" + std::to_string(i) + "]."; }

bool IsPut(const Mutation& m) { return std::holds_alternative<Put>(m); }

// The order ApplyBatch applies `mutations` in: as given, unless mutations
// other than puts (increments, appends and check-and-mutates read before
// they write; deletes lock what they remove) touch two or more rows. Then
// stably by row, so two
// batches read-and-lock their rows in one order and cannot deadlock each
// other on a server (opposite-order increments rolled back up to every
// retry); mutations of one row keep their order, and those of different
// rows do not see each other.
std::vector<size_t> ApplyOrder(const std::vector<Mutation>& mutations) {
  std::vector<size_t> order(mutations.size());
  for (size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::optional<std::string_view> first_row;
  bool many_rows = false;
  for (const Mutation& m : mutations) {
    if (IsPut(m)) continue;
    const std::string_view row = MutationRow(m);
    if (!first_row) first_row = row;
    many_rows = many_rows || row != *first_row;
  }
  if (!many_rows) return order;
  std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) {
    return MutationRow(mutations[a]) < MutationRow(mutations[b]);
  });
  return order;
}

}  // namespace

std::string_view MutationRow(const Mutation& mutation) {
  return std::visit([](const auto& m) -> std::string_view { return m.row; },
                    mutation);
}

Status ValidateMutation(const TableSchema& schema, const Mutation& mutation,
                        int64_t now_ms) {
  if (const Put* put = std::get_if<Put>(&mutation)) {
    std::vector<RoutedCell> ignored;
    return RoutePut(schema, *put, now_ms, &ignored);
  }
  if (const Delete* del = std::get_if<Delete>(&mutation)) {
    return ValidateDelete(schema, *del);
  }
  if (const Increment* inc = std::get_if<Increment>(&mutation)) {
    return ValidateIncrement(schema, *inc);
  }
  if (const Append* app = std::get_if<Append>(&mutation)) {
    return ValidateAppend(schema, *app);
  }
  return ValidateCheckAndMutate(schema, std::get<CheckAndMutate>(mutation),
                                now_ms);
}

Result<RoutedBatch> ValidateBatch(const TableSchema& schema,
                                  const std::vector<Mutation>& mutations,
                                  int64_t now_ms) {
  RoutedBatch routed;
  routed.first_cell.reserve(mutations.size() + 1);
  for (size_t i = 0; i < mutations.size(); ++i) {
    routed.first_cell.push_back(routed.put_cells.size());
    const Put* put = std::get_if<Put>(&mutations[i]);
    OBKV_RETURN_IF_ERROR(PrefixStatus(
        put != nullptr ? RoutePut(schema, *put, now_ms, &routed.put_cells)
                       : ValidateMutation(schema, mutations[i], now_ms),
        OpPrefix(i)));
  }
  routed.first_cell.push_back(routed.put_cells.size());
  return routed;
}

Result<std::vector<MutationResult>> ApplyBatch(
    storage::Connection* writer,
    const std::shared_ptr<const TableSchema>& schema,
    const std::vector<Mutation>& mutations, const RoutedBatch& routed,
    int64_t now_ms) {
  std::vector<MutationResult> results(mutations.size());
  std::vector<RoutedCell> cells;
  const std::vector<size_t> order = ApplyOrder(mutations);
  size_t k = 0;
  while (k < order.size()) {
    // A run of puts: one grouped write of the cells routed for them.
    const size_t first = k;
    cells.clear();
    for (; k < order.size() && IsPut(mutations[order[k]]); ++k) {
      cells.insert(cells.end(),
                   routed.put_cells.begin() + routed.first_cell[order[k]],
                   routed.put_cells.begin() + routed.first_cell[order[k] + 1]);
    }
    if (k > first) {
      OBKV_RETURN_IF_ERROR(
          PrefixStatus(WriteCells(writer, &cells), OpPrefix(order[first])));
      continue;
    }
    const size_t i = order[k];
    const Mutation& m = mutations[i];
    MutationResult& result = results[i];
    Status st;
    if (const Delete* del = std::get_if<Delete>(&m)) {
      st = ApplyDelete(writer, *schema, *del);
    } else if (const Increment* inc = std::get_if<Increment>(&m)) {
      Result<RowResult> r = ApplyIncrement(writer, schema, *inc, now_ms);
      st = r.status();
      if (r.ok()) result.cells = std::move(r->cells);
    } else if (const Append* app = std::get_if<Append>(&m)) {
      Result<RowResult> r = ApplyAppend(writer, schema, *app, now_ms);
      st = r.status();
      if (r.ok()) result.cells = std::move(r->cells);
    } else {
      // HBase's rule: the obkv profile refuses a CheckAndMutate inside a
      // batch (doc/obkv-compat.md C-04).
      Result<bool> r =
          ApplyCheckAndMutate(writer, schema, std::get<CheckAndMutate>(m),
                              now_ms, EmptyCheckValue::kNull);
      st = r.status();
      if (r.ok()) result.success = *r;
    }
    OBKV_RETURN_IF_ERROR(PrefixStatus(st, OpPrefix(i)));
    ++k;
  }
  return results;
}

}  // namespace obkvlite
