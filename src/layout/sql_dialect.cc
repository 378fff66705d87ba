// Copyright (c) obkvlite authors.
#include "layout/sql_dialect.h"

#include "obkvlite/ddl.h"

namespace obkvlite {
namespace layout {

std::string QuoteIdentifier(SqlDialect dialect, std::string_view name) {
  return dialect == SqlDialect::kMysql ? QuoteMysqlIdentifier(name)
                                       : QuoteSqlIdentifier(name);
}

std::string QuoteTableName(SqlDialect dialect, std::string_view name) {
  return dialect == SqlDialect::kMysql ? QuoteMysqlTableName(name)
                                       : QuoteSqlIdentifier(name);
}

}  // namespace layout
}  // namespace obkvlite
