// Copyright (c) obkvlite authors.
//
// MysqlConnection: the MySQL-protocol engine's Connection
// (storage/connection.h), one MariaDB Connector/C session on the store's
// database. TCP or the Unix socket of the URI is chosen explicitly, so a
// "localhost" URI never reaches a server's default socket by accident.
// Each session runs with STRICT_ALL_TABLES (an oversize value is an error,
// never truncated) and REPEATABLE READ (a read transaction is one
// snapshot across the pages of a scan).
//
// The URI may list several endpoints (a cluster): a session connects to
// the one that served it last, and when that fails, or its node is a
// Galera node that is not ready (wsrep_ready OFF: outside the primary
// component), to the next in the URI's order. On a Galera node the session
// reads its own writes from any node (wsrep_sync_wait = 1, unless the URI
// sets it). A weak reader (Open's `weak`; obkvlite/read_consistency.h)
// skips that wait (wsrep_sync_wait = 0) and starts at the next endpoint of
// a round robin, so weak reads spread over every listed host; on
// OceanBase it reads followers (ob_read_consistency = 'WEAK'). The URI's
// session.NAME=VALUE parameters are set on every session, after these.
//
// A lost connection, or a node that stopped serving (1047), marks the
// session broken; the next transaction (or Revive) reconnects, and a
// transaction that finds its idle session's server gone reconnects once before
// its first statement, so a restarted server is used again at the next call.
// Errors name the endpoint and never the password.
//
// Thread safety: used by one thread at a time.

#ifndef OBKVLITE_STORAGE_MYSQL_CONNECTION_H_
#define OBKVLITE_STORAGE_MYSQL_CONNECTION_H_

#include <mysql.h>

#include <memory>
#include <string>
#include <string_view>

#include "ddl/sql_quote.h"
#include "obkvlite/status.h"
#include "storage/connection.h"
#include "storage/mysql/mysql_uri.h"

namespace obkvlite {
namespace storage {

class MysqlConnection final : public Connection {
 public:
  // Rows per page of a range read (Connection::page_rows).
  static constexpr int kPageRows = 256;
  // Rows per multi-row upsert: one round trip each (the layout caps it,
  // layout::InsertRowsPerStatement).
  static constexpr int kRowsPerInsert = 32;

  // Connects to the server of `uri`; with `use_database` false no database
  // is selected (to create it first). `weak`: a weak reader (see above).
  static Result<std::unique_ptr<MysqlConnection>> Open(const MysqlUri& uri,
                                                       bool read_only,
                                                       bool use_database,
                                                       bool weak = false);
  ~MysqlConnection() override;

  MYSQL* handle() { return mysql_; }
  // Where this session is (or was last) connected: "host:port" or
  // "socket PATH".
  const std::string& endpoint() const { return endpoint_; }
  // True when the server is a Galera node (wsrep_on).
  bool galera() const { return galera_; }
  // The server's max_allowed_packet in bytes, read when the session opened:
  // the largest request it accepts.
  int64_t max_allowed_packet() const { return max_allowed_packet_; }
  // Status for the session's last error while doing `context`.
  Status Error(std::string_view context);
  // After a lost connection: the next Revive reconnects.
  void MarkBroken() { broken_ = true; }
  Status Revive() override;
  // Test-only (storage/fault_hooks.h): rolls the transaction back on
  // the server and returns the status of a deadlock victim while doing
  // `context`.
  Status InjectDeadlock(std::string_view context);
  // Selects the store's database (after creating it).
  Status UseDatabase();
  // The first column of the first row of `sql` as text.
  Result<std::string> QueryString(std::string_view sql);

  SqlDialect dialect() const override { return SqlDialect::kMysql; }
  int page_rows() const override { return kPageRows; }
  int rows_per_insert() const override { return kRowsPerInsert; }
  int64_t max_request_bytes() const override { return max_allowed_packet_; }
  Result<std::unique_ptr<Statement>> Prepare(std::string_view sql) override;
  Status Exec(std::string_view sql) override;

  Status LockRowForUpdate(std::string_view table,
                          std::string_view row) override;

  Status BeginRead() override;
  Status BeginWrite() override;
  Status Commit() override;
  void Rollback() override;
  bool in_transaction() const override { return in_transaction_; }
  bool broken() const override { return broken_; }
  bool can_fail_over() const override { return uri_.endpoints.size() > 1; }

 protected:
  Status BeginPendingRead() override;

 private:
  MysqlConnection(MysqlUri uri, bool read_only, bool weak);
  // Connects to the first endpoint, from the current one on, that takes
  // the session.
  Status Connect(bool use_database);
  // Connects to endpoint k and sets the session up.
  Status ConnectTo(size_t k, bool use_database);
  Status SetUpSession();
  // Runs `sql`, discarding any result (Exec without the fault injector).
  Status RunQuery(std::string_view sql);
  // The second column of the first row of a SHOW statement; "" when none.
  Result<std::string> ShowValue(std::string_view sql);
  // Starts a transaction with `sql`, reconnecting once if the idle
  // session's server went away.
  Status Begin(const char* sql);
  void Close();

  const MysqlUri uri_;
  const bool weak_;  // a weak reader
  const bool read_only_;
  std::string endpoint_;
  size_t current_ = 0;  // index of endpoint_ in uri_.endpoints
  bool galera_ = false;
  int64_t max_allowed_packet_ = 0;
  MYSQL* mysql_ = nullptr;
  bool broken_ = false;
  bool in_transaction_ = false;
};

}  // namespace storage
}  // namespace obkvlite

#endif  // OBKVLITE_STORAGE_MYSQL_CONNECTION_H_
