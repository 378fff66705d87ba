// Copyright (c) obkvlite authors.
//
// HbaseHandler's writes. A mutateRow* call is one Table::Batch: within a
// row its deletes apply first, then its puts (as HBase's handler does), and
// every row of a mutateRows* call lands or none does. A delete Mutation of
// "family" or "family:" deletes the family; of "family:qualifier", every
// version of the column (up to `timestamp` for the *Ts methods). A put of
// "family" or "family:" writes the empty qualifier.

#include <optional>
#include <string>
#include <utility>
#include <variant>
#include <vector>

#include "server/thrift/hbase_handler.h"
#include "server/thrift/thrift_convert.h"

namespace obkvlite {
namespace server {
namespace {

// The Delete a Thrift column names: the family, or one column's versions
// (up to `timestamp`).
obkvlite::Delete DeleteOf(const std::string& row, const ColumnName& c,
                          std::optional<int64_t> timestamp) {
  obkvlite::Delete del;
  del.row = row;
  del.family = c.family;
  del.timestamp = timestamp;
  if (c.whole_family) {
    del.type = DeleteType::kFamily;
  } else {
    del.type = DeleteType::kColumns;
    del.qualifier = c.qualifier;
  }
  return del;
}

// Where a row's mutations are in the call, for error messages: "row" and
// "mutations[j]", "rowBatches[i].row" and "rowBatches[i].mutations[j]", or
// checkAndPut's "row" and "mput".
struct RowFields {
  std::string row = "row";
  std::string mutations = "mutations";
  bool indexed = true;  // mutations[j] rather than one mput

  std::string Mutation(size_t j) const {
    return indexed ? mutations + "[" + std::to_string(j) + "]" : mutations;
  }
};

// Appends one row's Thrift mutations to `out`: its deletes, then one Put.
// The limits of obkvlite/mutation.h are checked here first, so that the
// errors name the call's own fields; nothing is written on an error.
Status AddRowMutations(const TableSpec& spec, const std::string& row,
                       const std::vector<gen::Mutation>& mutations,
                       std::optional<int64_t> timestamp,
                       std::optional<int64_t> ttl_ms, const RowFields& fields,
                       std::vector<Mutation>* out) {
  OBKV_RETURN_IF_ERROR(CheckRowKey(row, fields.row));
  obkvlite::Put put(row);
  put.ttl_ms = ttl_ms;
  for (size_t j = 0; j < mutations.size(); ++j) {
    const gen::Mutation& m = mutations[j];
    ColumnName c = ParseColumnName(m.column);
    OBKV_RETURN_IF_ERROR(CheckFamily(spec, c.family));
    if (m.isDelete) {
      out->push_back(DeleteOf(row, c, timestamp));
      continue;
    }
    OBKV_RETURN_IF_ERROR(CheckQualifierSize(
        c.qualifier, fields.Mutation(j) + ".column's qualifier"));
    OBKV_RETURN_IF_ERROR(
        CheckValueSize(spec, c.family, m.value, fields.Mutation(j) + ".value"));
    put.cells.push_back(
        {std::move(c.family), std::move(c.qualifier), timestamp, m.value});
  }
  if (!put.cells.empty()) out->push_back(std::move(put));
  return Status::OK();
}

void CheckTimestamp(std::string_view method, std::optional<int64_t> ts) {
  if (ts && *ts < 0) {
    ThrowIllegalArgument(method,
                         "timestamp: must be >= 0, got " + std::to_string(*ts));
  }
}

}  // namespace

void HbaseHandler::MutateRows(std::string_view method, const Text& tableName,
                              const std::vector<gen::BatchMutation>& batches,
                              std::optional<int64_t> timestamp,
                              const Attributes& attributes) {
  CheckWritable(method);
  CheckTimestamp(method, timestamp);
  Result<std::optional<int64_t>> ttl = CellTtlAttribute(attributes);
  if (!ttl.ok()) ThrowStatus(method, ttl.status(), /*illegal_argument=*/true);
  Table* table = OpenTable(method, tableName);
  std::vector<Mutation> mutations;
  const bool one_row = method == "mutateRow" || method == "mutateRowTs";
  for (size_t i = 0; i < batches.size(); ++i) {
    RowFields fields;
    if (!one_row) {
      const std::string batch = "rowBatches[" + std::to_string(i) + "]";
      fields.row = batch + ".row";
      fields.mutations = batch + ".mutations";
    }
    Status st =
        AddRowMutations(table->spec(), batches[i].row, batches[i].mutations,
                        timestamp, *ttl, fields, &mutations);
    if (!st.ok())
      ThrowStatus(method, Worded(tableName, method, st),
                  /*illegal_argument=*/true);
  }
  if (mutations.empty()) return;
  Result<std::vector<MutationResult>> result = table->Batch(mutations);
  if (!result.ok()) ThrowStatus(method, result.status(), true);
}

void HbaseHandler::mutateRow(const Text& tableName, const Text& row,
                             const std::vector<gen::Mutation>& mutations,
                             const Attributes& attributes) {
  gen::BatchMutation b;
  b.row = row;
  b.mutations = mutations;
  MutateRows("mutateRow", tableName, {b}, std::nullopt, attributes);
}

void HbaseHandler::mutateRowTs(const Text& tableName, const Text& row,
                               const std::vector<gen::Mutation>& mutations,
                               int64_t timestamp,
                               const Attributes& attributes) {
  gen::BatchMutation b;
  b.row = row;
  b.mutations = mutations;
  MutateRows("mutateRowTs", tableName, {b}, timestamp, attributes);
}

void HbaseHandler::mutateRows(const Text& tableName,
                              const std::vector<gen::BatchMutation>& rowBatches,
                              const Attributes& attributes) {
  MutateRows("mutateRows", tableName, rowBatches, std::nullopt, attributes);
}

void HbaseHandler::mutateRowsTs(
    const Text& tableName, const std::vector<gen::BatchMutation>& rowBatches,
    int64_t timestamp, const Attributes& attributes) {
  MutateRows("mutateRowsTs", tableName, rowBatches, timestamp, attributes);
}

void HbaseHandler::DeleteCells(std::string_view method, const Text& tableName,
                               const Text& row, const Text* column,
                               std::optional<int64_t> timestamp) {
  CheckWritable(method);
  CheckTimestamp(method, timestamp);
  Table* table = OpenTable(method, tableName);
  obkvlite::Delete del;
  if (column != nullptr) {
    const ColumnName c = ParseColumnName(*column);
    Status st = CheckFamily(table->spec(), c.family);
    if (!st.ok()) ThrowStatus(method, Worded(tableName, method, st));
    del = DeleteOf(row, c, timestamp);
  } else {
    del.row = row;
    del.type = DeleteType::kRow;
    del.timestamp = timestamp;
  }
  Status st = table->Delete(del);
  if (!st.ok()) ThrowStatus(method, st);
}

void HbaseHandler::deleteAll(const Text& tableName, const Text& row,
                             const Text& column, const Attributes&) {
  DeleteCells("deleteAll", tableName, row, &column, std::nullopt);
}

void HbaseHandler::deleteAllTs(const Text& tableName, const Text& row,
                               const Text& column, int64_t timestamp,
                               const Attributes&) {
  DeleteCells("deleteAllTs", tableName, row, &column, timestamp);
}

void HbaseHandler::deleteAllRow(const Text& tableName, const Text& row,
                                const Attributes&) {
  DeleteCells("deleteAllRow", tableName, row, nullptr, std::nullopt);
}

void HbaseHandler::deleteAllRowTs(const Text& tableName, const Text& row,
                                  int64_t timestamp, const Attributes&) {
  DeleteCells("deleteAllRowTs", tableName, row, nullptr, timestamp);
}

int64_t HbaseHandler::Increment(std::string_view method, const Text& tableName,
                                const Text& row, const Text& column,
                                int64_t amount) {
  CheckWritable(method);
  Table* table = OpenTable(method, tableName);
  const ColumnName c = ParseColumnName(column);
  Status st = CheckFamily(table->spec(), c.family);
  if (!st.ok()) ThrowStatus(method, Worded(tableName, method, st));
  obkvlite::Increment inc;
  inc.row = row;
  inc.columns.push_back({c.family, c.qualifier, amount});
  Result<RowResult> result = table->Increment(inc);
  if (!result.ok())
    ThrowStatus(method, result.status(), method == "atomicIncrement");
  if (result->cells.empty()) {
    ThrowIOError(method, "the increment returned no cell");
  }
  return DecodeCounter(method, result->cells.front());
}

int64_t HbaseHandler::atomicIncrement(const Text& tableName, const Text& row,
                                      const Text& column, int64_t value) {
  return Increment("atomicIncrement", tableName, row, column, value);
}

void HbaseHandler::increment(const gen::TIncrement& increment) {
  Increment("increment", increment.table, increment.row, increment.column,
            increment.ammount);
}

void HbaseHandler::incrementRows(
    const std::vector<gen::TIncrement>& increments) {
  for (const gen::TIncrement& inc : increments) {
    Increment("incrementRows", inc.table, inc.row, inc.column, inc.ammount);
  }
}

void HbaseHandler::append(std::vector<gen::TCell>& _return,
                          const gen::TAppend& append) {
  CheckWritable("append");
  Table* table = OpenTable("append", append.table);
  if (append.columns.size() != append.values.size()) {
    ThrowIOError("append", "TAppend: " + std::to_string(append.columns.size()) +
                               " columns but " +
                               std::to_string(append.values.size()) +
                               " values");
  }
  obkvlite::Append app;
  app.row = append.row;
  for (size_t i = 0; i < append.columns.size(); ++i) {
    ColumnName c = ParseColumnName(append.columns[i]);
    Status st = CheckFamily(table->spec(), c.family);
    if (!st.ok()) ThrowStatus("append", Worded(append.table, "append", st));
    app.columns.push_back(
        {std::move(c.family), std::move(c.qualifier), append.values[i]});
  }
  if (app.columns.empty()) return;
  Result<RowResult> result = table->Append(app);
  if (!result.ok()) ThrowStatus("append", result.status());
  AppendCells(result->cells, &_return);
}

bool HbaseHandler::checkAndPut(const Text& tableName, const Text& row,
                               const Text& column, const Text& value,
                               const gen::Mutation& mput,
                               const Attributes& attributes) {
  return CheckAndPut(tableName, row, column, &value, mput, attributes);
}

bool HbaseHandler::CheckAndPut(const Text& tableName, const Text& row,
                               const Text& column, const Text* value,
                               const gen::Mutation& mput,
                               const Attributes& attributes) {
  CheckWritable("checkAndPut");
  Result<std::optional<int64_t>> ttl = CellTtlAttribute(attributes);
  if (!ttl.ok()) ThrowStatus("checkAndPut", ttl.status(), true);
  Table* table = OpenTable("checkAndPut", tableName);
  const ColumnName c = ParseColumnName(column);
  Status st = CheckFamily(table->spec(), c.family);
  if (!st.ok())
    ThrowStatus("checkAndPut", Worded(tableName, "checkAndPut", st));
  if (mput.isDelete) {
    ThrowIllegalArgument("checkAndPut",
                         "mput.isDelete: checkAndPut applies a put");
  }
  CheckAndMutate cam;
  cam.row = row;
  cam.family = c.family;
  cam.qualifier = c.qualifier;
  cam.op = CompareOp::kEqual;
  cam.check_not_exists = value == nullptr;
  if (value != nullptr) cam.value = *value;
  std::vector<Mutation> put;
  RowFields fields;
  fields.mutations = "mput";
  fields.indexed = false;
  st = AddRowMutations(table->spec(), row, {mput}, std::nullopt, *ttl, fields,
                       &put);
  if (!st.ok())
    ThrowStatus("checkAndPut", Worded(tableName, "checkAndPut", st),
                /*illegal_argument=*/true);
  cam.mutations.push_back(std::get<obkvlite::Put>(put.front()));
  Result<bool> done = table->CheckAndMutate(cam);
  if (!done.ok()) ThrowStatus("checkAndPut", done.status(), true);
  return *done;
}

}  // namespace server
}  // namespace obkvlite
