// Copyright (c) obkvlite authors.
#include "hbase/context/own_tables.h"

#include <memory>

#include "ddl/store_ddl.h"
#include "hbase/context/store_context.h"

namespace obkvlite {

Result<bool> OwnTableExists(storage::Connection* conn, std::string_view name) {
  OBKV_ASSIGN_OR_RETURN(
      std::unique_ptr<storage::Statement> exists,
      conn->Prepare(StoreTableExistsSql(conn->dialect(), name)));
  OBKV_ASSIGN_OR_RETURN(bool row, exists->Step());
  return row && exists->ColumnInt(0) > 0;
}

Status CreateOwnTableIfMissing(StoreContext* ctx, const char* what,
                               std::string_view name,
                               std::string (*create_sql)(SqlDialect)) {
  return ctx->RunDdlWrite(what, [&](storage::Connection* writer) -> Status {
    OBKV_ASSIGN_OR_RETURN(bool exists, OwnTableExists(writer, name));
    if (exists) return Status::OK();
    return writer->Exec(create_sql(writer->dialect()));
  });
}

}  // namespace obkvlite
