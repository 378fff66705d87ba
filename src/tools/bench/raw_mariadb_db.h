// Copyright (c) obkvlite authors.
//
// RawMariadbDb: the server floors' one connection to the bench's MariaDB
// (--mysql-socket) over Connector/C, and the statements a careful user
// writes on a family's table (the mysql dialect's "t$f", made by the same
// DDL as the store's): prepared statements on the binary protocol, upserts
// of up to 32 rows in one statement, a row read by K, a range read with
// LIMIT, and a counter's newest version read FOR UPDATE. Arm "rawmariadb"
// (raw_mariadb_arm.cc) and the scaling bench's arm of that name use it;
// the timeseries table's columns (K, S, T, V) stand in the normal one's
// places (K, Q, T, V).
//
// Thread safety: a connection per thread; not shareable.

#ifndef OBKVLITE_TOOLS_BENCH_RAW_MARIADB_DB_H_
#define OBKVLITE_TOOLS_BENCH_RAW_MARIADB_DB_H_

#include <mysql.h>

#include <cstdint>
#include <string>
#include <vector>

#include "obkvlite/status.h"
#include "tools/bench/bench_arm.h"

namespace obkvlite {
namespace bench {

// Rows an upsert statement writes at once.
constexpr int kUpsertRows = 32;

class RawMariadbDb {
 public:
  // A fixed buffer per fetched column (the benchmark's values fit).
  struct Column {
    char buffer[2048];
    unsigned long length = 0;
    my_bool is_null = 0;
  };

  RawMariadbDb() = default;
  ~RawMariadbDb();
  RawMariadbDb(const RawMariadbDb&) = delete;
  RawMariadbDb& operator=(const RawMariadbDb&) = delete;

  // Connects to the bench server, `database` selected (made first when
  // `create`). `name` prefixes errors ("rawmariadb: ...").
  Status Connect(const std::string& name, const std::string& database,
                 bool create);
  // Creates the family's table and prepares the statements on it.
  // REQUIRED: Connect succeeded.
  Status CreateTable(bool timeseries);
  Status PrepareStatements(bool timeseries);

  Status Query(const std::string& sql);
  // Whether the last error was a deadlock or a lock wait timeout (its
  // transaction rolled back: a careful user runs it again).
  bool LastErrorWasLockConflict() const {
    return last_errno_ == 1213 || last_errno_ == 1205;
  }

  // Upserts rows (k[i], q[i], v[i], t) in one statement, 1 <= n <=
  // kUpsertRows (each n's statement is prepared on its first use); in the
  // timeseries table `s` stands where q goes. The caller's transaction.
  Status Upsert(int n, const std::string* const* k, const std::string* const* q,
                const std::string* const* v, int64_t t, long long s = 0);
  // The same for any number of rows: kUpsertRows to a statement, the rest
  // in one more (a 10-cell row is one statement).
  Status UpsertAll(const std::vector<const std::string*>& k,
                   const std::vector<const std::string*>& q,
                   const std::vector<const std::string*>& v, int64_t t,
                   long long s = 0);
  // Every cell of `batch` (the normal table), at its time.
  Status UpsertBatch(const RowBatch& batch);
  // Rows of `key` (column values: Q, T, V); each fetched row to `row`.
  template <typename Row>
  Status Get(const std::string& key, Row row) {
    OBKV_RETURN_IF_ERROR(Execute(get_, {&key}, -1));
    return FetchAll(get_, 3, row);
  }
  // Up to `limit` rows from `start` (column values: K, Q, T, V).
  template <typename Row>
  Status Scan(const std::string& start, int64_t limit, Row row) {
    OBKV_RETURN_IF_ERROR(Execute(scan_, {&start}, limit));
    return FetchAll(scan_, 4, row);
  }
  // The newest version of (key, qualifier), locked until the transaction
  // ends: whether it exists, its stored T and V.
  Result<bool> Newest(const std::string& key, const std::string& qualifier,
                      int64_t* t, std::string* v);

 private:
  static void BindBlob(MYSQL_BIND* b, const std::string& s,
                       unsigned long* length);
  Status Prepare(const std::string& sql, MYSQL_STMT** stmt);
  // Binds `blobs` (and `limit` after them when >= 0) and executes.
  Status Execute(MYSQL_STMT* stmt, std::vector<const std::string*> blobs,
                 int64_t limit);
  // Fetches every row of an executed statement, calling `row` (a
  // bool(Column*)) for each until it answers false.
  template <typename Row>
  Status FetchAll(MYSQL_STMT* stmt, int columns, Row row) {
    std::vector<Column> cols(static_cast<size_t>(columns));
    OBKV_RETURN_IF_ERROR(BindResult(stmt, &cols));
    int rc;
    while ((rc = mysql_stmt_fetch(stmt)) == 0 || rc == MYSQL_DATA_TRUNCATED) {
      if (!row(cols.data())) break;
    }
    if (rc == 1) return StmtError(stmt, "fetch");
    mysql_stmt_free_result(stmt);
    return Status::OK();
  }
  Status BindResult(MYSQL_STMT* stmt, std::vector<Column>* cols);
  // The family table's columns: the timeseries table's (K, S, T, V) stand
  // in the normal one's places (K, Q, T, V).
  const char* Columns() const {
    return timeseries_ ? "K, S, T, V" : "K, Q, T, V";
  }
  // The upsert of n rows, prepared on its first use.
  Result<MYSQL_STMT*> UpsertStatement(int n);
  Status Error(const char* what);
  Status StmtError(MYSQL_STMT* stmt, const char* what);

  std::string name_ = "rawmariadb";
  unsigned int last_errno_ = 0;  // of the last error returned
  bool timeseries_ = false;
  MYSQL* mysql_ = nullptr;
  // upserts_[n - 1]: the upsert of n rows, or null before its first use.
  std::vector<MYSQL_STMT*> upserts_ = std::vector<MYSQL_STMT*>(kUpsertRows);
  MYSQL_STMT* get_ = nullptr;
  MYSQL_STMT* scan_ = nullptr;
  MYSQL_STMT* newest_ = nullptr;
};

}  // namespace bench
}  // namespace obkvlite

#endif  // OBKVLITE_TOOLS_BENCH_RAW_MARIADB_DB_H_
