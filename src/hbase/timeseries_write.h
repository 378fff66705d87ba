// Copyright (c) obkvlite authors.
//
// The write side of the timeseries layout: a Put becomes one document per
// (row, family, ts), V holding every cell of that ts (a later cell with the
// same qualifier in the same put wins). PlanTimeseriesPut validates
// everything first (limits of hbase/limits.h with their messages, UTF-8,
// one family per put, routing); WriteTimeseriesPut then inserts a put's
// documents with one shared S from the store's write clock
// (timeseries_clock.h), and on a primary-key conflict (another process
// took that S) removes what it inserted, takes the next S and retries.
//
// Thread safety: WriteTimeseriesPut runs on the writer connection under
// the store's write mutex.

#ifndef OBKVLITE_HBASE_TIMESERIES_WRITE_H_
#define OBKVLITE_HBASE_TIMESERIES_WRITE_H_

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "hbase/table_schema.h"
#include "obkvlite/mutation.h"
#include "obkvlite/status.h"
#include "storage/connection.h"

namespace obkvlite {

struct TimeseriesDoc {
  const FamilyInfo* family;
  int partition;
  std::string_view row;  // into the Put, which outlives the write
  int64_t ts;
  std::string value;  // the JSON text of V
};

// Validates `put` and fills `docs` (one per distinct ts), cells without a
// timestamp stamped `now_ms`.
Status PlanTimeseriesPut(const TableSchema& schema, const Put& put,
                         int64_t now_ms, std::vector<TimeseriesDoc>* docs);

// Inserts the documents of one put with one S.
Status WriteTimeseriesPut(storage::Connection* writer,
                          const std::string& store_path, int64_t now_ms,
                          const std::vector<TimeseriesDoc>& docs);

}  // namespace obkvlite

#endif  // OBKVLITE_HBASE_TIMESERIES_WRITE_H_
