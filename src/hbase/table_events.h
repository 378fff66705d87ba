// Copyright (c) obkvlite authors.
//
// TableEvents: the named up-calls from a store's tables (LiveTable) into
// the store that owns them (StoreImpl), the one way a table reaches its
// store: the auto-split check after a write, and purge's whole-partition
// work before a table's purge. A LiveTable without events (tests) skips
// both.
//
// Thread safety: called from any thread that uses the table; an
// implementation synchronises itself.

#ifndef OBKVLITE_HBASE_TABLE_EVENTS_H_
#define OBKVLITE_HBASE_TABLE_EVENTS_H_

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "obkvlite/status.h"
#include "obkvlite/table.h"

namespace obkvlite {

class TableEvents {
 public:
  // Cells a write added to a row of a family; the views live during the
  // AfterWrite call.
  struct WrittenRow {
    std::string_view family;
    std::string_view row;
    int64_t cells;
  };

  virtual ~TableEvents() = default;

  // After a successful write to `table` when it has an auto-split family,
  // with the table's change lock released (the store may change the
  // table's partitions).
  virtual void AfterWrite(const std::string& table,
                          const std::vector<WrittenRow>& rows) = 0;

  // Before `table`'s own Purge, with no table lock held: the store's roll
  // of time windows and emptying of partitions past TimeToLive, whose
  // counts are added to the purge's.
  virtual Result<PurgeStats> BeforePurge(const std::string& table) = 0;
};

}  // namespace obkvlite

#endif  // OBKVLITE_HBASE_TABLE_EVENTS_H_
