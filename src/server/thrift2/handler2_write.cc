// Copyright (c) obkvlite authors.
//
// Thrift2Handler's writes. Every call is checked whole before anything is
// written, and lands whole: putMultiple, deleteMultiple and mutateRow are
// one Table::Batch (HBase applies a putMultiple or deleteMultiple row by
// row; obkvlite's all-or-nothing is stronger). mutateRow applies its puts
// and deletes in their order. The check-and-mutate methods check the
// newest version of family:qualifier: with no value sent, that the cell is
// absent (or empty), else `value op cell` (checkAndPut and checkAndDelete:
// EQUAL).

#include <string>
#include <utility>
#include <variant>
#include <vector>

#include "server/thrift2/thrift2_convert.h"
#include "server/thrift2/thrift2_handler.h"
#include "server/thrift2/wire_enum.h"

namespace obkvlite {
namespace server {
namespace {

CompareOp CompareOpOf(int32_t op) {
  switch (op) {
    case gen2::TCompareOperator::LESS:
      return CompareOp::kLess;
    case gen2::TCompareOperator::LESS_OR_EQUAL:
      return CompareOp::kLessOrEqual;
    case gen2::TCompareOperator::NOT_EQUAL:
      return CompareOp::kNotEqual;
    case gen2::TCompareOperator::GREATER_OR_EQUAL:
      return CompareOp::kGreaterOrEqual;
    case gen2::TCompareOperator::GREATER:
      return CompareOp::kGreater;
    default:
      return CompareOp::kEqual;
  }
}

std::vector<Mutation> AsMutations(std::vector<std::variant<Put, Delete>> in) {
  std::vector<Mutation> out;
  out.reserve(in.size());
  for (auto& m : in) {
    if (Put* put = std::get_if<Put>(&m)) {
      out.emplace_back(std::move(*put));
    } else {
      out.emplace_back(std::move(std::get<Delete>(m)));
    }
  }
  return out;
}

gen2::TResult ResultUnless(bool return_results, RowResult* row) {
  if (!return_results) row->cells.clear();
  return ResultOf(row);
}

}  // namespace

void Thrift2Handler::ApplyBatch(const char* method, Table* table,
                                std::vector<Mutation> mutations) {
  if (mutations.empty()) return;
  Result<std::vector<MutationResult>> done = table->Batch(mutations);
  if (!done.ok()) ThrowStatus2(method, done.status());
}

void Thrift2Handler::put(const Text& table, const gen2::TPut& tput) {
  CheckWritable("put");
  Table* t = OpenTable("put", table);
  Result<Put> put = PutOf(t->spec(), tput, "tput");
  if (!put.ok()) ThrowStatus2("put", Worded("put", t, put.status()));
  Status st = t->Put(*put);
  if (!st.ok()) ThrowStatus2("put", st);
}

void Thrift2Handler::putMultiple(const Text& table,
                                 const std::vector<gen2::TPut>& tputs) {
  CheckWritable("putMultiple");
  Table* t = OpenTable("putMultiple", table);
  std::vector<Mutation> puts;
  puts.reserve(tputs.size());
  for (size_t i = 0; i < tputs.size(); ++i) {
    Result<Put> put =
        PutOf(t->spec(), tputs[i], "tputs[" + std::to_string(i) + "]");
    if (!put.ok())
      ThrowStatus2("putMultiple", Worded("putMultiple", t, put.status()));
    puts.emplace_back(std::move(put).value());
  }
  ApplyBatch("putMultiple", t, std::move(puts));
}

void Thrift2Handler::deleteSingle(const Text& table,
                                  const gen2::TDelete& tdelete) {
  CheckWritable("deleteSingle");
  Table* t = OpenTable("deleteSingle", table);
  std::vector<Delete> deletes;
  Status st = AddDeletes(t->spec(), tdelete, "tdelete", &deletes);
  if (!st.ok()) ThrowStatus2("deleteSingle", Worded("deleteSingle", t, st));
  if (deletes.size() == 1) {
    st = t->Delete(deletes.front());
    if (!st.ok()) ThrowStatus2("deleteSingle", st);
    return;
  }
  ApplyBatch("deleteSingle", t,
             std::vector<Mutation>(std::make_move_iterator(deletes.begin()),
                                   std::make_move_iterator(deletes.end())));
}

void Thrift2Handler::deleteMultiple(
    std::vector<gen2::TDelete>& _return, const Text& table,
    const std::vector<gen2::TDelete>& tdeletes) {
  CheckWritable("deleteMultiple");
  Table* t = OpenTable("deleteMultiple", table);
  std::vector<Delete> deletes;
  for (size_t i = 0; i < tdeletes.size(); ++i) {
    Status st = AddDeletes(t->spec(), tdeletes[i],
                           "tdeletes[" + std::to_string(i) + "]", &deletes);
    if (!st.ok())
      ThrowStatus2("deleteMultiple", Worded("deleteMultiple", t, st));
  }
  ApplyBatch("deleteMultiple", t,
             std::vector<Mutation>(std::make_move_iterator(deletes.begin()),
                                   std::make_move_iterator(deletes.end())));
  _return.clear();  // HBase returns an empty list once all are done
}

void Thrift2Handler::increment(gen2::TResult& _return, const Text& table,
                               const gen2::TIncrement& tincrement) {
  CheckWritable("increment");
  Table* t = OpenTable("increment", table);
  Result<Increment> inc = IncrementOf(t->spec(), tincrement, "tincrement");
  if (!inc.ok())
    ThrowStatus2("increment", Worded("increment", t, inc.status()));
  Result<RowResult> row = t->Increment(*inc);
  if (!row.ok()) ThrowStatus2("increment", row.status());
  _return = ResultUnless(
      !tincrement.__isset.returnResults || tincrement.returnResults, &*row);
}

void Thrift2Handler::append(gen2::TResult& _return, const Text& table,
                            const gen2::TAppend& tappend) {
  CheckWritable("append");
  Table* t = OpenTable("append", table);
  Result<Append> app = AppendOf(t->spec(), tappend, "tappend");
  if (!app.ok()) ThrowStatus2("append", Worded("append", t, app.status()));
  Result<RowResult> row = t->Append(*app);
  if (!row.ok()) ThrowStatus2("append", row.status());
  _return = ResultUnless(
      !tappend.__isset.returnResults || tappend.returnResults, &*row);
}

void Thrift2Handler::mutateRow(const Text& table,
                               const gen2::TRowMutations& trowMutations) {
  CheckWritable("mutateRow");
  Table* t = OpenTable("mutateRow", table);
  CheckCompat("mutateRow", table, "C-01");
  Result<std::vector<std::variant<Put, Delete>>> mutations =
      RowMutationsOf(t->spec(), trowMutations, "trowMutations");
  if (!mutations.ok())
    ThrowStatus2("mutateRow", Worded("mutateRow", t, mutations.status()));
  ApplyBatch("mutateRow", t, AsMutations(std::move(mutations).value()));
}

bool Thrift2Handler::CheckAndMutateRow(
    const char* method, Table* table, const Text& row, const Text& family,
    const Text& qualifier, int32_t op, const Text* value,
    std::vector<std::variant<Put, Delete>> mutations) {
  if (op < gen2::TCompareOperator::LESS ||
      op > gen2::TCompareOperator::GREATER) {
    ThrowIOError2(method,
                  "compareOperator: must be LESS (0) to GREATER (5), "
                  "got " +
                      std::to_string(op) + " (NO_OP compares nothing)");
  }
  CheckAndMutate cam;
  cam.row = row;
  cam.family = family;
  cam.qualifier = qualifier;
  cam.op = CompareOpOf(op);
  if (value != nullptr) {
    cam.value = *value;
  } else if (op != gen2::TCompareOperator::NOT_EQUAL) {
    cam.check_not_exists = true;  // HBase's null value: ifNotExists
  }
  cam.mutations = std::move(mutations);
  Result<bool> applied = table->CheckAndMutate(cam);
  if (!applied.ok()) ThrowStatus2(method, applied.status());
  return *applied;
}

bool Thrift2Handler::CheckAndPutValue(const Text& table, const Text& row,
                                      const Text& family, const Text& qualifier,
                                      const Text* value,
                                      const gen2::TPut& tput) {
  CheckWritable("checkAndPut");
  Table* t = OpenTable("checkAndPut", table);
  Result<Put> put = PutOf(t->spec(), tput, "tput");
  if (!put.ok())
    ThrowStatus2("checkAndPut", Worded("checkAndPut", t, put.status()));
  std::vector<std::variant<Put, Delete>> mutations;
  mutations.emplace_back(std::move(put).value());
  return CheckAndMutateRow("checkAndPut", t, row, family, qualifier,
                           gen2::TCompareOperator::EQUAL, value,
                           std::move(mutations));
}

bool Thrift2Handler::CheckAndDeleteValue(const Text& table, const Text& row,
                                         const Text& family,
                                         const Text& qualifier,
                                         const Text* value,
                                         const gen2::TDelete& tdelete) {
  CheckWritable("checkAndDelete");
  Table* t = OpenTable("checkAndDelete", table);
  std::vector<Delete> deletes;
  Status st = AddDeletes(t->spec(), tdelete, "tdelete", &deletes);
  if (!st.ok()) ThrowStatus2("checkAndDelete", Worded("checkAndDelete", t, st));
  std::vector<std::variant<Put, Delete>> mutations;
  for (Delete& d : deletes) mutations.emplace_back(std::move(d));
  return CheckAndMutateRow("checkAndDelete", t, row, family, qualifier,
                           gen2::TCompareOperator::EQUAL, value,
                           std::move(mutations));
}

bool Thrift2Handler::CheckAndMutateValue(
    const Text& table, const Text& row, const Text& family,
    const Text& qualifier, int32_t op, const Text* value,
    const gen2::TRowMutations& rowMutations) {
  CheckWritable("checkAndMutate");
  Table* t = OpenTable("checkAndMutate", table);
  Result<std::vector<std::variant<Put, Delete>>> mutations =
      RowMutationsOf(t->spec(), rowMutations, "rowMutations");
  if (!mutations.ok())
    ThrowStatus2("checkAndMutate",
                 Worded("checkAndMutate", t, mutations.status()));
  return CheckAndMutateRow("checkAndMutate", t, row, family, qualifier, op,
                           value, std::move(mutations).value());
}

bool Thrift2Handler::checkAndPut(const Text& table, const Text& row,
                                 const Text& family, const Text& qualifier,
                                 const Text& value, const gen2::TPut& tput) {
  return CheckAndPutValue(table, row, family, qualifier, &value, tput);
}

bool Thrift2Handler::checkAndDelete(const Text& table, const Text& row,
                                    const Text& family, const Text& qualifier,
                                    const Text& value,
                                    const gen2::TDelete& tdelete) {
  return CheckAndDeleteValue(table, row, family, qualifier, &value, tdelete);
}

bool Thrift2Handler::checkAndMutate(
    const Text& table, const Text& row, const Text& family,
    const Text& qualifier, gen2::TCompareOperator::type compareOperator,
    const Text& value, const gen2::TRowMutations& rowMutations) {
  return CheckAndMutateValue(table, row, family, qualifier,
                             WireEnum(compareOperator), &value, rowMutations);
}

}  // namespace server
}  // namespace obkvlite
