// Copyright (c) obkvlite authors.
//
// StatementCache: the prepared statements of one connection, keyed by
// (partition table, statement kind), prepared on first use and reused.
// The kind is an opaque integer chosen by the layout that writes the SQL.
//
// REQUIRED: the Connection outlives the cache; returned pointers stay valid
// until Evict/Clear or the cache's destruction.
// Thread safety: owned by one connection, used by one thread at a time.

#ifndef OBKVLITE_STORAGE_STATEMENT_CACHE_H_
#define OBKVLITE_STORAGE_STATEMENT_CACHE_H_

#include <functional>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <utility>

#include "obkvlite/status.h"
#include "storage/statement.h"

namespace obkvlite {
namespace storage {

class Connection;

class StatementCache {
 public:
  explicit StatementCache(Connection* conn) : conn_(conn) {}

  // The statement for (table, kind); on a miss prepares make_sql(). The
  // statement is returned reset (ready to bind).
  Result<Statement*> Get(std::string_view table, int kind,
                         const std::function<std::string()>& make_sql);

  // The cached statement for (table, kind), null on a miss (then Get
  // prepares it): the hot path's lookup, without building make_sql.
  Statement* Find(std::string_view table, int kind) const {
    auto it = statements_.find(KeyView{table, kind});
    return it != statements_.end() ? it->second.get() : nullptr;
  }

  // Finalizes the statements of every table whose name starts with
  // `table_prefix` (e.g. "t$" for all relations of HBase table t).
  void EvictPrefix(std::string_view table_prefix);
  void Clear() { statements_.clear(); }
  size_t size() const { return statements_.size(); }

 private:
  struct Key {
    std::string table;
    int kind;
  };
  struct KeyView {
    std::string_view table;
    int kind;
  };
  struct Less {
    using is_transparent = void;
    template <typename A, typename B>
    bool operator()(const A& a, const B& b) const {
      const int c = std::string_view(a.table).compare(b.table);
      return c != 0 ? c < 0 : a.kind < b.kind;
    }
  };

  Connection* conn_;
  std::map<Key, std::unique_ptr<Statement>, Less> statements_;
};

}  // namespace storage
}  // namespace obkvlite

#endif  // OBKVLITE_STORAGE_STATEMENT_CACHE_H_
