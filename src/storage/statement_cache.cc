// Copyright (c) obkvlite authors.
#include "storage/statement_cache.h"

#include "storage/connection.h"

namespace obkvlite {
namespace storage {

Result<Statement*> StatementCache::Get(
    std::string_view table, int kind,
    const std::function<std::string()>& make_sql) {
  if (Statement* cached = Find(table, kind)) return cached;
  OBKV_ASSIGN_OR_RETURN(std::unique_ptr<Statement> stmt,
                        conn_->Prepare(make_sql()));
  auto inserted =
      statements_.emplace(Key{std::string(table), kind}, std::move(stmt));
  return inserted.first->second.get();
}

void StatementCache::EvictPrefix(std::string_view table_prefix) {
  auto it = statements_.lower_bound(KeyView{table_prefix, -1});
  while (it != statements_.end() &&
         std::string_view(it->first.table).substr(0, table_prefix.size()) ==
             table_prefix) {
    it = statements_.erase(it);
  }
}

}  // namespace storage
}  // namespace obkvlite
