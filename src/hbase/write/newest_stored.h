// Copyright (c) obkvlite authors.
//
// NewestStored: the newest stored version of one column of one row of a
// normal-layout family, expired or not (what a column delete without ts
// removes, and what an index entry mirrors, with its cell TTL), read on the
// writer inside the caller's transaction, locking what it reads on a
// server engine.
//
// Thread safety: on the writer connection's thread.

#ifndef OBKVLITE_HBASE_WRITE_NEWEST_STORED_H_
#define OBKVLITE_HBASE_WRITE_NEWEST_STORED_H_

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "hbase/routed_cell.h"
#include "hbase/table_schema.h"
#include "obkvlite/status.h"
#include "storage/connection.h"

namespace obkvlite {

struct StoredVersion {
  int64_t t = 0;  // the stored (negated) timestamp
  std::string value;
  int64_t ttl_ms = kNoCellTtl;  // its cell TTL (a family with cell_ttl)

  bool operator==(const StoredVersion& o) const {
    return t == o.t && value == o.value && ttl_ms == o.ttl_ms;
  }
};

// nullopt when the row has no version of family:qualifier.
Result<std::optional<StoredVersion>> NewestStored(storage::Connection* conn,
                                                  const FamilyInfo& family,
                                                  std::string_view row,
                                                  std::string_view qualifier);

// The cell TTL of the stored cell (row, family:qualifier, ts), or kNoCellTtl
// when it has none or is not stored. REQUIRED: family.spec.cell_ttl.
Result<int64_t> StoredCellTtl(storage::Connection* conn,
                              const FamilyInfo& family, std::string_view row,
                              std::string_view qualifier, int64_t ts);

}  // namespace obkvlite

#endif  // OBKVLITE_HBASE_WRITE_NEWEST_STORED_H_
