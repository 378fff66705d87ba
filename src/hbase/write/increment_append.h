// Copyright (c) obkvlite authors.
//
// Increment and Append (DESIGN §4): read the newest visible version of each
// column (TimeToLive applies; a missing cell counts as 0 or empty), write
// the new cell at ts = max(now, old_ts + 1), and return the new cells in
// family, qualifier order.
//
// Increment needs an 8-byte big-endian long: anything else is an
// InvalidArgument "f:q holds 3 bytes, increment needs an 8-byte big-endian
// long" (data-dependent, so it fails inside the transaction, which rolls
// back). Sums wrap around as Java longs do. An appended value over the
// family's value limit is an InvalidArgument naming columns[i].value.
//
// Thread safety: Apply* run on the writer connection inside the caller's
// write transaction.

#ifndef OBKVLITE_HBASE_WRITE_INCREMENT_APPEND_H_
#define OBKVLITE_HBASE_WRITE_INCREMENT_APPEND_H_

#include <cstdint>
#include <memory>

#include "hbase/table_schema.h"
#include "obkvlite/cell.h"
#include "obkvlite/mutation.h"
#include "obkvlite/status.h"
#include "storage/connection.h"

namespace obkvlite {

Status ValidateIncrement(const TableSchema& schema, const Increment& inc);
Status ValidateAppend(const TableSchema& schema, const Append& app);

Result<RowResult> ApplyIncrement(
    storage::Connection* writer,
    const std::shared_ptr<const TableSchema>& schema, const Increment& inc,
    int64_t now_ms);
Result<RowResult> ApplyAppend(storage::Connection* writer,
                              const std::shared_ptr<const TableSchema>& schema,
                              const Append& app, int64_t now_ms);

// Encodes / decodes an HBase long (8 bytes, big-endian, two's complement).
std::string EncodeLong(int64_t value);
bool DecodeLong(std::string_view bytes, int64_t* value);

}  // namespace obkvlite

#endif  // OBKVLITE_HBASE_WRITE_INCREMENT_APPEND_H_
