// Copyright (c) obkvlite authors.
//
// CheckAndMutate (DESIGN §4, HBase's checkAndMutate): reads the newest
// visible version of family:qualifier and applies the mutations (puts and
// deletes on the same row, in order) iff the check passes:
//   - check_not_exists: the cell is absent;
//   - otherwise `value op cell` (the operand on the LEFT, as HBase's
//     CompareOperator), bytes compared unsigned. As in HBase, an empty
//     operand means "absent or empty": it passes on an absent cell for
//     every op but !=, and on a present cell iff (cell is empty) == (op is
//     not !=).
//
// Thread safety: ApplyCheckAndMutate runs on the writer connection inside
// the caller's write transaction.

#ifndef OBKVLITE_HBASE_WRITE_CHECK_AND_MUTATE_H_
#define OBKVLITE_HBASE_WRITE_CHECK_AND_MUTATE_H_

#include <cstdint>
#include <memory>

#include "hbase/table_schema.h"
#include "obkvlite/mutation.h"
#include "obkvlite/status.h"
#include "storage/connection.h"

namespace obkvlite {

// Validates the condition ("condition.family", ...) and every mutation
// ("mutations[i]." + the put or delete field), and that each mutation is
// on the checked row.
Status ValidateCheckAndMutate(const TableSchema& schema,
                              const CheckAndMutate& cam, int64_t now_ms);

// How an empty check value (without check_not_exists) is compared.
enum class EmptyCheckValue {
  kNull,   // HBase: as a null value, the cell absent or empty
  kBytes,  // OBKV-HBase (--compat obkv; doc/obkv-compat.md C-14): as the
           // bytes '', against a cell that must exist
};

// True iff the check passed (and the mutations were applied).
Result<bool> ApplyCheckAndMutate(
    storage::Connection* writer,
    const std::shared_ptr<const TableSchema>& schema, const CheckAndMutate& cam,
    int64_t now_ms, EmptyCheckValue empty_value);

// `operand op cell` on unsigned bytes.
bool CompareMatches(CompareOp op, std::string_view operand,
                    std::string_view cell);

}  // namespace obkvlite

#endif  // OBKVLITE_HBASE_WRITE_CHECK_AND_MUTATE_H_
