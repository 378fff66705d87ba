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
#include "hbase/write/write_path.h"
#include "obkvlite/mutation.h"
#include "obkvlite/status.h"
#include "storage/connection.h"

namespace obkvlite {

// The row `mutation` writes.
std::string_view MutationRow(const Mutation& mutation);

// Validates one mutation (unprefixed messages).
Status ValidateMutation(const TableSchema& schema, const Mutation& mutation,
                        int64_t now_ms);

// A batch validated once: the cells of its puts, routed. The cells view
// the mutations, which must outlive it.
struct RoutedBatch {
  // Every put's cells, in the order of the mutations.
  std::vector<RoutedCell> put_cells;
  // Mutation i's cells are put_cells[first_cell[i], first_cell[i + 1])
  // (none unless it is a Put); mutations.size() + 1 entries.
  std::vector<size_t> first_cell;
};

// Validates all, with "ops[i]." prefixes, routing each put's cells once
// (limits and partitions) for ApplyBatch.
Result<RoutedBatch> ValidateBatch(const TableSchema& schema,
                                  const std::vector<Mutation>& mutations,
                                  int64_t now_ms);

// Applies `mutations` in one transaction: in order, or, when they read
// before they write on two or more rows, stably by row (each row's
// mutations in order; two such batches lock their rows in one order). A
// failure names its mutation "ops[i].". REQUIRED: `routed` is
// ValidateBatch's result for the same schema, mutations and now_ms.
Result<std::vector<MutationResult>> ApplyBatch(
    storage::Connection* writer,
    const std::shared_ptr<const TableSchema>& schema,
    const std::vector<Mutation>& mutations, const RoutedBatch& routed,
    int64_t now_ms);

}  // namespace obkvlite

#endif  // OBKVLITE_HBASE_WRITE_BATCH_H_
