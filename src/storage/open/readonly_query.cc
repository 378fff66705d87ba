// Copyright (c) obkvlite authors.
#include "storage/open/readonly_query.h"

#include "storage/mysql/mysql_query.h"
#include "storage/mysql/mysql_uri.h"
#include "storage/sqlite/sqlite_readonly.h"

namespace obkvlite {
namespace storage {

Status RunReadOnlySql(const std::string& location, std::string_view sql,
                      const std::function<Status(const QueryResult&)>& each) {
  if (HasMysqlScheme(location)) {
    OBKV_ASSIGN_OR_RETURN(QueryResult result, RunReadOnlyQuery(location, sql));
    return each(result);
  }
  return RunReadOnlySqlite(location, sql, each);
}

}  // namespace storage
}  // namespace obkvlite
