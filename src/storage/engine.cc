// Copyright (c) obkvlite authors.
#include "storage/engine.h"

#include "storage/mysql_engine.h"
#include "storage/mysql_uri.h"
#include "storage/sqlite_engine.h"

namespace obkvlite {
namespace storage {

Result<OpenedEngine> OpenEngine(const StoreOptions& options,
                                const std::string& location) {
  if (HasMysqlScheme(location)) {
    OBKV_ASSIGN_OR_RETURN(MysqlUri uri, ParseMysqlUri(location));
    return OpenMysqlEngine(options, uri);
  }
  return OpenSqliteEngine(options, location);
}

}  // namespace storage
}  // namespace obkvlite
