// Copyright (c) obkvlite authors.
#include "hbase/layout_statements.h"

#include "layout/normal_layout.h"
#include "layout/timeseries_layout.h"

namespace obkvlite {

Result<storage::Statement*> NormalStatement(storage::Connection* conn,
                                            const std::string& table,
                                            int kind) {
  storage::StatementCache* cache = conn->statements();
  if (storage::Statement* cached = cache->Find(table, kind)) return cached;
  return cache->Get(table, kind, [&] {
    return layout::NormalSql(conn->dialect(), kind, table);
  });
}

Result<storage::Statement*> TimeseriesStatement(storage::Connection* conn,
                                                const std::string& table,
                                                int kind) {
  storage::StatementCache* cache = conn->statements();
  if (storage::Statement* cached = cache->Find(table, kind)) return cached;
  return cache->Get(table, kind, [&] {
    return layout::TimeseriesSql(conn->dialect(), kind, table);
  });
}

}  // namespace obkvlite
