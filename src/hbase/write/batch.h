// Copyright (c) obkvlite authors.
//
// Batch: several mutations applied in order in one write transaction; all
// land or none does. Every mutation is validated before the first write;
// errors are prefixed with the failing mutation's position, "ops[i].".
// Runs of consecutive puts are written together, grouped by partition
// table.
//
// Thread safety: ApplyBatch runs on the writer connection inside the
// caller's write transaction.

#ifndef OBKVLITE_HBASE_WRITE_BATCH_H_
#define OBKVLITE_HBASE_WRITE_BATCH_H_

#include <cstdint>
#include <memory>
#include <string_view>
#include <vector>

#include "hbase/table_schema.h"
#include "obkvlite/mutation.h"
#include "obkvlite/status.h"
#include "storage/connection.h"

namespace obkvlite {

// The row `mutation` writes.
std::string_view MutationRow(const Mutation& mutation);

// Validates one mutation (unprefixed messages).
Status ValidateMutation(const TableSchema& schema, const Mutation& mutation,
                        int64_t now_ms);

// Validates all, with "ops[i]." prefixes.
Status ValidateBatch(const TableSchema& schema,
                     const std::vector<Mutation>& mutations, int64_t now_ms);

Result<std::vector<MutationResult>> ApplyBatch(
    storage::Connection* writer,
    const std::shared_ptr<const TableSchema>& schema,
    const std::vector<Mutation>& mutations, int64_t now_ms);

}  // namespace obkvlite

#endif  // OBKVLITE_HBASE_WRITE_BATCH_H_
