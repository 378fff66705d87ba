// Copyright (c) obkvlite authors.
//
// MysqlStatement: the MySQL-protocol engine's Statement
// (storage/statement.h), a server-side prepared statement of MariaDB
// Connector/C used with the binary protocol: bytes are bound, never
// escaped into SQL text.
//
// The layouts number parameters ?1, ?2, ... (ddl/sql_quote.h); the
// protocol only knows positional '?'. Prepare rewrites each ?N into '?'
// and remembers which number every position binds, so one number may
// stand in several places (the keyset continuation binds ?6 twice).
//
// A SELECT's result is fetched whole into the client when it is first
// stepped (mysql_stmt_store_result), which frees the connection for the
// next statement at once; the layouts bound what a range read fetches with
// LIMIT (storage::Connection::page_rows), so that stays small.
//
// REQUIRED: bound bytes stay valid until the statement runs (the next
// Advance or Run after binding); the connection outlives the statement.
// Column views are valid until the next Advance or Reset.
// Thread safety: used by the thread that owns its connection.

#ifndef OBKVLITE_STORAGE_MYSQL_STATEMENT_H_
#define OBKVLITE_STORAGE_MYSQL_STATEMENT_H_

#include <mysql.h>

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "obkvlite/status.h"
#include "storage/statement.h"

namespace obkvlite {
namespace storage {

class MysqlConnection;

// `sql` with every ?N replaced by '?', and in `numbers` the N of each
// position in order; '?' inside quotes or backticks is left alone. An
// unnumbered '?' is an InvalidArgument (the layouts always number).
Status NumberedToPositional(std::string_view sql, std::string* out,
                            std::vector<int>* numbers);

class MysqlStatement final : public Statement {
 public:
  static Result<std::unique_ptr<MysqlStatement>> Prepare(MysqlConnection* conn,
                                                         std::string_view sql);
  ~MysqlStatement() override;
  MysqlStatement(const MysqlStatement&) = delete;
  MysqlStatement& operator=(const MysqlStatement&) = delete;

  void BindBlob(int index, std::string_view bytes) override;
  void BindText(int index, std::string_view text) override;
  void BindInt(int index, int64_t value) override;
  void BindNull(int index) override;

  StepCode Advance() override;
  Status error() const override { return error_; }
  bool constraint_violated() const override { return duplicate_key_; }
  int64_t result_rows() const override;
  bool LastResultBlob(int col, std::string* out) override;
  Status Run() override;
  int64_t changes() const override { return changes_; }

  std::string_view ColumnBlob(int col) const override;
  std::string_view ColumnText(int col) const override {
    return ColumnBlob(col);
  }
  int64_t ColumnInt(int col) const override;
  bool ColumnIsNull(int col) const override;

  void Reset() override;

 private:
  struct Param {
    enum Kind { kUnset, kBlob, kText, kInt } kind = kUnset;
    const char* data = nullptr;
    unsigned long length = 0;
    int64_t value = 0;
  };
  struct Column {
    bool integer = false;
    std::vector<char> buffer;  // blob columns
    int64_t value = 0;         // integer columns
    unsigned long length = 0;
    my_bool is_null = 0;
    my_bool error = 0;
  };

  MysqlStatement(MysqlConnection* conn, MYSQL_STMT* stmt, std::string sql,
                 std::vector<int> numbers);
  Param* ParamAt(int index);
  // Binds the parameters and executes; false with error_ set.
  bool Execute();
  // Points the result binds at the column buffers.
  bool BindResult();
  // Sets error_ from the connector's error for `context`.
  void Fail(const char* context);

  MysqlConnection* conn_;
  MYSQL_STMT* stmt_;
  const std::string sql_;
  const std::vector<int> numbers_;  // the ?N of each position
  std::vector<Param> params_;       // by N - 1
  std::vector<MYSQL_BIND> param_binds_;
  std::vector<Column> columns_;
  std::vector<MYSQL_BIND> result_binds_;
  bool executed_ = false;
  uint64_t rows_fetched_ = 0;  // rows of the stored result Advance returned
  bool has_result_ = false;
  bool bad_index_ = false;
  bool duplicate_key_ = false;
  int64_t changes_ = 0;
  Status error_;
};

}  // namespace storage
}  // namespace obkvlite

#endif  // OBKVLITE_STORAGE_MYSQL_STATEMENT_H_
