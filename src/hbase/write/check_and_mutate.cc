// Copyright (c) obkvlite authors.
#include "hbase/write/check_and_mutate.h"

#include <vector>

#include "hbase/limits.h"
#include "hbase/read/get_path.h"
#include "hbase/read/read_plan.h"
#include "hbase/write/delete_ops.h"
#include "hbase/write/write_path.h"
#include "obkvlite/bytes.h"

namespace obkvlite {
namespace {

const std::string& MutationRow(const std::variant<Put, Delete>& m) {
  return std::holds_alternative<Put>(m) ? std::get<Put>(m).row
                                        : std::get<Delete>(m).row;
}

// checkAndMutate's decision on the newest visible cell.
bool CheckPasses(const CheckAndMutate& cam, const RowResult& newest,
                 EmptyCheckValue empty_value) {
  const bool present = !newest.cells.empty();
  // HBase's null check value (ifNotExists): the cell is absent or empty,
  // as OBKV's default path has it too (doc/obkv-compat.md C-71, A-05).
  if (cam.check_not_exists) {
    return !present || newest.cells.front().value.empty();
  }
  if (cam.value.empty() && empty_value == EmptyCheckValue::kNull) {
    if (!present) return cam.op != CompareOp::kNotEqual;
    return newest.cells.front().value.empty() ==
           (cam.op != CompareOp::kNotEqual);
  }
  return present &&
         CompareMatches(cam.op, cam.value, newest.cells.front().value);
}

}  // namespace

bool CompareMatches(CompareOp op, std::string_view operand,
                    std::string_view cell) {
  const int c = operand.compare(cell);
  switch (op) {
    case CompareOp::kLess:
      return c < 0;
    case CompareOp::kLessOrEqual:
      return c <= 0;
    case CompareOp::kEqual:
      return c == 0;
    case CompareOp::kNotEqual:
      return c != 0;
    case CompareOp::kGreaterOrEqual:
      return c >= 0;
    case CompareOp::kGreater:
      return c > 0;
  }
  return false;
}

Status ValidateCheckAndMutate(const TableSchema& schema,
                              const CheckAndMutate& cam, int64_t now_ms) {
  OBKV_RETURN_IF_ERROR(ValidateRow(cam.row, "row"));
  OBKV_RETURN_IF_ERROR(
      FindFamily(schema, cam.family, "condition.family").status());
  OBKV_RETURN_IF_ERROR(ValidateQualifier(cam.qualifier, "condition.qualifier"));
  for (size_t i = 0; i < cam.mutations.size(); ++i) {
    const std::string prefix = "mutations[" + std::to_string(i) + "].";
    const std::string& row = MutationRow(cam.mutations[i]);
    if (row != cam.row) {
      return Status::InvalidArgument(prefix + "row: '" + ToStringBinary(row) +
                                     "' differs from the checked row '" +
                                     ToStringBinary(cam.row) + "'");
    }
    Status st;
    if (const Put* put = std::get_if<Put>(&cam.mutations[i])) {
      std::vector<RoutedCell> ignored;
      st = RoutePut(schema, *put, now_ms, &ignored);
    } else {
      st = ValidateDelete(schema, std::get<Delete>(cam.mutations[i]));
    }
    OBKV_RETURN_IF_ERROR(PrefixStatus(st, prefix));
  }
  return Status::OK();
}

Result<bool> ApplyCheckAndMutate(
    storage::Connection* writer,
    const std::shared_ptr<const TableSchema>& schema, const CheckAndMutate& cam,
    int64_t now_ms, EmptyCheckValue empty_value) {
  const ReadPlan plan =
      PlanNewestCell(schema, cam.row, cam.family, cam.qualifier, now_ms);
  OBKV_ASSIGN_OR_RETURN(RowResult newest, ReadRowInTransaction(writer, plan));
  if (!CheckPasses(cam, newest, empty_value)) return false;
  for (const std::variant<Put, Delete>& m : cam.mutations) {
    if (const Put* put = std::get_if<Put>(&m)) {
      std::vector<RoutedCell> cells;
      OBKV_RETURN_IF_ERROR(RoutePut(*schema, *put, now_ms, &cells));
      OBKV_RETURN_IF_ERROR(WriteCells(writer, &cells));
    } else {
      OBKV_RETURN_IF_ERROR(ApplyDelete(writer, *schema, std::get<Delete>(m)));
    }
  }
  return true;
}

}  // namespace obkvlite
